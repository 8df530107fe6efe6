/**
 * The AT-SPI2 backend: connects to the accessibility bus, registers for events, maps signals to
 * BackendEvent batches, reads with bounded-concurrency walks and acts through AT-SPI interfaces
 * and xdotool. A lost bus is reconnected (atspiLiveConnection.ts).
 */
import { map, type Observable } from 'rxjs';
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
import { BackendUnavailableError } from '../../errors.js';
import { urgentCalls } from './atspiBus.js';
import { openConnection, type AtspiBackendOptions, type Connection } from './atspiConnection.js';
import { LiveConnection } from './atspiLiveConnection.js';
import { closeShownFirst } from './atspiShownWindows.js';

export type { AtspiBackendOptions } from './atspiConnection.js';
import { OrderedBatcher } from './atspiBatcher.js';
import { CAPABILITIES } from './atspiCapabilities.js';
import type { AtspiEventMapper, SignalMessage } from './atspiEvents.js';
import { AppInfos } from './atspiApps.js';
import { AppCoordinates } from './atspiCoordinates.js';
import type { AppInfo } from './atspiFetch.js';
import { ToolkitPolicies } from './atspiToolkits.js';
import { DESKTOP_ID, refOf } from './atspiIds.js';
import { XInput } from './atspiInput.js';
import { appRoundTrips, keysHandled, windowExtents, WindowSettler } from './atspiSettle.js';
import { bulkSubtree } from './atspiBulk.js';
import { refuseCovered } from './atspiCovered.js';
import { readTextRuns } from './atspiTextAttributes.js';
import { walkSubtree } from './atspiWalk.js';
import { AtspiX11Desktop } from './atspiX11Desktop.js';
import { appShowsWindow } from './atspiWindowShown.js';

export class AtspiBackend implements AccessibilityBackend {
  readonly name = 'atspi' as const;
  readonly capabilities = CAPABILITIES;
  readonly rootId: BackendId = DESKTOP_ID;
  private readonly batcher = new OrderedBatcher();
  private readonly apps = new AppInfos();
  /** Every rect leaves the backend in X pixels, whatever scale its app draws at. */
  private readonly coords = new AppCoordinates(this.apps.windowRelative, (e) => this.emit(e));
  readonly events$ = this.batcher.events$.pipe(map((batch) => this.coords.events(batch)));
  private readonly env: NodeJS.ProcessEnv;
  private readonly x: XInput;
  /** Where the desktop said focus went last: typed keys go to that app. */
  private focusedId: BackendId | null = null;
  private readonly link = new LiveConnection({
    open: (signal) => this.connect(signal),
    emit: (events) => this.emit(events),
    forget: () => {
      this.apps.clear();
      this.coords.forget();
      this.desktop.truth.forgetListing();
    },
  });
  private readonly settler = new WindowSettler({
    extents: (id) =>
      this.link.current === undefined
        ? Promise.resolve(undefined)
        : windowExtents(this.link.current.reader, id, this.link.lifetime),
    emit: (events) => this.emit(events),
  });
  /** Learned per-toolkit refusals outlive a connection. */
  private readonly policies = new ToolkitPolicies();
  /** The X server's part: window truth, window ops, pixels, clipboard, app control. */
  private readonly desktop: AtspiX11Desktop;
  readonly clipboard: AtspiX11Desktop['clipboard'];
  readonly appControl: AtspiX11Desktop['appControl'];

  constructor(private readonly options: AtspiBackendOptions = {}) {
    this.env = options.env ?? process.env;
    this.x = new XInput(this.env);
    this.desktop = new AtspiX11Desktop(this.env, {
      emitNow: (events) => this.batcher.emitNow(events),
      forgetApp: (app) => this.link.current?.reader.facts.forgetApp(app),
      toolkits: this.apps.toolkits,
      appShows: (id) => appShowsWindow(this.link.current?.reader, id, this.link.lifetime),
    });
    this.clipboard = this.desktop.clipboard;
    this.appControl = this.desktop.appControl;
  }

  async start(signal: AbortSignal): Promise<void> {
    this.emit([{ type: 'status', status: 'starting' }]);
    await this.link.open(signal);
    this.desktop.start();
    this.emit([{ type: 'status', status: 'ok' }]);
  }

  async stop(): Promise<void> {
    if (this.link.stopped) return;
    this.desktop.stop();
    this.settler.stop();
    this.link.stop();
    await this.batcher.complete();
  }

  fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    return this.withConnection(options.signal, async (c, signal) => {
      if (id !== DESKTOP_ID) return bulkSubtree(c.reader, id, { ...options, signal });
      // The X server's view is matched against the windows' props: read them even when only
      // the desktop is asked for, so its children list agrees with a deeper fetch.
      const depth = options.maxDepth === 0 ? 1 : options.maxDepth;
      const read = () => bulkSubtree(c.reader, id, { ...options, maxDepth: depth, signal });
      // A re-list of the top level is a few calls that window changes wait for.
      const nodes = await (depth !== undefined && depth <= 1 ? urgentCalls(read) : read());
      c.mapper.noteWindows(nodes[0]?.children ?? []);
      const shown = this.coords.remeasure(this.desktop.truth, nodes);
      return options.maxDepth === 0 ? shown.slice(0, 1) : shown;
    }).then((nodes) => (id === DESKTOP_ID ? nodes : this.coords.nodes(nodes)));
  }

  /**
   * The same subtree read element by element (GetChildren and property calls, no Cache.GetItems):
   * the independent ground truth that tests and benchmarks compare bulk fetches against.
   */
  walk(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    return this.withConnection(options.signal, async (c, signal) => {
      const nodes = await walkSubtree(c.reader, id, { ...options, signal });
      const truth = this.desktop.truth;
      return id === DESKTOP_ID ? this.coords.remeasure(truth, nodes) : this.coords.nodes(nodes);
    });
  }

  /**
   * Two round trips through the app's event loop (input queued before the first is handled
   * before the second answers; the app's signals come before its reply, in order), then the
   * X server's queued events, a verdict on the app's windows X withdrew and a listing holding
   * its new X windows (both bounded), then every event mapped so far out of events$.
   */
  async settle(id: BackendId, options: ActionOptions): Promise<void> {
    this.desktop.truth.hurry();
    await this.withConnection(options.signal, (c, signal) => appRoundTrips(c.reader, id, signal));
    this.desktop.truth.pump();
    await this.desktop.truth.untilJudged(refOf(id)[0]);
    await this.desktop.truth.untilListed(refOf(id)[0]);
    await this.batcher.drained();
  }

  async untilShownListed(id: BackendId, since: number, limitMs: number) {
    const wait = await this.desktop.truth.untilShownListed(refOf(id)[0], since, limitMs);
    // A window found gone unexposed meanwhile was told as opened and closed: delivered first.
    await this.batcher.drained();
    return wait;
  }

  performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<PatternPerformed | void> {
    this.desktop.truth.hurry();
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
    this.desktop.truth.hurry();
    if (action.kind === 'text') {
      await this.x.typeText(action.text, options.signal, () => this.keysHandled(options.signal));
      return;
    }
    await this.x.input(action, options.signal);
  }

  /** Once the focused app has handled every key sent so far (see keysHandled). */
  private async keysHandled(signal: AbortSignal): Promise<void> {
    const id = this.focusedId;
    const conn = this.link.current;
    if (id !== null && conn !== undefined) await keysHandled(conn.reader, id, signal);
  }

  async pointer(signal: AbortSignal): Promise<{ x: number; y: number }> {
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
    const screen = this.desktop.screen;
    const pidOf = async (name: string, s: AbortSignal): Promise<number | undefined> =>
      (await this.appInfo(name, s)).pid;
    await refuseCovered({ reader: conn.reader, x: this.x, pidOf }, screen, request, options.signal);
    return await screen.capture(request, options.signal);
  }

  async monitors(signal: AbortSignal): Promise<MonitorInfo[]> {
    this.usable(signal);
    return await this.desktop.monitors();
  }

  /** A person's input, seen through the X server's RECORD extension (src/backends/x11/). */
  watchInput(signal: AbortSignal): Observable<ObservedInput> {
    return this.desktop.watchInput(signal);
  }

  async windowOp(id: BackendId, op: WindowOp, options: ActionOptions): Promise<WindowGeometry> {
    this.usable(options.signal);
    return this.desktop.windows.apply(id, op, options.signal);
  }

  async windowStacking(signal: AbortSignal): Promise<WindowStacking[]> {
    this.usable(signal);
    return Promise.resolve(this.desktop.windows.stacking(signal));
  }

  /** The pid and name of an app by its bus name, read once. */
  async appInfo(busName: string, signal: AbortSignal): Promise<AppInfo> {
    const conn = this.link.current;
    if (conn === undefined) throw new BackendUnavailableError('not connected');
    return this.apps.get(busName, signal, conn);
  }

  private usable(signal: AbortSignal): Connection {
    return this.link.usable(signal);
  }

  private withConnection<T>(
    signal: AbortSignal,
    work: (c: Connection, s: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return this.link.with(signal, work);
  }

  private connect(signal: AbortSignal): Promise<Connection> {
    return openConnection(
      {
        address: this.options.a11yBusAddress,
        env: this.env,
        concurrency: this.options.concurrency ?? 32,
        callTimeoutMs: this.options.callTimeoutMs ?? 5_000,
        policies: this.policies,
        lifetime: this.link.lifetime,
        x: this.x,
        log: this.options.log,
      },
      {
        emit: (events) => this.emit(events),
        appInfo: (name, s) => this.appInfo(name, s),
        originOf: (wid) => this.desktop.truth.originOf(wid),
        scaleOf: (busName) => this.coords.scaleOf(busName),
        onSignal: (mapper, msg) => this.onSignal(mapper, msg),
        onLost: (bus, err) => void this.link.lost(bus, err),
      },
      signal,
    );
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
    const shown = this.desktop.truth.shownLog;
    const mapped = mapper.map(msg, this.link.lifetime).then((events) => {
      // Before the batcher passes the reset on, so the re-list it causes starts afresh.
      if (events.some((e) => e.type === 'reset')) this.desktop.truth.forgetListing();
      return closeShownFirst(events, (id) => shown.wasListed(id));
    });
    this.batcher.enqueue(mapped);
    void mapped.then((events) => {
      for (const e of events) {
        if (e.type === 'window.opened') this.settler.watch(e.id);
        if (e.type === 'focus') this.focusedId = e.id;
      }
    });
  }

  /** Apps quarantined now and calls learned to be fatal to a toolkit, with the reasons. */
  health(): BackendHealthReport {
    const quarantined = this.link.current?.guard.quarantined() ?? [];
    return { quarantined, forbidden: this.policies.learnedCalls() };
  }

  private emit(events: readonly BackendEvent[]): void {
    this.batcher.emit(events);
  }
}
