/**
 * The AX host: runs inside the isolated child (axHostMain) against an AxSurface (the real one
 * over koffi, or a fake in tests). AX calls are synchronous IPC to the target app; one stuck
 * app blocks this child only, and the supervisor restarts it when pings go unanswered.
 * Permissions are checked once at start and never prompt unless asked: without Accessibility
 * the host still starts (so /health can say why) and every AX operation answers the typed
 * permission error.
 */
import { ElementStaleError, InvalidParamsError, NotSupportedError } from '../../errors.js';
import type { BackendEvent, BackendId, InputAction, PatternAction } from '../backend.js';
import { EventBatcher, type BatcherTimers } from '../uia/uiaBatch.js';
import type { HostOp } from '../uia/uiaHostProtocol.js';
import type { HostOps } from '../uia/uiaHostRuntime.js';
import { activateWindow, focusElement, performPattern } from './axActions.js';
import { AppTracker } from './axApps.js';
import { captureRect, matchCgWindow } from './axCapture.js';
import { fromAxError, permissionError, responsibleApp } from './axErrors.js';
import { AxEvents } from './axEvents.js';
import { injectInput } from './axInput.js';
import type { AxSurface } from './axSurface.js';
import { DESKTOP_ID, ElementTable } from './axTable.js';
import {
  DEFAULT_CAPS,
  fetchSubtree,
  readProps,
  type TreeCaps,
  type TreeContext,
} from './axTree.js';
import { listWindows } from './axWindowList.js';

export interface AxHostOptions {
  promptPermissions: boolean;
  caps: TreeCaps;
  /** AXUIElementSetMessagingTimeout per app (AX's default is 6 s). */
  messagingTimeoutS: number;
  /** Run loop pump, app poll, focused-window reconcile and dirty flush periods. */
  pumpMs: number;
  pollMs: number;
  reconcileMs: number;
  coalesceMs: number;
  observerRetry: { maxAttempts: number; retryMs: number };
  timers: BatcherTimers & {
    every(fn: () => void, ms: number): unknown;
    stopEvery(h: unknown): void;
  };
  env: NodeJS.ProcessEnv;
}

export const DEFAULT_HOST_OPTIONS: AxHostOptions = {
  promptPermissions: false,
  caps: DEFAULT_CAPS,
  messagingTimeoutS: 2,
  pumpMs: 10,
  pollMs: 1_000,
  reconcileMs: 5_000,
  coalesceMs: 50,
  observerRetry: { maxAttempts: 5, retryMs: 500 },
  timers: {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    every: (fn, ms) => setInterval(fn, ms),
    stopEvery: (h) => clearInterval(h as ReturnType<typeof setInterval>),
  },
  env: process.env,
};

export class AxHost implements HostOps {
  private readonly options: AxHostOptions;
  private ctx: TreeContext | undefined;
  private events: AxEvents | undefined;
  private batcher: EventBatcher | undefined;
  private intervals: unknown[] = [];
  private trusted = false;
  private screen = false;
  readonly grantTo: string;

  constructor(
    private readonly surface: AxSurface,
    options: Partial<AxHostOptions> = {},
  ) {
    this.options = { ...DEFAULT_HOST_OPTIONS, ...options };
    this.grantTo = responsibleApp(this.options.env, process.execPath);
  }

  init(emit: (batch: BackendEvent[]) => void, log: (message: string) => void) {
    const prompt = this.options.promptPermissions;
    this.trusted = this.surface.isProcessTrusted(prompt);
    this.screen = this.surface.screenCaptureAllowed(prompt);
    const facts = {
      accessibility: this.trusted,
      screenRecording: this.screen,
      grantTo: this.grantTo,
    };
    if (!this.trusted) return Promise.resolve({ ...facts, apps: 0 });
    const { timers } = this.options;
    this.batcher = new EventBatcher({ flushMs: 16, maxBatch: 256, timers }, emit);
    const push = (event: BackendEvent): void => this.batcher?.push(event);
    const ctx: TreeContext = {
      surface: this.surface,
      table: new ElementTable(this.surface),
      apps: new AppTracker(this.surface, this.options.messagingTimeoutS, process.pid, log),
      caps: this.options.caps,
      grantTo: this.grantTo,
      onGone: (ids) => this.events?.forget(ids),
      now: () => Date.now(),
    };
    this.ctx = ctx;
    const retry = this.options.observerRetry;
    this.events = new AxEvents(
      ctx,
      push,
      { ...retry, schedule: (fn, ms) => timers.set(fn, ms) },
      log,
    );
    this.poll();
    this.intervals = [
      timers.every(() => this.surface.pumpRunLoop(), this.options.pumpMs),
      timers.every(() => this.poll(), this.options.pollMs),
      timers.every(() => this.reconcile(), this.options.reconcileMs),
      timers.every(() => this.events?.flushDirty(), this.options.coalesceMs),
    ];
    return Promise.resolve({ ...facts, apps: ctx.apps.all().length });
  }

  async call(op: HostOp, args: unknown, deadline: number): Promise<unknown> {
    const a = (args ?? {}) as Record<string, unknown>;
    if (op === 'capture')
      return this.capture(a['rect'] as never, a['windowId'] as BackendId | null, deadline);
    if (op === 'monitors')
      return [{ index: 0, rect: this.surface.displayBounds(), scale: 1, primary: true }];
    const ctx = this.context();
    try {
      return this.callAx(ctx, op, a, deadline);
    } catch (err) {
      throw fromAxError(err, `${op}`, this.grantTo);
    }
  }

  private callAx(
    ctx: TreeContext,
    op: HostOp,
    a: Record<string, unknown>,
    deadline: number,
  ): unknown {
    switch (op) {
      case 'fetchSubtree':
      case 'walk':
        return this.fetch(
          ctx,
          a['id'] as BackendId,
          (a['maxDepth'] as number | null) ?? null,
          deadline,
        );
      case 'performPattern':
        return performPattern(
          this.surface,
          this.ref(a['id'] as BackendId),
          a['action'] as PatternAction,
        );
      case 'focus':
        return focusElement(this.surface, this.ref(a['id'] as BackendId));
      case 'activateWindow': {
        const id = a['id'] as BackendId;
        const app = ctx.apps.get(ctx.table.get(id)?.pid ?? -1);
        if (app === undefined)
          throw new InvalidParamsError(`${id} is not a window of a watched app`);
        return activateWindow(this.surface, app.ref, this.ref(id));
      }
      case 'input':
        return injectInput(this.surface, a as unknown as InputAction);
      case 'listWindows':
        return listWindows(ctx, a);
      case 'probe':
        return this.probe(ctx);
      default:
        throw new NotSupportedError(`the AX host has no ${op} operation`);
    }
  }

  shutdown(): void {
    for (const h of this.intervals) this.options.timers.stopEvery(h);
    this.intervals = [];
    this.events?.flushDirty();
    this.batcher?.flush();
    this.events?.stop();
    this.ctx?.table.clear();
    this.ctx?.apps.clear();
  }

  private context(): TreeContext {
    if (!this.trusted) throw permissionError('accessibility', this.grantTo);
    if (this.ctx === undefined) throw new InvalidParamsError('the AX host is not initialised');
    return this.ctx;
  }

  private ref(id: BackendId) {
    const entry = this.context().table.get(id);
    if (entry === undefined)
      throw new ElementStaleError(`element ${id} is not known to this AX host (fetch it first)`);
    return entry.ref;
  }

  private fetch(ctx: TreeContext, id: BackendId, maxDepth: number | null, deadline: number) {
    const nodes = fetchSubtree(ctx, id, maxDepth, deadline);
    for (const node of nodes) {
      const entry = ctx.table.get(node.id);
      if (node.parentId === DESKTOP_ID && entry !== undefined)
        this.events?.trackWindow(node.id, entry.ref, entry.pid);
    }
    return nodes;
  }

  /** The app poll: launches and quits (AX has no notification for either). */
  private poll(): void {
    const ctx = this.ctx;
    if (ctx === undefined) return;
    const { added, removed } = ctx.apps.refresh();
    for (const pid of removed) {
      const windows = ctx.table.windows(pid);
      ctx.table.removePid(pid);
      this.events?.unobserve(pid);
      for (const id of windows) this.batcher?.push({ type: 'window.closed', id });
    }
    for (const app of added) this.events?.observe(app);
    if (added.length > 0)
      this.batcher?.push({ type: 'structure', change: 'childAdded', id: DESKTOP_ID });
  }

  /** Events are hints: the frontmost app's focused window is re-read now and then. */
  private reconcile(): void {
    const ctx = this.ctx;
    if (ctx === undefined) return;
    for (const app of ctx.apps.all()) {
      try {
        const [frontmost, win] = this.surface.copyAttributes(app.ref, [
          'AXFrontmost',
          'AXFocusedWindow',
        ]);
        if (frontmost !== true || typeof win !== 'object' || win === null || !('__axRef' in win)) {
          if (typeof win === 'object' && win !== null && '__axRef' in win)
            this.surface.release(win);
          continue;
        }
        const id = ctx.table.adopt(win, app.pid, DESKTOP_ID);
        this.batcher?.push({ type: 'structure', change: 'invalidated', id });
      } catch {
        // a busy app is reconciled next time
      }
    }
  }

  private async capture(
    rect: Parameters<typeof captureRect>[0],
    windowId: BackendId | null,
    deadline: number,
  ) {
    if (!this.screen) throw permissionError('screenRecording', this.grantTo);
    const entry = windowId === null ? undefined : this.ctx?.table.get(windowId);
    let window;
    if (entry !== undefined) {
      try {
        const own = readProps(this.context(), entry.ref, entry.pid).rect;
        if (own !== null) window = matchCgWindow(this.surface.windowList(), entry.pid, own);
      } catch {
        // gone or unreadable: the screen's pixels will do
      }
    }
    return captureRect(rect, window, deadline);
  }

  private probe(ctx: TreeContext) {
    return {
      accessibility: this.trusted,
      screenRecording: this.screen,
      grantTo: this.grantTo,
      apps: ctx.apps.all().map((a) => ({ pid: a.pid, name: a.name, bundleId: a.bundleId })),
      observed: this.events?.observedPids ?? [],
      known: ctx.table.size,
      callbacks: this.events?.callbacks ?? 0,
    };
  }
}
