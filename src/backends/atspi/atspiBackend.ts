/**
 * The AT-SPI2 backend: connects to the accessibility bus, registers for events, maps signals to
 * BackendEvent batches, reads with bounded-concurrency walks and acts through AT-SPI interfaces
 * and xdotool. When the bus goes away it reports `degraded`, reconnects with backoff, then emits
 * `reset` (every id may be invalid) and `ok`.
 */
import { setMaxListeners } from 'node:events';
import type { Observable, Subscription } from 'rxjs';
import type {
  AccessibilityBackend,
  ActionOptions,
  BackendEvent,
  BackendHealthReport,
  BackendId,
  BackendNode,
  FetchOptions,
  InputAction,
  PatternAction,
  PatternPerformed,
  CapturedImage,
  CaptureRequest,
  MonitorInfo,
  ObservedInput,
  TextRunRequest,
  WindowGeometry,
  WindowOp,
  WindowStacking,
} from '../backend.js';
import { X11Clipboard, X11Screen, watchX11Input, x11Unavailable } from '../x11/index.js';
import { BackendUnavailableError, throwIfAborted } from '../../errors.js';
import { AtspiActions } from './atspiActions.js';
import { AtspiBus } from './atspiBus.js';
import { OrderedBatcher } from './atspiBatcher.js';
import { CAPABILITIES } from './atspiCapabilities.js';
import { delay, registerEvents, registryOwner, resolveA11yAddress } from './atspiConnect.js';
import { MATCH_RULES, AtspiEventMapper, type SignalMessage } from './atspiEvents.js';
import { readAppInfo } from './atspiApps.js';
import { AtspiReader, type AppInfo } from './atspiFetch.js';
import type { AppGuard } from './atspiGuard.js';
import { guardBus } from './atspiHealth.js';
import { ToolkitPolicies } from './atspiToolkits.js';
import { DESKTOP_ID, refOf } from './atspiIds.js';
import { XInput } from './atspiInput.js';
import { appRoundTrips, WindowSettler } from './atspiSettle.js';
import { bulkSubtree } from './atspiBulk.js';
import { refuseCovered } from './atspiCovered.js';
import { readTextRuns } from './atspiTextAttributes.js';
import { walkSubtree } from './atspiWalk.js';
import { AtspiWindowTruth } from './atspiWindowTruth.js';
import { AtspiWindowOps } from './atspiWindowOps.js';
import { createAtspiAppControl } from './atspiAppControl.js';

export interface AtspiBackendOptions {
  /** Accessibility bus address; default AT_SPI_BUS_ADDRESS, else asked of the session bus. */
  a11yBusAddress?: string;
  /** Environment for finding the buses and for xdotool (DISPLAY). Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** D-Bus calls in flight at once. */
  concurrency?: number;
  /** Deadline of one D-Bus call; an app that misses it is quarantined as not responding. */
  callTimeoutMs?: number;
  /** Where app health (a read that killed or hung an app) is logged. Default: stderr. */
  log?: (line: string) => void;
}

const BACKOFF_MS = [100, 250, 500, 1_000, 2_000, 5_000] as const;
/** The longest one extents read of a settling window may take. */
const EXTENTS_READ_MS = 2_000;

/** Everything that lives as long as one bus connection. */
interface Connection {
  bus: AtspiBus;
  reader: AtspiReader;
  mapper: AtspiEventMapper;
  actions: AtspiActions;
  subscription: Subscription;
  guard: AppGuard;
}

/** Longest wait for the focused app to handle typed keys before a keycode is mapped back. */
const KEYS_HANDLED_MS = 2_000;
export class AtspiBackend implements AccessibilityBackend {
  readonly name = 'atspi' as const;
  readonly capabilities = CAPABILITIES;
  readonly rootId: BackendId = DESKTOP_ID;
  private readonly batcher = new OrderedBatcher();
  readonly events$ = this.batcher.events$;
  private readonly env: NodeJS.ProcessEnv;
  private readonly x: XInput;
  /** Where the desktop said focus went last: typed keys go to that app. */
  private focusedId: BackendId | null = null;
  private readonly lifetime = new AbortController();
  private readonly apps = new Map<string, Promise<AppInfo>>();
  private conn: Connection | undefined;
  private stopped = false;
  private readonly settler = new WindowSettler({
    extents: (id) => this.windowExtents(id),
    emit: (events) => this.emit(events),
  });
  /** Learned per-toolkit refusals outlive a connection. */
  private readonly policies = new ToolkitPolicies();
  private screen: X11Screen | undefined;
  /** The CLIPBOARD selection on the X server (absent without an X display). */
  readonly clipboard: X11Clipboard | undefined;
  /** The X server's view of top-level windows, the second signal about windows. */
  private readonly truth: AtspiWindowTruth;
  private readonly windows: AtspiWindowOps;
  /** Toolkit names by pid, as the apps told the bus (for apps.list). */
  private readonly toolkits = new Map<number, string>();
  readonly appControl: ReturnType<typeof createAtspiAppControl>;

  constructor(private readonly options: AtspiBackendOptions = {}) {
    this.env = options.env ?? process.env;
    this.x = new XInput(this.env);
    const display = x11Unavailable(this.env) === null ? this.env.DISPLAY : undefined;
    this.clipboard = display === undefined ? undefined : new X11Clipboard(display);
    this.truth = new AtspiWindowTruth(
      this.env,
      (events) => this.batcher.emitNow(events),
      (app) => this.conn?.reader.facts.forgetApp(app),
    );
    this.windows = new AtspiWindowOps(this.env, this.truth, (signal) => this.monitors(signal));
    this.appControl = createAtspiAppControl(this.env, this.truth, this.toolkits);
    setMaxListeners(0, this.lifetime.signal);
  }

  async start(signal: AbortSignal): Promise<void> {
    this.emit([{ type: 'status', status: 'starting' }]);
    this.conn = await this.connect(signal);
    this.truth.start();
    this.clipboard?.start();
    this.emit([{ type: 'status', status: 'ok' }]);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.screen?.close();
    this.clipboard?.stop();
    this.windows.close();
    this.truth.stop();
    this.appControl.stop();
    this.settler.stop();
    this.lifetime.abort(new BackendUnavailableError('the backend was stopped'));
    this.conn?.subscription.unsubscribe();
    this.conn?.guard.stop();
    this.conn?.bus.disconnect();
    this.conn = undefined;
    await this.batcher.complete();
  }

  fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    return this.withConnection(options.signal, async (c, signal) => {
      if (id !== DESKTOP_ID) return bulkSubtree(c.reader, id, { ...options, signal });
      // The X server's view is matched against the windows' props: read them even when only
      // the desktop is asked for, so its children list agrees with a deeper fetch.
      const depth = options.maxDepth === 0 ? 1 : options.maxDepth;
      const nodes = await bulkSubtree(c.reader, id, { ...options, maxDepth: depth, signal });
      c.mapper.noteWindows(nodes[0]?.children ?? []);
      const shown = this.truth.filterDesktop(nodes);
      return options.maxDepth === 0 ? shown.slice(0, 1) : shown;
    });
  }

  /**
   * The same subtree read element by element (GetChildren and property calls, no Cache.GetItems):
   * the independent ground truth that tests and benchmarks compare bulk fetches against.
   */
  walk(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    return this.withConnection(options.signal, async (c, signal) => {
      const nodes = await walkSubtree(c.reader, id, { ...options, signal });
      return id === DESKTOP_ID ? this.truth.filterDesktop(nodes) : nodes;
    });
  }

  /**
   * Two round trips through the app's event loop (input queued before the first is handled
   * before the second answers; the app's signals come before its reply, in order), then the
   * X server's queued events, then every event mapped so far out of events$.
   */
  async settle(id: BackendId, options: ActionOptions): Promise<void> {
    await this.withConnection(options.signal, (c, signal) => appRoundTrips(c.reader, id, signal));
    this.truth.pump();
    await this.batcher.drained();
  }

  performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<PatternPerformed | void> {
    return this.withConnection(options.signal, (c, signal) =>
      c.actions.perform(id, action, signal),
    );
  }

  focus(id: BackendId, options: ActionOptions): Promise<void> {
    return this.withConnection(options.signal, (c, signal) => c.actions.focus(id, signal));
  }

  activateWindow(id: BackendId, options: ActionOptions): Promise<void> {
    return this.withConnection(options.signal, (c, signal) => c.actions.activateWindow(id, signal));
  }

  async input(action: InputAction, options: ActionOptions): Promise<void> {
    this.usable(options.signal);
    if (action.kind === 'text') {
      await this.x.typeText(action.text, options.signal, () => this.keysHandled(options.signal));
      return;
    }
    await this.x.input(action, options.signal);
  }

  /**
   * Resolve once the focused app has handled every key sent so far: its event loop answered
   * (see settle). Without a known focus, the X server's own queue is all there is to wait on.
   */
  private async keysHandled(signal: AbortSignal): Promise<void> {
    const id = this.focusedId;
    if (id === null) return;
    const limit = AbortSignal.any([signal, AbortSignal.timeout(KEYS_HANDLED_MS)]);
    await this.withConnection(limit, (c, s) => appRoundTrips(c.reader, id, s)).catch(
      () => undefined,
    );
  }

  pointer(signal: AbortSignal): Promise<{ x: number; y: number }> {
    this.usable(signal);
    return this.x.pointer(signal);
  }

  textAttributes(id: BackendId, request: TextRunRequest, options: ActionOptions) {
    return this.withConnection(options.signal, (c, signal) =>
      readTextRuns(c.reader, refOf(id), request, signal),
    );
  }

  /**
   * Pixels come from the X server (src/backends/x11/); Wayland answers not_supported. A window's
   * area that another window covers answers what covers it (atspiCovered.ts).
   */
  async capture(request: CaptureRequest, options: ActionOptions): Promise<CapturedImage> {
    const conn = this.usable(options.signal);
    const screen = (this.screen ??= new X11Screen(this.env));
    const pidOf = async (name: string, s: AbortSignal): Promise<number | undefined> =>
      (await this.appInfo(name, s)).pid;
    await refuseCovered({ reader: conn.reader, x: this.x, pidOf }, screen, request, options.signal);
    return await screen.capture(request, options.signal);
  }

  async monitors(signal: AbortSignal): Promise<MonitorInfo[]> {
    this.usable(signal);
    if (x11Unavailable(this.env) !== null) return [];
    return await (this.screen ??= new X11Screen(this.env)).monitors();
  }

  /** A person's input, seen through the X server's RECORD extension (src/backends/x11/). */
  watchInput(signal: AbortSignal): Observable<ObservedInput> {
    return watchX11Input(this.env, signal);
  }

  windowOp(id: BackendId, op: WindowOp, options: ActionOptions): Promise<WindowGeometry> {
    this.usable(options.signal);
    return this.windows.apply(id, op, options.signal);
  }

  windowStacking(signal: AbortSignal): Promise<WindowStacking[]> {
    this.usable(signal);
    return Promise.resolve(this.windows.stacking(signal));
  }

  /** The pid and name of an app by its bus name, read once. */
  appInfo(busName: string, signal: AbortSignal): Promise<AppInfo> {
    let info = this.apps.get(busName);
    if (info === undefined) {
      const conn = this.conn;
      if (conn === undefined) throw new BackendUnavailableError('not connected');
      info = readAppInfo(conn.reader, busName, signal, (name) => conn.guard.toolkitOf(name));
      this.apps.set(busName, info);
      // An app read before its toolkit answered is read again: its rules depend on it.
      info.then(
        (read) => {
          if (read.pid !== undefined) this.toolkits.set(read.pid, read.toolkit.name);
          return read.toolkit.unread === true && this.apps.delete(busName);
        },
        () => this.apps.delete(busName),
      );
    }
    return info;
  }

  private usable(signal: AbortSignal): Connection {
    if (this.stopped) throw new BackendUnavailableError('the atspi backend is stopped');
    throwIfAborted(signal);
    if (this.conn === undefined || this.conn.bus.isClosed) {
      throw new BackendUnavailableError('the accessibility bus is not connected');
    }
    return this.conn;
  }

  private async withConnection<T>(
    signal: AbortSignal,
    work: (c: Connection, s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const conn = this.usable(signal);
    const combined = AbortSignal.any([signal, this.lifetime.signal]);
    // A walk passes one signal to hundreds of concurrent calls, each listening for the abort.
    setMaxListeners(0, combined);
    return work(conn, combined);
  }

  private async connect(signal: AbortSignal): Promise<Connection> {
    const address = await resolveA11yAddress(this.options.a11yBusAddress, this.env, signal);
    const bus = await AtspiBus.connect(
      address,
      {
        concurrency: this.options.concurrency ?? 32,
        callTimeoutMs: this.options.callTimeoutMs ?? 5_000,
      },
      signal,
    );
    const sinks = { emit: (e: readonly BackendEvent[]) => this.emit(e), log: this.options.log };
    const guard = guardBus(bus, this.policies, sinks, this.lifetime.signal);
    try {
      for (const rule of MATCH_RULES) await bus.addMatch(rule, signal);
      await registerEvents(bus, signal);
      const owner = await registryOwner(bus, signal);
      const reader = new AtspiReader(bus, (name, s) => this.appInfo(name, s));
      const mapper = new AtspiEventMapper(reader, owner, (s) => registerEvents(bus, s));
      const actions = new AtspiActions(
        reader,
        this.x,
        async (name, s) => (await this.appInfo(name, s)).pid,
        (events) => this.emit(events),
        (wid) => this.truth.originOf(wid),
      );
      const subscription = bus.signals$.subscribe((msg) => this.onSignal(mapper, msg));
      void bus.closed.then((err) => this.onLost(bus, err));
      return { bus, reader, mapper, actions, subscription, guard };
    } catch (err) {
      guard.stop();
      bus.disconnect();
      throw err;
    }
  }

  /**
   * Test hook: drop every mapped event `drop` matches before it reaches events$ (undefined:
   * drop nothing, the default). Self-repair is tested by losing events on purpose.
   */
  dropEvents(drop: ((event: BackendEvent) => boolean) | undefined): void {
    this.batcher.dropping = drop;
  }

  /** Map signals concurrently but emit their events in arrival order. */
  private onSignal(mapper: AtspiEventMapper, msg: SignalMessage): void {
    const mapped = mapper.map(msg, this.lifetime.signal);
    this.batcher.enqueue(mapped);
    void mapped.then((events) => {
      for (const e of events) {
        if (e.type === 'window.opened') this.settler.watch(e.id);
        if (e.type === 'focus') this.focusedId = e.id;
      }
    });
  }

  /** A new window's extents while it settles (see atspiSettle.ts); undefined when unreadable. */
  private async windowExtents(id: BackendId): Promise<readonly number[] | undefined> {
    const conn = this.conn;
    if (conn === undefined) return undefined;
    const signal = AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(EXTENTS_READ_MS)]);
    const [box] = await conn.reader.call(refOf(id), 'Component', 'GetExtents', signal, 'u', [0]);
    return Array.isArray(box) ? (box as number[]) : undefined;
  }

  /** Apps quarantined now and calls learned to be fatal to a toolkit, with the reasons. */
  health(): BackendHealthReport {
    const quarantined = this.conn?.guard.quarantined() ?? [];
    return { quarantined, forbidden: this.policies.learnedCalls() };
  }

  private emit(events: readonly BackendEvent[]): void {
    this.batcher.emit(events);
  }

  private async onLost(bus: AtspiBus, err: Error): Promise<void> {
    if (this.stopped || this.conn?.bus !== bus) return;
    this.conn.subscription.unsubscribe();
    this.conn.guard.stop();
    this.conn = undefined;
    this.apps.clear();
    this.emit([{ type: 'status', status: 'degraded', reason: err.message }]);
    for (let attempt = 0; !this.stopped; attempt++) {
      await delay(
        BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 5_000,
        this.lifetime.signal,
      );
      if (this.stopped) return;
      try {
        this.conn = await this.connect(
          AbortSignal.any([this.lifetime.signal, AbortSignal.timeout(10_000)]),
        );
        this.emit([
          { type: 'reset', reason: `reconnected after: ${err.message}` },
          { type: 'status', status: 'ok' },
        ]);
        return;
      } catch {
        // Keep retrying with backoff until stopped.
      }
    }
  }
}
