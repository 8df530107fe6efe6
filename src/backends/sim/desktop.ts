/**
 * The desktop engine: the element tree, ids, focus and the foreground window. Every mutation
 * goes through here so that it raises the events a real platform raises for it. Apps build on
 * this API; the backend calls it to act. Window lifecycle lives in windows.ts.
 */
import type { State } from '../../../protocol/src/index.js';
import type { BackendId, BackendProps, MonitorInfo } from '../backend.js';
import type { SimApp } from './apps/app.js';
import {
  defaultPatterns,
  defaultStates,
  propsOf,
  sortedStates,
  windowOf,
  type ElementSpec,
  type SimElement,
} from './element.js';
import { SimClipboard } from './clipboard.js';
import type { EventPump } from './events.js';
import { Timers } from './timers.js';

export interface Screen {
  width: number;
  height: number;
}

type Changeable = Pick<SimElement, 'name' | 'value' | 'range' | 'rect'>;

export class Desktop {
  readonly root: SimElement;
  /** Top-level windows, front first (the tree order stays the opening order, as in UIA). */
  readonly zOrder: SimElement[] = [];
  /** Modal dialog -> the window it blocks. */
  readonly modalOwner = new Map<SimElement, SimElement>();
  readonly apps: SimApp[] = [];
  /** The monitors, in the screen's pixels (the scene's, else the screen as one). */
  monitors: readonly MonitorInfo[];
  /** The system clipboard. */
  readonly clipboard = new SimClipboard();
  focused: SimElement | null = null;
  foreground: SimElement | null = null;
  private nextId = 0;
  private readonly byId = new Map<BackendId, SimElement>();
  private readonly lastFocus = new Map<SimElement, SimElement>();
  /** The apps' repeating timers (unref'd), all cleared on stop. */
  readonly timers = new Timers();
  /** Elements made offscreen by their window's minimize (not offscreen on their own). */
  private readonly hiddenByMinimize = new WeakSet<SimElement>();

  constructor(
    readonly screen: Screen,
    readonly pump: EventPump,
  ) {
    this.root = this.build({ type: 'Pane', name: 'Desktop' }, null, null, 0, 0);
    this.root.rect = { x: 0, y: 0, width: screen.width, height: screen.height };
    this.monitors = [{ index: 0, rect: { ...this.root.rect }, scale: 1, primary: true }];
  }

  get(id: BackendId): SimElement | undefined {
    return this.byId.get(id);
  }

  /** Create an element subtree (no events: the caller raises the structure event). */
  build(
    spec: ElementSpec,
    parent: SimElement | null,
    app: SimApp | null,
    ox: number,
    oy: number,
  ): SimElement {
    const patterns = defaultPatterns(spec);
    const [x, y, w, h] = spec.rect ?? [0, 0, 0, 0];
    const el: SimElement = {
      id: `sim:${this.nextId++}`,
      parent,
      children: [],
      controlType: spec.type,
      name: spec.name ?? '',
      rect: spec.rect === undefined ? null : { x: ox + x, y: oy + y, width: w, height: h },
      states: defaultStates(spec, patterns),
      patterns,
      app,
      hooks: spec.hooks ?? {},
      gone: false,
    };
    if (spec.automationId !== undefined) el.automationId = spec.automationId;
    if (spec.className !== undefined) el.className = spec.className;
    if (spec.value !== undefined) el.value = spec.value;
    if (spec.range !== undefined) el.range = { ...spec.range };
    if (spec.drawnText !== undefined) el.drawnText = spec.drawnText;
    if (spec.type === 'Edit' || spec.type === 'Document') {
      const end = spec.value?.length ?? 0;
      el.edit = { caret: end, anchor: end, multiline: spec.type === 'Document' };
      el.value ??= '';
    }
    this.byId.set(el.id, el);
    // Child rects are relative to their window's origin.
    const isWindow = spec.type === 'Window';
    const cx = isWindow ? (el.rect?.x ?? ox) : ox;
    const cy = isWindow ? (el.rect?.y ?? oy) : oy;
    el.children = (spec.children ?? []).map((c) => this.build(c, el, app, cx, cy));
    return el;
  }

  /** Add a child subtree under `parent` (rects relative to the window) and raise childAdded. */
  add(parent: SimElement, spec: ElementSpec, index = parent.children.length): SimElement {
    const win = windowOf(parent);
    const el = this.build(spec, parent, parent.app, win?.rect?.x ?? 0, win?.rect?.y ?? 0);
    parent.children.splice(index, 0, el);
    this.pump.emit({
      type: 'structure',
      change: 'childAdded',
      id: parent.id,
      childId: el.id,
      ...this.hint(parent),
    });
    return el;
  }

  /** Remove a subtree and raise childRemoved (plus, per the late quirk, a late event). */
  remove(el: SimElement, raiseEvent = true): void {
    const parent = el.parent;
    if (parent === null || el.gone) return;
    const hint = this.hint(parent);
    parent.children = parent.children.filter((c) => c !== el);
    this.forget(el);
    if (raiseEvent) {
      this.pump.emit({
        type: 'structure',
        change: 'childRemoved',
        id: parent.id,
        childId: el.id,
        ...hint,
      });
    }
    this.pump.emitLate({ type: 'property', id: el.id, props: { states: sortedStates(el.states) } });
    if (this.focused?.gone === true) this.refocusAfterLoss(windowOf(parent));
  }

  /** Swap all children of `parent` at once, raising one 'invalidated' (a bulk change). */
  replaceChildren(parent: SimElement, specs: ElementSpec[]): SimElement[] {
    for (const c of parent.children) this.forget(c);
    const win = windowOf(parent);
    parent.children = specs.map((s) =>
      this.build(s, parent, parent.app, win?.rect?.x ?? 0, win?.rect?.y ?? 0),
    );
    this.pump.emit({
      type: 'structure',
      change: 'invalidated',
      id: parent.id,
      ...this.hint(parent),
    });
    if (this.focused?.gone === true) this.refocusAfterLoss(win);
    return parent.children;
  }

  /** Change props; raises one property event with the keys that really changed. */
  set(el: SimElement, changes: Partial<Changeable>): void {
    const before = propsOf(el);
    Object.assign(el, changes);
    const after = propsOf(el);
    const diff: Partial<BackendProps> = {};
    for (const key of ['name', 'value', 'range', 'rect'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
        Object.assign(diff, { [key]: after[key] });
      }
    }
    if (Object.keys(diff).length > 0 && !el.gone)
      this.pump.emit({ type: 'property', id: el.id, props: diff });
  }

  /** Add and remove states; raises a property event with the full states when they changed. */
  setStates(el: SimElement, add: State[], remove: State[] = []): void {
    const before = sortedStates(el.states).join();
    for (const s of remove) el.states.delete(s);
    for (const s of add) el.states.add(s);
    const after = sortedStates(el.states);
    if (after.join() !== before && !el.gone) {
      this.pump.emit({ type: 'property', id: el.id, props: { states: after } });
    }
  }

  /** Move keyboard focus (bringing its window to the front first). */
  focus(el: SimElement): void {
    const win = windowOf(el);
    if (win !== null && this.foreground !== win) this.activate(win, el);
    // A window disabled by its modal dialog cannot take focus: the dialog keeps it.
    if (this.focused === el || (win !== null && this.blocker(win) !== undefined)) return;
    const previous = this.focused;
    this.focused = el;
    if (win !== null) this.lastFocus.set(win, el);
    if (previous !== null && !previous.gone) this.setStates(previous, [], ['focused']);
    this.setStates(el, ['focused']);
    this.pump.emit({ type: 'focus', id: el.id });
  }

  /** Bring a window to the front (a modal dialog it owns comes instead), then restore focus. */
  activate(win: SimElement, focusTarget?: SimElement): void {
    const blocker = this.blocker(win);
    if (blocker !== undefined) return this.activate(blocker);
    if (win.states.has('minimized')) this.setMinimized(win, false);
    const z = this.zOrder.indexOf(win);
    if (z > 0) this.zOrder.splice(z, 1);
    if (z !== 0) this.zOrder.unshift(win);
    if (this.foreground !== win) {
      const previous = this.foreground;
      this.foreground = win;
      if (previous !== null && !previous.gone) this.setStates(previous, [], ['active']);
      this.setStates(win, ['active']);
      this.pump.emit({ type: 'window.activated', id: win.id });
    }
    const remembered = this.lastFocus.get(win);
    const usable = remembered !== undefined && !remembered.gone ? remembered : undefined;
    this.focus(focusTarget ?? usable ?? this.firstFocusable(win) ?? win);
  }

  /**
   * Minimize or un-minimize: the window and everything in it become offscreen (as UIA reports
   * for a minimized window's elements). One 'invalidated' covers the descendants' state change.
   */
  setMinimized(win: SimElement, on: boolean): void {
    if (on === win.states.has('minimized')) return;
    const mark = (el: SimElement): void => {
      for (const c of el.children) {
        if (on && !c.states.has('offscreen')) {
          c.states.add('offscreen');
          this.hiddenByMinimize.add(c);
        } else if (!on && this.hiddenByMinimize.delete(c)) {
          c.states.delete('offscreen');
        }
        mark(c);
      }
    };
    mark(win);
    this.setStates(
      win,
      on ? ['minimized', 'offscreen'] : [],
      on ? ['active'] : ['minimized', 'offscreen'],
    );
    this.pump.emit({ type: 'structure', change: 'invalidated', id: win.id, windowId: win.id });
  }

  /** The open modal dialog that disables `win`, if any. */
  blocker(win: SimElement): SimElement | undefined {
    for (const [dialog, owner] of this.modalOwner) if (owner === win) return dialog;
    return undefined;
  }

  /** Focusable, enabled elements of a window in tab order (pre-order). */
  tabOrder(win: SimElement): SimElement[] {
    const out: SimElement[] = [];
    const walk = (el: SimElement): void => {
      if (el.states.has('focusable') && el.states.has('enabled') && !el.states.has('offscreen'))
        out.push(el);
      el.children.forEach(walk);
    };
    walk(win);
    return out;
  }

  firstFocusable(win: SimElement): SimElement | undefined {
    return this.tabOrder(win)[0];
  }

  /** First element of a subtree with this automation id. */
  find(under: SimElement, automationId: string): SimElement | undefined {
    if (under.automationId === automationId) return under;
    for (const c of under.children) {
      const hit = this.find(c, automationId);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** After the focused element vanished: focus goes to its window or the next window. */
  refocusAfterLoss(win: SimElement | null): void {
    const lost = this.focused;
    this.focused = null;
    if (lost !== null && !lost.gone) this.setStates(lost, [], ['focused']);
    if (win !== null && !win.gone) return this.focus(this.firstFocusable(win) ?? win);
    const next = this.zOrder.find((w) => !w.gone && !w.states.has('minimized'));
    if (next !== undefined) this.activate(next);
    else this.pump.emit({ type: 'focus', id: null });
  }

  private hint(parent: SimElement): { windowId?: BackendId } {
    const win = windowOf(parent);
    return win === null ? {} : { windowId: win.id };
  }

  private forget(el: SimElement): void {
    el.gone = true;
    this.byId.delete(el.id);
    el.hooks.gone?.();
    this.lastFocus.delete(el);
    for (const c of el.children) this.forget(c);
  }
}
