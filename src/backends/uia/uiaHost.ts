/**
 * The real UIA host: COM in the multithreaded apartment, one IUIAutomation, the CacheRequests,
 * the element table, the event handlers and the batcher. Runs only inside the isolated host
 * (uiaHostMain), never in the server process.
 */
import { ElementStaleError, InvalidParamsError } from '../../errors.js';
import type { BackendEvent, BackendId, InputAction, PatternAction } from '../backend.js';
import type { UiaWindowInfo, WindowQuery } from './uiaBackend.js';
import { EventBatcher } from './uiaBatch.js';
import { Automation, initComMta } from './uiaAutomation.js';
import { element } from './uiaElement.js';
import type { Ptr } from './uiaCom.js';
import { PROP, TREE_SCOPE } from './uiaConstants.js';
import { CACHED_PROPERTIES, DESKTOP_ID, runtimeIdToBackendId } from './uiaConvert.js';
import { activateWindow, focusElement, injectInput, performPattern } from './uiaHostActions.js';
import { HostEvents } from './uiaHostEvents.js';
import type { HostOp } from './uiaHostProtocol.js';
import type { HostOps } from './uiaHostRuntime.js';
import {
  ElementTable,
  fetchSubtree,
  idOf,
  readRaw,
  windowElement,
  type TreeContext,
} from './uiaHostTree.js';
import {
  elevationBlock,
  makeDpiAware,
  processName,
  topLevelWindows,
  windowPid,
  windowTitle,
} from './uiaWin32.js';

/** Lowered from IUIAutomation2's 2 s / 20 s so one stuck provider cannot hold the host long. */
const CONNECTION_TIMEOUT_MS = 1_500;
const TRANSACTION_TIMEOUT_MS = 5_000;

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

  async init(emit: (batch: BackendEvent[]) => void, log: (message: string) => void) {
    const dpiAware = makeDpiAware();
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
    };
    this.batcher = new EventBatcher({ flushMs: 16, maxBatch: 256 }, emit);
    this.events = new HostEvents(this.ctx, this.batcher, log);
    let handlers = true;
    try {
      this.events.start();
    } catch (err) {
      handlers = false;
      log(`desktop event handlers not registered: ${String(err)}`);
    }
    await Promise.resolve();
    const missing = [...automation.missing].join(' ') || 'none';
    return {
      missing,
      uiaLevel: automation.level,
      dpiAware,
      timeouts,
      coalescing,
      handlers,
      rootRuntimeId: rootKey,
    };
  }

  call(op: HostOp, args: unknown, deadline: number): unknown {
    const a = args as Record<string, unknown>;
    switch (op) {
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
      case 'probe':
        return {
          tracked: this.events?.trackedCount ?? 0,
          known: this.context().table.size,
          callbacks: this.events?.callbacks ?? 0,
        };
    }
  }

  shutdown(): void {
    this.events?.stop();
    this.batcher?.flush();
    // Handlers are not removed: RemoveEventHandler waits for callbacks queued to this very
    // thread and would deadlock; the process exit releases everything.
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

  private fetch(id: BackendId, maxDepth: number | null, deadline: number) {
    const ctx = this.context();
    const nodes = fetchSubtree(ctx, id, maxDepth, deadline);
    for (const node of nodes) {
      const el = ctx.table.get(node.id);
      if (node.parentId === DESKTOP_ID && el !== undefined) this.events?.trackWindow(node.id, el);
    }
    return nodes;
  }

  private listWindows(query: WindowQuery): UiaWindowInfo[] {
    const ctx = this.context();
    const out: UiaWindowInfo[] = [];
    for (const hwnd of topLevelWindows()) {
      const pid = windowPid(hwnd);
      const title = windowTitle(hwnd);
      const app = processName(pid);
      if (query.pid !== undefined && pid !== query.pid) continue;
      if (query.app !== undefined && app !== query.app.toLowerCase().replace(/\.exe$/, ''))
        continue;
      if (query.title !== undefined && !title.toLowerCase().includes(query.title.toLowerCase()))
        continue;
      try {
        const el = windowElement(ctx, hwnd, ctx.elementRequest);
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
