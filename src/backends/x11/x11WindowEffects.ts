/**
 * When a window op's effect shows in what the X server reports (pure, so it is unit-tested
 * apart from a display).
 */
import type { Rect } from '../../../protocol/src/index.js';
import type { MonitorInfo, WindowGeometry, WindowOp } from '../backend.js';

type State = WindowGeometry['state'];

/** The geometry op of a state change where no window manager runs. */
export function unmanagedTarget(state: State, monitor: MonitorInfo | undefined): Rect | undefined {
  if (monitor === undefined) return undefined;
  if (state === 'fullscreen') return monitor.rect;
  return state === 'maximized' ? (monitor.workArea ?? monitor.rect) : undefined;
}

/** A move the manager placed elsewhere (kept on screen, snapped): moved, not where asked. */
export function movedElsewhere(
  op: WindowOp,
  before: WindowGeometry,
  after: WindowGeometry,
): boolean {
  const [a, b] = [after.rect, before.rect];
  return op.op === 'move' && a !== null && b !== null && (a.x !== b.x || a.y !== b.y);
}

/** A minimized window shown again, not where it was (it may still be on its way there). */
export function restoredElsewhere(before: WindowGeometry, after: WindowGeometry): boolean {
  return (
    before.state === 'minimized' &&
    after.state !== 'minimized' &&
    !sameRect(before.rect, after.rect)
  );
}

export function sameRect(a: Rect | null, b: Rect | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether `after` shows exactly what `op` asked for. A manager sets _NET_WM_STATE before the
 * window is configured to fit it, so a state that changes the geometry waits for that too.
 */
export function effectSeen(
  op: WindowOp,
  before: WindowGeometry,
  after: WindowGeometry,
  /** Without a manager: the geometry the state was given (the state itself is only recorded). */
  target?: Rect,
): boolean {
  const a = after.rect;
  if (op.op === 'state' && target !== undefined) return sameRect(a, target);
  if (op.op === 'state') {
    const reshaped = !sameRect(before.rect, a) || before.state === op.state;
    const plain = op.state === 'minimized' || before.state === 'minimized';
    return after.state === op.state && (plain || reshaped);
  }
  switch (op.op) {
    case 'move':
      return a !== null && a.x === op.x && a.y === op.y;
    case 'resize':
      return a !== null && a.width === op.width && a.height === op.height;
    case 'activate':
      return after.foreground;
    case 'close':
      return after.closed;
  }
}
