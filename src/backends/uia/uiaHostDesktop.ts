/**
 * The host's desktop operations beside UIA reads: the clipboard, window changes and the window
 * stack, apps (uiaHostApps). A window op tries the UIA pattern first (Window for states and
 * close, Transform for move and resize) and falls back to Win32 where the provider has none
 * (or the runtime cannot reach patterns: Wine); either way the answer is the window read back.
 */
import { ElementStaleError, InvalidParamsError, isUiError } from '../../errors.js';
import type {
  BackendId,
  PatternAction,
  WindowGeometry,
  WindowOp,
  WindowStacking,
} from '../backend.js';
import type { Ptr } from './uiaCom.js';
import { IID, PROP } from './uiaConstants.js';
import { backendIdToRuntimeId, DESKTOP_ID } from './uiaConvert.js';
import { element } from './uiaElement.js';
import { call, performPattern, withPattern } from './uiaHostActions.js';
import { HostApps } from './uiaHostApps.js';
import type { HostNotice, HostOp } from './uiaHostProtocol.js';
import { idOf, readRaw, windowElement, type TreeContext } from './uiaHostTree.js';
import { topLevelWindows, type Hwnd } from './uiaWin32.js';
import { HostClipboard } from './uiaWin32Clipboard.js';
import { awaitEffect, readWindow, requestOp } from './uiaWin32Window.js';

/** UIA's RuntimeId prefix of an element served for a window handle: [42, hwnd]. */
const HWND_RUNTIME_PREFIX = 42;
/** How long a window op waits for its effect (a close answered by a question never comes). */
const CONFIRM_MS = 5_000;

const DESKTOP_OPS = new Set<HostOp>([
  'clipboardState',
  'clipboardRead',
  'clipboardWrite',
  'windowOp',
  'windowStacking',
  'appsCatalog',
  'appsLaunch',
  'appsClose',
  'appsKill',
  'appsProcesses',
]);

function patternOf(op: WindowOp): PatternAction | undefined {
  if (op.op === 'close') return { pattern: 'Window', op: 'close' };
  if (op.op !== 'state' || op.state === 'fullscreen') return undefined;
  const ops = { normal: 'restore', minimized: 'minimize', maximized: 'maximize' } as const;
  return { pattern: 'Window', op: ops[op.state] };
}

const unreachable = (err: unknown): boolean =>
  isUiError(err) && (err.code === 'pattern_not_supported' || err.code === 'not_supported');

export class HostDesktop {
  private readonly clipboard: HostClipboard;
  private readonly apps: HostApps;

  constructor(
    private readonly ctx: TreeContext,
    notice: (n: HostNotice) => void,
  ) {
    const appName = (pid: number): string => ctx.appNames.of(pid);
    this.clipboard = new HostClipboard(appName);
    this.clipboard.watch((state) => notice({ kind: 'clipboard', state }));
    this.apps = new HostApps((id) => this.hwndOf(id), appName);
  }

  handles(op: HostOp): boolean {
    return DESKTOP_OPS.has(op);
  }

  async call(op: HostOp, a: Record<string, unknown>, deadline: number): Promise<unknown> {
    switch (op) {
      case 'clipboardState':
        return this.clipboard.state();
      case 'clipboardRead':
        return (
          (await this.clipboard.read(
            a['format'] as 'text' | 'html' | 'image',
            a['maxBytes'] as number,
            deadline,
          )) ?? null
        );
      case 'clipboardWrite':
        return this.clipboard.write(a, deadline);
      case 'windowOp':
        return this.windowOp(a['id'] as BackendId, a['op'] as WindowOp, deadline);
      case 'windowStacking':
        return this.stacking();
      default:
        return this.apps.call(op, a, deadline);
    }
  }

  stop(): void {
    this.clipboard.stop();
  }

  /** The window handle behind a top-level window's id. */
  hwndOf(id: BackendId): Hwnd {
    const el = id === DESKTOP_ID ? undefined : this.ctx.table.get(id);
    if (el !== undefined) {
      try {
        const handle = element.property(el, PROP.NativeWindowHandle, false);
        if (typeof handle === 'number' && handle !== 0) return BigInt(handle);
      } catch {
        // gone, or a runtime without the property: the RuntimeId may still name the handle
      }
    }
    const runtimeId = backendIdToRuntimeId(id);
    if (runtimeId?.length === 2 && runtimeId[0] === HWND_RUNTIME_PREFIX)
      return BigInt((runtimeId[1] ?? 0) >>> 0);
    throw new ElementStaleError(`${id} is not a window this host knows (fetch it first)`);
  }

  private async windowOp(id: BackendId, op: WindowOp, deadline: number): Promise<WindowGeometry> {
    const hwnd = this.hwndOf(id);
    const before = readWindow(hwnd, '');
    if (before.closed) throw new ElementStaleError(`window ${id} is gone`);
    const confirmBy = Math.min(deadline, Date.now() + CONFIRM_MS);
    const el = this.ctx.table.get(id);
    const via =
      (el === undefined ? undefined : await this.byPattern(el, op)) ?? requestOp(hwnd, op, before);
    return awaitEffect(hwnd, op, before, via, confirmBy);
  }

  /** The op through its UIA pattern; undefined when the element has none (then Win32). */
  private async byPattern(el: Ptr, op: WindowOp): Promise<string | undefined> {
    try {
      const action = patternOf(op);
      if (action !== undefined) {
        await performPattern(el, action);
        return 'WindowPattern';
      }
      if (op.op !== 'move' && op.op !== 'resize') return undefined;
      const [slot, x, y] = op.op === 'move' ? [3, op.x, op.y] : [4, op.width, op.height];
      const what = `TransformPattern::${op.op === 'move' ? 'Move' : 'Resize'}`;
      await withPattern(
        el,
        'Transform',
        IID.TransformPattern,
        call(what, slot, ['double', 'double'], x, y),
      );
      return 'TransformPattern';
    } catch (err) {
      if (unreachable(err)) return undefined;
      throw err;
    }
  }

  /** Visible top-level windows topmost first, each with its state as read now. */
  private async stacking(): Promise<WindowStacking[]> {
    const out: WindowStacking[] = [];
    for (const hwnd of topLevelWindows()) {
      try {
        const el = await windowElement(this.ctx, hwnd, this.ctx.elementRequest);
        const id = idOf(this.ctx, el, readRaw(el, true));
        this.ctx.table.put(id, el, DESKTOP_ID);
        out.push({ id, state: readWindow(hwnd, '').state });
      } catch {
        // closed meanwhile: not in the stack
      }
    }
    return out;
  }
}

export function argsRecord(args: unknown): Record<string, unknown> {
  if (typeof args !== 'object' || args === null) throw new InvalidParamsError('arguments missing');
  return args as Record<string, unknown>;
}
