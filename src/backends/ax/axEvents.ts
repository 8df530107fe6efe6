/**
 * AX notifications -> BackendEvents. One observer per pid (its run loop source on the host's
 * thread, pumped by the host); app-level notifications on the application element,
 * window-level ones on each window. AX has no children-changed notification: structure
 * notifications mark an element dirty and the dirty set leaves, coalesced, as `invalidated`
 * structure events (the cache re-fetches those subtrees). An app that refuses an observer at
 * first (kAXErrorCannotComplete while it launches) is retried.
 */
import type { BackendEvent, BackendId } from '../backend.js';
import type { TrackedApp } from './axApps.js';
import { AX_ERROR, isAxError, type AxObserverRef, type AxRef } from './axSurface.js';
import { DESKTOP_ID } from './axTable.js';
import { readProps, type TreeContext } from './axTree.js';

/** On the application element (kAX*Notification strings of AXNotificationConstants.h). */
export const APP_NOTIFICATIONS = [
  'AXWindowCreated',
  'AXFocusedWindowChanged',
  'AXMainWindowChanged',
  'AXFocusedUIElementChanged',
  'AXCreated',
  'AXUIElementDestroyed',
  'AXValueChanged',
  'AXTitleChanged',
  'AXSelectedChildrenChanged',
  'AXSelectedRowsChanged',
  'AXSelectedTextChanged',
  'AXRowCountChanged',
  'AXRowExpanded',
  'AXRowCollapsed',
  'AXLayoutChanged',
  'AXMenuOpened',
  'AXMenuClosed',
  'AXSheetCreated',
] as const;

/** On each window element. */
export const WINDOW_NOTIFICATIONS = [
  'AXWindowMoved',
  'AXWindowResized',
  'AXWindowMiniaturized',
  'AXWindowDeminiaturized',
] as const;

/** Notifications that only say "something below here changed". */
const STRUCTURE = new Set([
  'AXSelectedChildrenChanged',
  'AXSelectedRowsChanged',
  'AXRowCountChanged',
  'AXRowExpanded',
  'AXRowCollapsed',
  'AXLayoutChanged',
  'AXMenuOpened',
  'AXMenuClosed',
  'AXSheetCreated',
  'AXCreated',
]);

/** Notifications answered by re-reading the element's own properties. */
const PROPERTY = new Set([
  'AXValueChanged',
  'AXTitleChanged',
  'AXSelectedTextChanged',
  ...WINDOW_NOTIFICATIONS,
]);

export interface ObserverOptions {
  /** Tries to create an app's observer before giving up on its events. */
  maxAttempts: number;
  retryMs: number;
  schedule(fn: () => void, ms: number): void;
}

interface Watched {
  observer: AxObserverRef | null;
  app: TrackedApp;
  attempts: number;
  windows: Set<BackendId>;
}

export class AxEvents {
  private readonly watched = new Map<number, Watched>();
  private readonly dirty = new Set<BackendId>();
  /** Callbacks seen, for diagnostics. */
  callbacks = 0;

  constructor(
    private readonly ctx: TreeContext,
    private readonly push: (event: BackendEvent) => void,
    private readonly options: ObserverOptions,
    private readonly log: (message: string) => void,
  ) {}

  get observedPids(): number[] {
    return [...this.watched].filter(([, w]) => w.observer !== null).map(([pid]) => pid);
  }

  /** Start observing an app; retried later when the app cannot take an observer yet. */
  observe(app: TrackedApp): void {
    const watched = this.watched.get(app.pid) ?? {
      observer: null,
      app,
      attempts: 0,
      windows: new Set(),
    };
    this.watched.set(app.pid, watched);
    watched.attempts += 1;
    try {
      watched.observer ??= this.ctx.surface.createObserver(app.pid, (el, name) =>
        this.onNotification(app.pid, el, name),
      );
      for (const name of APP_NOTIFICATIONS) this.add(watched.observer, app.ref, name);
    } catch (err) {
      this.retryOrGiveUp(watched, err);
    }
  }

  /** Window-level notifications on a window the host now knows. */
  trackWindow(id: BackendId, ref: AxRef, pid: number): void {
    const watched = this.watched.get(pid);
    if (watched?.observer == null || watched.windows.has(id)) return;
    try {
      for (const name of WINDOW_NOTIFICATIONS) this.add(watched.observer, ref, name);
      watched.windows.add(id);
    } catch (err) {
      this.log(`window ${id}: no window notifications (${String(err)})`);
    }
  }

  unobserve(pid: number): void {
    const watched = this.watched.get(pid);
    this.watched.delete(pid);
    if (watched?.observer != null) this.ctx.surface.releaseObserver(watched.observer);
  }

  stop(): void {
    for (const pid of [...this.watched.keys()]) this.unobserve(pid);
  }

  /** Elements found gone by a read: no window notifications are kept for them. */
  forget(ids: readonly BackendId[]): void {
    for (const w of this.watched.values()) for (const id of ids) w.windows.delete(id);
    for (const id of ids) this.dirty.delete(id);
  }

  /** Dirty elements as coalesced structure events (called by the host's flush). */
  flushDirty(): void {
    for (const id of this.dirty) this.push({ type: 'structure', change: 'invalidated', id });
    this.dirty.clear();
  }

  private add(observer: AxObserverRef, element: AxRef, name: string): void {
    try {
      this.ctx.surface.addNotification(observer, element, name);
    } catch (err) {
      // Unsupported by this element or registered already: the others still count.
      if (isAxError(err, AX_ERROR.cannotComplete)) throw err;
    }
  }

  private retryOrGiveUp(watched: Watched, err: unknown): void {
    const pid = watched.app.pid;
    if (watched.observer !== null) {
      this.ctx.surface.releaseObserver(watched.observer);
      watched.observer = null;
    }
    if (!isAxError(err, AX_ERROR.cannotComplete) || watched.attempts >= this.options.maxAttempts) {
      this.log(`${watched.app.name} (${pid}): no AX notifications: ${String(err)}`);
      return;
    }
    this.options.schedule(() => {
      if (this.watched.get(pid) === watched) this.observe(watched.app);
    }, this.options.retryMs * watched.attempts);
  }

  /** One notification; the element is owned here and released or adopted. */
  onNotification(pid: number, element: AxRef, name: string): void {
    this.callbacks += 1;
    const { table, surface } = this.ctx;
    const known = table.find(element);
    if (name === 'AXUIElementDestroyed') {
      surface.release(element);
      if (known !== undefined) this.removed(known);
      return;
    }
    const id = known ?? table.adopt(element, pid, name === 'AXWindowCreated' ? DESKTOP_ID : null);
    if (known !== undefined) surface.release(element);
    this.map(pid, id, name);
  }

  private map(pid: number, id: BackendId, name: string): void {
    const window = (): BackendId => this.ctx.table.windowOf(id) ?? id;
    if (name === 'AXWindowCreated') {
      this.push({ type: 'window.opened', id });
      const entry = this.ctx.table.get(id);
      if (entry !== undefined) this.trackWindow(id, entry.ref, pid);
    } else if (name === 'AXFocusedWindowChanged' || name === 'AXMainWindowChanged') {
      this.push({ type: 'window.activated', id });
    } else if (name === 'AXFocusedUIElementChanged') {
      this.push({ type: 'focus', id });
    } else if (PROPERTY.has(name)) {
      this.propertyChanged(id);
    } else if (STRUCTURE.has(name)) {
      // A new element's own subtree is unknown; its parent (or window) is what changed.
      const entry = this.ctx.table.get(id);
      this.dirty.add(
        name === 'AXCreated' || name === 'AXMenuOpened' ? (entry?.parentId ?? window()) : id,
      );
    }
  }

  private propertyChanged(id: BackendId): void {
    const entry = this.ctx.table.get(id);
    if (entry === undefined) return;
    try {
      const props = readProps(this.ctx, entry.ref, entry.pid);
      const event: BackendEvent = { type: 'property', id, props };
      if (entry.parentId !== null) event.parentId = entry.parentId;
      this.push(event);
    } catch (err) {
      if (isAxError(err, AX_ERROR.invalidUIElement)) this.removed(id);
    }
  }

  private removed(id: BackendId): void {
    const entry = this.ctx.table.get(id);
    const parentId = entry?.parentId ?? null;
    this.forget(this.ctx.table.remove(id));
    if (parentId === DESKTOP_ID) this.push({ type: 'window.closed', id });
    else if (parentId !== null)
      this.push({ type: 'structure', change: 'childRemoved', id: parentId, childId: id });
    else this.push({ type: 'structure', change: 'childRemoved', childId: id });
  }
}
