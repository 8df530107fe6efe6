/** checkOnScreen: a move is refused only when no part of the window could be on a monitor. */
import { describe, expect, it } from 'vitest';
import type { WindowInfo } from '../../../protocol/src/index.js';
import type { MonitorInfo } from '../../../src/backends/backend.js';
import { checkOnScreen } from '../../../src/executor/window-op.js';
import { codeOf } from '../../support/errors.js';

const monitors: MonitorInfo[] = [
  { index: 0, rect: { x: 0, y: 0, width: 1280, height: 1024 }, scale: 1, primary: true },
];

const windowOf = (rect: WindowInfo['rect']): WindowInfo => ({
  ref: 'w1',
  element: 'e1',
  title: 'Notes',
  app: 'notes',
  rect,
  minimized: false,
  maximized: false,
  foreground: true,
  modal: false,
});

const move = (x: number, y: number) => ({ op: 'move' as const, x, y });

describe('checkOnScreen', () => {
  const sized = windowOf({ x: 10, y: 10, width: 300, height: 200 });

  it('lets a window partly on a monitor be moved there', () => {
    expect(codeOf(() => checkOnScreen(sized, move(-250, -150), monitors))).toBeUndefined();
  });

  it('refuses a move that leaves the whole window off every monitor', () => {
    expect(codeOf(() => checkOnScreen(sized, move(-400, 10), monitors))).toBe('invalid_params');
  });

  it('refuses an origin past every monitor for a window of unknown size', () => {
    const unknown = windowOf(null);
    expect(codeOf(() => checkOnScreen(unknown, move(30_000, 30_000), monitors))).toBe(
      'invalid_params',
    );
    expect(codeOf(() => checkOnScreen(unknown, move(1279, 5), monitors))).toBeUndefined();
    expect(codeOf(() => checkOnScreen(unknown, move(-5000, -5000), monitors))).toBeUndefined();
  });
});
