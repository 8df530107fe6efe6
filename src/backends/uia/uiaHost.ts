/**
 * The real UIA host: COM in the multithreaded apartment, one IUIAutomation, the CacheRequests,
 * the element table, the event handlers and the batcher. Runs only inside the isolated host
 * (uiaHostMain), never in the server process.
 */
import { ElementStaleError, InvalidParamsError, NotSupportedError } from '../../errors.js';
import type { BackendEvent, BackendId, InputAction, PatternAction } from '../backend.js';
import { AppNames } from './uiaAppNames.js';
import type { UiaWindowInfo, WindowQuery } from './uiaBackend.js';
import { EventBatcher } from './uiaBatch.js';
import { Automation, initComMta } from './uiaAutomation.js';
import { element } from './uiaElement.js';
import type { Ptr } from './uiaCom.js';
import { PROP, TREE_SCOPE } from './uiaConstants.js';
import { CACHED_PROPERTIES, DESKTOP_ID, runtimeIdToBackendId } from './uiaConvert.js';
import { activateWindow, focusElement, injectInput, performPattern } from './uiaHostActions.js';
import { HostEvents } from './uiaHostEvents.js';
import { HostDesktop } from './uiaHostDesktop.js';
import { TopLevelWatch } from './uiaWindowWatch.js';
import type { HostNotice, HostOp } from './uiaHostProtocol.js';
import type { HostOps } from './uiaHostRuntime.js';
import { fetchSubtree, idOf, readRaw, windowElement, type TreeContext } from './uiaHostTree.js';
import { ElementTable } from './uiaTable.js';
import { walkSubtree } from './uiaHostWalk.js';
import { captureArea, monitors } from './uiaWin32Capture.js';
import type { ScreenRect } from './uiaWin32Gdi.js';
import { nativeTracker } from './uiaProgress.js';
import {
  elevationBlock,
  makeDpiAware,
  processName,
  processStartTime,
  sleepNative,
  topLevelWindows,
  windowPid,
  windowTitle,
  wineVersion,
  cursorPosition,
} from './uiaWin32.js';
import { serializePoolCalls } from './uiaComAsync.js';

/** Lowered from IUIAutomation2's 2 s / 20 s so one stuck provider cannot hold the host long. */
const CONNECTION_TIMEOUT_MS = 1_500;
const TRANSACTION_TIMEOUT_MS = 5_000;
/** Set by the Wine proof: enables the `diagnose` op (native sleeps for the watchdog). */
const DIAGNOSTICS_ENV = 'UISTREAM_UIA_DIAGNOSTICS';

/** The desktop root's RuntimeId as a key, '' where the runtime gives none (Wine). */
function rootRuntimeKey(root: Ptr): string {
  for (const read of [
    () => element.runtimeId(root),
    () => element.property(root, PROP.RuntimeId, false),
  ]) {
    try {
      const value = read();
      if (Array.isArray(value) && value.length > 0) return runtimeIdToBackendId(value);
    } catch {
      // try the next way
    }
  }
  return '';
}

export class UiaHost implements HostOps {
  private ctx: TreeContext | undefined;
  private events: HostEvents | undefined;
  private batcher: EventBatcher | undefined;
  private desktop: HostDesktop | undefined;
  private watch: TopLevelWatch | undefined;

  async init(
    emit: (batch: BackendEvent[]) => void,
    log: (message: string) => void,
    notice: (n: HostNotice) => void = () => undefined,
  ) {
    const dpiAware = makeDpiAware();
    const wine = wineVersion();
    if (wine !== null) serializePoolCalls();
    initComMta();
    const automation = Automation.create();
    const timeouts = automation.setTimeouts(CONNECTION_TIMEOUT_MS, TRANSACTION_TIMEOUT_MS);
    let coalescing = false;
    try {
      coalescing = automation.enableCoalescing();
    } catch (err) {
      log(`event coalescing unavailable: ${String(err)}`);
    }
    const root = automation.root();
    const rootKey = rootRuntimeKey(root);
    const request = (scope: number) => automation.cacheRequest(CACHED_PROPERTIES, scope);
    this.ctx = {
      automation,
      root,
      rootKey,
      table: new ElementTable(),
      subtreeRequest: request(TREE_SCOPE.Subtree),
      childrenRequest: request(TREE_SCOPE.Element | TREE_SCOPE.Children),
      elementRequest: request(TREE_SCOPE.Element),
      appNames: new AppNames({ startTime: processStartTime, name: processName }),
      woken: new Set(),
    };
    this.batcher = new EventBatcher({ flushMs: 16, maxBatch: 256 }, emit);
    this.events = new HostEvents(this.ctx, this.batcher, log);
    const handlers = await this.events.start();
    // Wine's UIA raises no window opened/closed events: the host watches the window list.
    if (wine !== null) {
      const batcher = this.batcher;
      this.watch = new TopLevelWatch(this.ctx, (e) => batcher.push(e), log);
      this.watch.start();
    }
    try {
      this.desktop = new HostDesktop(this.ctx, notice);
    } catch (err) {
      log(`desktop operations unavailable: ${String(err)}`);
    }
    const missing = [...automation.missing].join(' ') || 'none';
    return {
      missing,
      uiaLevel: automation.level,
      dpiAware,
      timeouts,
      coalescing,
      handlers,
      rootRuntimeId: rootKey,
      runtime: wine === null ? 'windows' : `wine ${wine}`,
      serialPoolCalls: wine !== null,
    };
  }

  async call(op: HostOp, args: unknown, deadline: number): Promise<unknown> {
    const a = args as Record<string, unknown>;
    if (this.desktop?.handles(op) === true) return this.desktop.call(op, a, deadline);
    switch (op) {
      case 'walk':
        return walkSubtree(this.context(), a['id'] as BackendId, deadline);
      case 'diagnose':
        return this.diagnose(a['steps'] as number, a['ms'] as number);
      case 'fetchSubtree':
        return this.fetch(a['id'] as BackendId, a['maxDepth'] as number | null, deadline);
      case 'performPattern':
        return performPattern(this.element(a['id'] as BackendId), a['action'] as PatternAction);
      case 'focus':
        return focusElement(this.element(a['id'] as BackendId));
      case 'activateWindow':
        return activateWindow(this.element(a['id'] as BackendId));
      case 'input':
        return injectInput(args as InputAction);
      case 'listWindows':
        return this.listWindows(args as WindowQuery);
      case 'capture':
        return this.capture(a['rect'] as ScreenRect, a['windowId'] as BackendId | null, deadline);
      case 'monitors':
        return monitors();
      case 'pointer':
        return cursorPosition();
      case 'probe':
        return {
          tracked: this.events?.trackedCount ?? 0,
          known: this.context().table.size,
          callbacks: this.events?.callbacks ?? 0,
          refusedHandlers: this.events?.refused ?? 0,
        };
      default:
        throw new NotSupportedError(
          `the UIA host cannot ${op} here (desktop operations failed to load)`,
        );
    }
  }

  busy() {
    return nativeTracker.busy();
  }

  async shutdown(): Promise<void> {
    this.desktop?.stop();
    this.watch?.stop();
    this.batcher?.flush();
    try {
      await this.events?.stop();
    } finally {
      this.batcher?.flush();
    }
  }

  /** Native sleeps on pool threads, one after another: a blocked or a progressing call. */
  private async diagnose(steps: number, ms: number): Promise<number> {
    if (process.env[DIAGNOSTICS_ENV] !== '1')
      throw new NotSupportedError(`diagnostics are off (set ${DIAGNOSTICS_ENV}=1 in the host)`);
    for (let i = 0; i < steps; i++) await sleepNative(ms);
    return steps;
  }

  private context(): TreeContext {
    if (this.ctx === undefined) throw new InvalidParamsError('the UIA host is not initialised');
    return this.ctx;
  }

  private element(id: BackendId) {
    const ctx = this.context();
    const el = id === DESKTOP_ID ? ctx.root : ctx.table.get(id);
    if (el === undefined)
      throw new ElementStaleError(`element ${id} is not known to this UIA host (fetch it first)`);
    return el;
  }

  /** A window id the host no longer knows still captures its rectangle from the screen. */
  private capture(rect: ScreenRect, windowId: BackendId | null, deadline: number) {
    let hwnd: bigint | null = null;
    const el = windowId === null ? undefined : this.context().table.get(windowId);
    if (el !== undefined) {
      try {
        const handle = element.property(el, PROP.NativeWindowHandle, false);
        if (typeof handle === 'number' && handle !== 0) hwnd = BigInt(handle);
      } catch {
        // gone or unreadable: the screen's pixels will do
      }
    }
    return captureArea(rect, hwnd, deadline);
  }

  private async fetch(id: BackendId, maxDepth: number | null, deadline: number) {
    const ctx = this.context();
    const nodes = await fetchSubtree(ctx, id, maxDepth, deadline);
    for (const node of nodes) {
      const el = ctx.table.get(node.id);
      if (node.parentId === DESKTOP_ID && el !== undefined)
        await this.events?.trackWindow(node.id, el, node.props.pid ?? 0);
    }
    return nodes;
  }

  private async listWindows(query: WindowQuery): Promise<UiaWindowInfo[]> {
    const ctx = this.context();
    const out: UiaWindowInfo[] = [];
    for (const hwnd of topLevelWindows()) {
      const pid = windowPid(hwnd);
      const title = windowTitle(hwnd);
      const app = ctx.appNames.of(pid);
      if (query.pid !== undefined && pid !== query.pid) continue;
      if (query.app !== undefined && app !== query.app.toLowerCase().replace(/\.exe$/, ''))
        continue;
      if (query.title !== undefined && !title.toLowerCase().includes(query.title.toLowerCase()))
        continue;
      try {
        const el = await windowElement(ctx, hwnd, ctx.elementRequest);
        const id = idOf(ctx, el, readRaw(el, true));
        ctx.table.put(id, el, DESKTOP_ID);
        out.push({
          id,
          hwnd: Number(hwnd),
          pid,
          app,
          title,
          elevated: elevationBlock(pid) !== null,
        });
      } catch {
        // closed meanwhile, or not readable: not listed
      }
    }
    return out;
  }
}
