/**
 * SimBackend: the AccessibilityBackend over the simulated desktop. Calls behave like a real
 * UIA client's: they are async, honour the caller's signal, wait on a slow app's busy thread,
 * fail with ElementStaleError when the element (or its app) is gone, and a bulk fetch can be
 * given a latency model so benchmarks see a platform-like cost.
 */
import {
  ActionFailedError,
  BackendUnavailableError,
  ElementStaleError,
  InvalidParamsError,
  throwIfAborted,
} from '../../errors.js';
import { PATTERNS } from '../../../protocol/src/index.js';
import type {
  AccessibilityBackend,
  ActionOptions,
  BackendCapabilities,
  BackendId,
  BackendNode,
  CapturedImage,
  CaptureRequest,
  FetchOptions,
  InputAction,
  MonitorInfo,
  ObservedInput,
  PatternAction,
  TextRunRequest,
  WindowGeometry,
  WindowOp,
  WindowStacking,
} from '../backend.js';
import { fromEvent, Subject, takeUntil, type Observable } from 'rxjs';
import { renderDesktop, simMonitors } from './render.js';
import { launchApp } from './apps/launch.js';
import type { SimClipboard } from './clipboard.js';
import { Desktop } from './desktop.js';
import { walkTree, windowOf, type SimElement } from './element.js';
import { EventPump } from './events.js';
import { applyInput, pointerAt } from './input.js';
import { observedOf } from './observed.js';
import { applyPattern } from './patterns.js';
import { simTextRuns } from './text-format.js';
import { DEFAULT_APPS, parseScene, type Scene, type SceneInput } from './scene.js';
import { raceSignal } from '../../errors.js';
import { delay } from './wait.js';
import { crashApp } from './windows.js';
import { applyWindowOp, sceneMonitors, simStacking } from './window-ops.js';
import { createControl, type SimControl } from './control.js';
import { createSimAppControl } from './appControl.js';
import type { BackendApps } from '../apps.js';

export interface SimBackendOptions {
  /** The scene (validated); default: the default desktop. */
  scene?: SceneInput;
  /** Overrides the scene's seed. */
  seed?: number;
}

const CAPABILITIES: BackendCapabilities = {
  events: {
    focus: true,
    structure: true,
    property: true,
    text: true,
    'window.opened': true,
    'window.closed': true,
    'window.activated': true,
  },
  patterns: [...PATTERNS],
  input: { keyboard: true, mouse: true },
  bulkFetch: true,
};

export class SimBackend implements AccessibilityBackend {
  readonly name = 'sim' as const;
  readonly capabilities = CAPABILITIES;
  readonly rootId: BackendId;
  readonly scene: Scene;
  readonly control: SimControl;
  readonly appControl: BackendApps;
  /** @internal the engine, for the control API and the demo. */
  readonly desktop: Desktop;
  private readonly pump: EventPump;
  private phase: 'created' | 'started' | 'stopped' = 'created';
  /** Calls blocked in an app (a modal Invoke) that stop() must release. */
  private readonly blocked = new Set<AbortController>();
  fetchLatency: Scene['fetchLatency'];
  private readonly observed = new Subject<ObservedInput>();

  constructor(options: SimBackendOptions = {}) {
    const scene = parseScene(options.scene ?? {});
    if (options.seed !== undefined) scene.seed = options.seed;
    this.scene = scene;
    this.fetchLatency = { ...scene.fetchLatency };
    this.pump = new EventPump(scene.seed, scene.quirks, scene.eventLatencyMs);
    this.desktop = new Desktop(scene.screen, this.pump);
    this.desktop.monitors = sceneMonitors(scene.screen, scene.monitors);
    this.rootId = this.desktop.root.id;
    for (const app of scene.apps ?? DEFAULT_APPS) launchApp(this.desktop, app);
    this.control = createControl(this, this.desktop, this.pump);
    this.appControl = createSimAppControl(this.desktop);
  }

  get events$() {
    return this.pump.events$;
  }

  get clipboard(): SimClipboard {
    return this.desktop.clipboard;
  }

  start(signal: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    if (this.phase === 'stopped')
      return Promise.reject(new BackendUnavailableError('the simulated desktop was stopped'));
    if (this.phase === 'created') {
      this.phase = 'started';
      this.pump.start();
      this.pump.emit({ type: 'status', status: 'ok' });
    }
    return Promise.resolve();
  }

  stop(): Promise<void> {
    if (this.phase !== 'stopped') {
      this.phase = 'stopped';
      this.desktop.timers.stopAll();
      for (const call of this.blocked)
        call.abort(new BackendUnavailableError('the simulated desktop stopped'));
      this.pump.stop();
      this.desktop.clipboard.complete();
    }
    return Promise.resolve();
  }

  /** The whole desktop, pre-order, synchronously: what a perfect full walk would return now. */
  groundTruth(): BackendNode[] {
    return walkTree(this.desktop.root);
  }

  async fetchSubtree(id: BackendId, options: FetchOptions): Promise<BackendNode[]> {
    const { signal, maxDepth } = options;
    const depthOk = maxDepth === Infinity || (Number.isInteger(maxDepth) && (maxDepth ?? 0) >= 0);
    if (maxDepth !== undefined && !depthOk) {
      throw new InvalidParamsError(`maxDepth must be a non-negative integer, got ${maxDepth}`);
    }
    const root = this.resolve(id, signal);
    const { perCallMs, perElementUs } = this.fetchLatency;
    // Counting costs a walk of its own: only done when the latency model charges per element.
    const count = perElementUs > 0 ? walkTree(root, maxDepth).length : 0;
    const busy = Math.max(0, ...this.appsUnder(root).map((a) => a.delayMs));
    await delay(perCallMs + (count * perElementUs) / 1000 + busy, signal);
    return walkTree(this.resolve(id, signal), maxDepth);
  }

  async performPattern(
    id: BackendId,
    action: PatternAction,
    options: ActionOptions,
  ): Promise<void> {
    const el = await this.enter(id, options.signal);
    const result = applyPattern(this.desktop, el, action);
    if (result instanceof Promise) await this.block(result, options.signal);
    this.checkSurvived(el);
  }

  async focus(id: BackendId, options: ActionOptions): Promise<void> {
    const el = await this.enter(id, options.signal);
    const isWindow = el.parent === this.desktop.root;
    if (!isWindow && !(el.states.has('focusable') && el.states.has('enabled'))) {
      throw new ActionFailedError(`${el.controlType} "${el.name}" cannot take keyboard focus`);
    }
    const win = windowOf(el);
    const blocker = win === null ? undefined : this.desktop.blocker(win);
    if (!isWindow && blocker !== undefined) {
      throw new ActionFailedError(
        `"${win?.name}" is disabled by its modal dialog "${blocker.name}"`,
        {
          details: { dialog: blocker.id },
        },
      );
    }
    if (isWindow) this.desktop.activate(el);
    else this.desktop.focus(el);
    this.control.afterFocus();
  }

  async activateWindow(id: BackendId, options: ActionOptions): Promise<void> {
    const el = await this.enter(id, options.signal);
    if (el.parent !== this.desktop.root) {
      throw new ActionFailedError(`${el.controlType} "${el.name}" is not a top-level window`);
    }
    this.desktop.activate(el);
  }

  input(action: InputAction, options: ActionOptions): Promise<void> {
    try {
      this.checkRunning();
      throwIfAborted(options.signal);
      if (this.observed.observed) for (const o of observedOf(action)) this.observed.next(o);
      applyInput(this.desktop, action);
      return Promise.resolve();
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  pointer(signal: AbortSignal): Promise<{ x: number; y: number }> {
    this.checkRunning();
    throwIfAborted(signal);
    return Promise.resolve(pointerAt(this.desktop));
  }

  /** A person's input: what reaches the sim's input layer, as keys and buttons (observed.ts). */
  watchInput(signal: AbortSignal): Observable<ObservedInput> {
    return this.observed.pipe(takeUntil(fromEvent(signal, 'abort')));
  }

  /** Rasterise part of the simulated screen (see render.ts). */
  capture(request: CaptureRequest, options: ActionOptions): Promise<CapturedImage> {
    try {
      this.checkRunning();
      throwIfAborted(options.signal);
      return Promise.resolve(renderDesktop(this.desktop, request.rect));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  async textAttributes(id: BackendId, request: TextRunRequest, options: ActionOptions) {
    return simTextRuns(await this.enter(id, options.signal), request);
  }

  monitors(): Promise<MonitorInfo[]> {
    return Promise.resolve(simMonitors(this.desktop));
  }

  async windowOp(id: BackendId, op: WindowOp, options: ActionOptions): Promise<WindowGeometry> {
    return applyWindowOp(this.desktop, await this.enter(id, options.signal), op);
  }

  windowStacking(): Promise<WindowStacking[]> {
    return Promise.resolve(simStacking(this.desktop));
  }

  private checkRunning(): void {
    if (this.phase !== 'started') {
      throw new BackendUnavailableError(
        `the simulated desktop is ${this.phase === 'created' ? 'not started' : 'stopped'}`,
      );
    }
  }

  private resolve(id: BackendId, signal: AbortSignal): SimElement {
    this.checkRunning();
    throwIfAborted(signal);
    if (typeof id !== 'string') throw new InvalidParamsError('an element id must be a string');
    const el = this.desktop.get(id);
    if (el === undefined || el.gone) {
      throw new ElementStaleError(
        `element ${id} is not on the desktop (it closed or never existed)`,
        {
          details: { id },
        },
      );
    }
    return el;
  }

  /** Resolve the element and pay its app's busy delay; the app may crash meanwhile. */
  private async enter(id: BackendId, signal: AbortSignal): Promise<SimElement> {
    const el = this.resolve(id, signal);
    const app = el.app;
    if (app !== null) {
      await delay(app.delayMs, signal);
      const hold = app.hold;
      if (hold !== undefined) {
        hold.enter();
        await raceSignal(hold.released, signal);
      }
      if (app.crashOnNextCall) {
        app.crashOnNextCall = false;
        crashApp(this.desktop, app);
      }
    }
    return this.resolve(id, signal);
  }

  private checkSurvived(el: SimElement): void {
    if (el.gone && el.app?.crashed === true) {
      throw new ElementStaleError(`${el.app.name} (pid ${el.app.pid}) crashed during the call`, {
        details: { id: el.id, app: el.app.name },
      });
    }
  }

  /** Wait for an app that blocks the call (a modal Invoke), until the caller's deadline. */
  private async block(work: Promise<void>, signal: AbortSignal): Promise<void> {
    const call = new AbortController();
    this.blocked.add(call);
    try {
      await raceSignal(work, AbortSignal.any([signal, call.signal]));
    } finally {
      this.blocked.delete(call);
    }
  }

  private appsUnder(root: SimElement): NonNullable<SimElement['app']>[] {
    if (root.app !== null) return [root.app];
    return this.desktop.apps.filter((a) => !a.crashed && a.windows.length > 0);
  }
}
