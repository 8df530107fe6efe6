/**
 * The window methods of the table: the five ops through the executor, the monitors, and
 * windows.list's cached answer joined with what only the platform knows now (the stacking
 * order, fullscreen) and the monitor each window is on.
 */
import type {
  MethodResult,
  WindowInfo,
  WindowOpResult,
  WindowStateName,
} from '../../protocol/src/index.js';
import type { AccessibilityBackend, MonitorInfo, WindowStacking } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import type { CallerContext, Executor } from '../executor/api.js';
import type { WindowOpMethod, WindowOpParams } from '../executor/window-op.js';
import { monitorOf } from '../pixels/monitors.js';
import type { Pixels } from '../pixels/service.js';

type Op = (p: WindowOpParams, ctx: CallerContext) => Promise<WindowOpResult>;

/** The five window ops, each one call into the executor. */
export function windowOpHandlers(executor: Executor): Record<WindowOpMethod, Op> {
  const op =
    (method: WindowOpMethod): Op =>
    (p, ctx) =>
      executor.windowOp(method, p, ctx);
  return {
    'windows.move': op('windows.move'),
    'windows.resize': op('windows.resize'),
    'windows.setState': op('windows.setState'),
    'windows.activate': op('windows.activate'),
    'windows.close': op('windows.close'),
  };
}

/** screen.monitors: none when the backend cannot say (it cannot capture either). */
export async function screenMonitors(
  pixels: Pixels,
  signal: AbortSignal,
): Promise<MethodResult<'screen.monitors'>> {
  return { monitors: await pixels.monitors(signal), space: 'physical' };
}

function cachedState(w: WindowInfo): WindowStateName {
  if (w.minimized) return 'minimized';
  return w.maximized ? 'maximized' : 'normal';
}

/** The stacking, or undefined when the backend has none or cannot read it now. */
async function stackingOf(
  backend: AccessibilityBackend,
  signal: AbortSignal,
): Promise<WindowStacking[] | undefined> {
  try {
    return await backend.windowStacking?.(signal);
  } catch {
    return undefined;
  }
}

async function monitorsOf(pixels: Pixels, signal: AbortSignal): Promise<MonitorInfo[]> {
  try {
    return await pixels.monitors(signal);
  } catch {
    return [];
  }
}

/**
 * Add state, bounds, monitor and z-order to a windows.list answer. Without the backend's stacking, z is
 * the cache's hit-test order (the foreground first, then newest first).
 */
export async function withPlacement(
  deps: { backend: AccessibilityBackend; cache: UiCache; pixels: Pixels },
  result: MethodResult<'windows.list'>,
  signal: AbortSignal,
): Promise<MethodResult<'windows.list'>> {
  const [stack, monitors] = await Promise.all([
    stackingOf(deps.backend, signal),
    monitorsOf(deps.pixels, signal),
  ]);
  const byId = new Map(stack?.map((s, z) => [s.id, { ...s, z }]));
  const fallback = [...result.windows]
    .reverse()
    .sort((a, b) => Number(b.foreground) - Number(a.foreground));
  const windows = result.windows.map((w): WindowInfo => {
    const id = deps.cache.backendId(w.element);
    const known = id === undefined ? undefined : byId.get(id);
    // The platform's bounds and focus when it gave them: the window ops' space, current after
    // a move the app announced late (Qt) or with its frame (GTK 3's extents), and after an
    // activation the app announced late or never (Swing through the ATK wrapper).
    const rect = known?.rect ?? w.rect;
    return {
      ...w,
      rect,
      foreground: known?.foreground ?? w.foreground,
      state: known?.state ?? cachedState(w),
      monitor: monitorOf(rect, monitors),
      z: known?.z ?? (stack === undefined ? fallback.indexOf(w) : stack.length),
    };
  });
  return { ...result, windows };
}
