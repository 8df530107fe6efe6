/**
 * windows.move / resize / setState / activate / close: resolved from the cache, checked by the
 * access policy, run in the window's lane (activate in the input lane: it moves the keyboard),
 * and answered with the window as the platform reports it afterwards. A move that would leave
 * the window entirely off every monitor is refused (invalid_params, nothing changes): a window
 * nobody can see or click is never what a caller meant, and clamping would silently answer a
 * place the caller did not ask for.
 */
import type {
  MethodParams,
  WindowInfo,
  WindowOpResult,
  WindowStateName,
} from '../../protocol/src/index.js';
import type { MonitorInfo, WindowGeometry, WindowOp } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import { InvalidParamsError, NotSupportedError } from '../errors.js';
import { monitorOf, onSomeMonitor } from '../pixels/monitors.js';
import type { ActionEnv } from './env.js';
import { INPUT_LANE, windowLane } from './queue.js';
import { waitForValue } from './waits.js';

export type WindowOpMethod =
  'windows.move' | 'windows.resize' | 'windows.setState' | 'windows.activate' | 'windows.close';

export type WindowOpParams = MethodParams<WindowOpMethod>;

/** Runs `work` in `lane` once its turn comes (the executor's queue). */
export type LaneRunner = <T>(lane: string, work: () => Promise<T>) => Promise<T>;

/** Longest wait for the cache to see what the platform already reported. */
const CACHE_CATCH_UP_MS = 2_000;

/** The backend's op for a method's params. */
export function backendOp(method: WindowOpMethod, p: WindowOpParams): WindowOp {
  const q = p as Partial<{ x: number; y: number; width: number; height: number }> & {
    state?: WindowStateName;
  };
  switch (method) {
    case 'windows.move':
      return { op: 'move', x: q.x ?? 0, y: q.y ?? 0 };
    case 'windows.resize':
      return { op: 'resize', width: q.width ?? 1, height: q.height ?? 1 };
    case 'windows.setState':
      return { op: 'state', state: q.state ?? 'normal' };
    case 'windows.activate':
      return { op: 'activate' };
    case 'windows.close':
      return { op: 'close' };
  }
}

/** Wider and taller than any desktop (X11 and Win32 coordinates are 16-bit). */
const UNKNOWN_EXTENT = 65_536;

/** Refuse a move that leaves no part of the window on any monitor. */
export function checkOnScreen(window: WindowInfo, op: WindowOp, monitors: MonitorInfo[]): void {
  if (op.op !== 'move') return;
  // A window of unknown size (no accessible extents, as Swing's frames through the ATK
  // wrapper) reaches right and down from its origin at most: off every monitor when even an
  // unbounded one would be.
  const size = window.rect ?? { width: UNKNOWN_EXTENT, height: UNKNOWN_EXTENT };
  const target = { x: op.x, y: op.y, width: size.width, height: size.height };
  if (onSomeMonitor(target, monitors)) return;
  throw new InvalidParamsError(
    `moving "${window.title}" to (${op.x}, ${op.y}) would put it off every monitor`,
    {
      details: { reason: 'offscreen', rect: target, monitors: monitors.map((m) => m.rect) },
      recovery: ['Pick a point inside a monitor (screen.monitors lists them)'],
    },
  );
}

function stateOf(w: WindowInfo): WindowStateName {
  if (w.minimized) return 'minimized';
  return w.maximized ? 'maximized' : 'normal';
}

/** Where the platform put the window differently from what was asked, in words. */
export function deviations(op: WindowOp, got: WindowGeometry): string[] {
  const r = got.rect;
  if (op.op === 'move' && r !== null && (r.x !== op.x || r.y !== op.y))
    return [`the window manager placed it at (${r.x}, ${r.y}), not (${op.x}, ${op.y})`];
  if (op.op === 'resize' && r !== null && (r.width !== op.width || r.height !== op.height))
    return [`the window took ${r.width}x${r.height}, not ${op.width}x${op.height}`];
  if (op.op === 'state' && got.state !== op.state)
    return [`the window is ${got.state}, not ${op.state}`];
  return [];
}

/** Whether the cached window agrees with what the platform reported. */
function cacheAgrees(cache: UiCache, ref: string, got: WindowGeometry): boolean {
  let w: WindowInfo;
  try {
    w = cache.resolveWindow(ref);
  } catch {
    return got.closed;
  }
  if (got.closed) return false;
  if ((got.state === 'minimized') !== w.minimized) return false;
  const a = w.rect;
  const b = got.rect;
  if (got.state === 'minimized' || a === null || b === null) return true;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Run one window op (params validated, method allowed) and answer what the platform says. */
export async function runWindowOp(
  env: Pick<ActionEnv, 'backend' | 'cache' | 'policy' | 'progress'>,
  method: WindowOpMethod,
  p: WindowOpParams,
  inLane: LaneRunner,
): Promise<WindowOpResult> {
  const started = performance.now();
  const { backend, cache, progress } = env;
  const window = cache.resolveWindow(p.window);
  env.policy.checkTarget({ app: window.app, pid: window.pid, window: window.ref });
  const id = cache.backendId(window.element);
  if (backend.windowOp === undefined || id === undefined) {
    throw new NotSupportedError(`the ${backend.name} backend cannot change windows`);
  }
  const op = backendOp(method, p);
  const monitors = (await backend.monitors?.(progress.signal)) ?? [];
  checkOnScreen(window, op, monitors);
  const answer = (got: WindowGeometry, dryRun: boolean, warnings: string[]): WindowOpResult => ({
    action: method,
    dryRun,
    window: window.ref,
    title: window.title,
    ...got,
    monitor: got.closed ? null : monitorOf(got.rect, monitors),
    durationMs: performance.now() - started,
    revision: cache.revision,
    ...(warnings.length > 0 ? { warnings } : {}),
  });
  if (env.policy.isDryRun(p.dryRun)) {
    const now = { rect: window.rect, state: stateOf(window), closed: false };
    return answer({ ...now, foreground: window.foreground, via: 'none' }, true, []);
  }
  const lane = op.op === 'activate' ? INPUT_LANE : windowLane(window.ref);
  progress.step(`waiting for the ${lane} lane: ${method} "${window.title}"`);
  const doOp = backend.windowOp.bind(backend);
  const got = await inLane(lane, () => progress.race(doOp(id, op, { signal: progress.signal })));
  const warnings = deviations(op, got);
  const limit = Math.min(CACHE_CATCH_UP_MS, progress.remaining());
  const seen = await waitForValue(
    cache,
    () => (cacheAgrees(cache, window.ref, got) ? true : undefined),
    progress.signal,
    limit,
  );
  if (seen !== true) warnings.push('the cache had not seen the change yet when this answered');
  return answer(got, false, warnings);
}
