/**
 * The pointer's position as the X server has it (XQueryPointer on a connection of our own).
 * Raw input waits on it after each move: a toolkit that needs every motion handled before the
 * next (GTK's drag) must not see two moves at once, and `xdotool mousemove --sync` waits for
 * the pointer to move away from where it was, which fails under load and hangs when it already
 * stood at the target. Reading the position back has neither problem.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { abortError, BackendUnavailableError } from '../../errors.js';
import { loadX11 } from './x11Lib.js';

type Query = (display: unknown, window: number) => { x: number; y: number } | undefined;

let query: Query | undefined;

function queryPointer(): Query {
  if (query !== undefined) return query;
  const base = loadX11();
  const lib = base.library;
  const call = lib.func(
    'int XQueryPointer(void *d, unsigned long w, _Out_ unsigned long *root, _Out_ unsigned long *child, _Out_ int *rootX, _Out_ int *rootY, _Out_ int *winX, _Out_ int *winY, _Out_ unsigned int *mask)',
  );
  query = (display, window) => {
    const [root, child, rx, ry, wx, wy, mask] = [[0], [0], [0], [0], [0], [0], [0]];
    if (call(display, window, root, child, rx, ry, wx, wy, mask) === 0) return undefined;
    return { x: rx[0] ?? 0, y: ry[0] ?? 0 };
  };
  return query;
}

const clamp = (v: number, size: number): number => Math.min(Math.max(v, 0), size - 1);

interface Point {
  x: number;
  y: number;
}

/**
 * Wait until the X server on `displayName` reports the pointer at `target`, or (with `from`)
 * anywhere but `from`: a pointer grab confining it to a window stops a move at the window's
 * edge. For `withinMs` at most; answers where the pointer is then.
 */
export async function pointerArrival(
  displayName: string,
  target: Point,
  withinMs: number,
  signal: AbortSignal,
  from?: Point,
): Promise<{ arrived: boolean; at?: Point }> {
  const base = loadX11();
  const read = queryPointer();
  const display: unknown = base.openDisplay(displayName);
  if (display === null) throw new BackendUnavailableError(`cannot open X display ${displayName}`);
  try {
    const root = Number(base.rootWindow(display));
    // The server keeps the pointer on the screen: a move past an edge stops at the edge.
    const screen = base.defaultScreen(display) as number;
    const width = base.displayWidth(display, screen) as number;
    const height = base.displayHeight(display, screen) as number;
    const want = { x: clamp(target.x, width), y: clamp(target.y, height) };
    const deadline = performance.now() + withinMs;
    for (;;) {
      if (signal.aborted) throw abortError(signal);
      const at = read(display, root);
      const moved = from !== undefined && at !== undefined && (at.x !== from.x || at.y !== from.y);
      if (at !== undefined && ((at.x === want.x && at.y === want.y) || moved))
        return { arrived: true, at };
      if (performance.now() > deadline) return { arrived: false, ...(at ? { at } : {}) };
      await yieldToLoop();
    }
  } finally {
    base.closeDisplay(display);
  }
}
