/** When a window op's effect counts as seen in what the X server reports. */
import { describe, expect, it } from 'vitest';
import type { WindowGeometry } from '../../../../src/backends/backend.js';
import {
  effectSeen,
  movedElsewhere,
  restoredElsewhere,
  unmanagedTarget,
} from '../../../../src/backends/x11/x11WindowEffects.js';

const at = (x: number, y: number, width = 400, height = 300) => ({ x, y, width, height });
const geo = (over: Partial<WindowGeometry> = {}): WindowGeometry => ({
  rect: at(10, 10),
  state: 'normal',
  foreground: false,
  closed: false,
  via: 'test',
  ...over,
});
const monitor = {
  index: 1,
  rect: at(1280, 0, 1920, 1200),
  workArea: at(1280, 0, 1920, 1160),
  scale: 1,
  primary: false,
};

describe('effectSeen', () => {
  it('needs the exact origin of a move and the exact size of a resize', () => {
    const before = geo();
    expect(effectSeen({ op: 'move', x: 50, y: 60 }, before, geo({ rect: at(50, 60) }))).toBe(true);
    expect(effectSeen({ op: 'move', x: 50, y: 60 }, before, geo({ rect: at(51, 60) }))).toBe(false);
    const resize = { op: 'resize' as const, width: 640, height: 480 };
    expect(effectSeen(resize, before, geo({ rect: at(10, 10, 640, 480) }))).toBe(true);
    expect(effectSeen(resize, before, geo({ rect: at(10, 10, 640, 300) }))).toBe(false);
  });

  it('waits for the geometry of a state the manager announced before configuring', () => {
    const before = geo();
    const max = { op: 'state' as const, state: 'maximized' as const };
    // _NET_WM_STATE already says maximized, the window is not configured yet.
    expect(effectSeen(max, before, geo({ state: 'maximized' }))).toBe(false);
    expect(effectSeen(max, before, geo({ state: 'maximized', rect: at(0, 19, 1280, 1005) }))).toBe(
      true,
    );
    const min = { op: 'state' as const, state: 'minimized' as const };
    expect(effectSeen(min, before, geo({ state: 'minimized' }))).toBe(true);
  });

  it('without a manager, a state is seen once the window has its target rect', () => {
    const target = at(0, 0, 1280, 1024);
    const op = { op: 'state' as const, state: 'fullscreen' as const };
    const maxed = geo({ state: 'fullscreen', rect: target });
    expect(effectSeen(op, geo({ state: 'maximized', rect: target }), maxed, target)).toBe(true);
    expect(effectSeen(op, geo(), geo({ state: 'fullscreen' }), target)).toBe(false);
  });

  it('sees activation in the foreground flag and a close in the window gone', () => {
    expect(effectSeen({ op: 'activate' }, geo(), geo({ foreground: true }))).toBe(true);
    expect(effectSeen({ op: 'activate' }, geo(), geo())).toBe(false);
    expect(effectSeen({ op: 'close' }, geo(), geo({ closed: true, rect: null }))).toBe(true);
  });

  it('tells a move placed elsewhere from no move at all', () => {
    const op = { op: 'move' as const, x: 5000, y: 10 };
    expect(movedElsewhere(op, geo(), geo({ rect: at(880, 10) }))).toBe(true);
    expect(movedElsewhere(op, geo(), geo())).toBe(false);
  });
});

describe('restoredElsewhere', () => {
  it('marks a window shown from its icon away from where it was, which may still move', () => {
    const icon = geo({ state: 'minimized', rect: at(460, 359) });
    expect(restoredElsewhere(icon, geo({ rect: at(535, 688), foreground: true }))).toBe(true);
    expect(restoredElsewhere(icon, geo({ rect: at(460, 359), foreground: true }))).toBe(false);
    expect(restoredElsewhere(icon, geo({ state: 'minimized', rect: at(0, 0) }))).toBe(false);
    expect(restoredElsewhere(geo(), geo({ rect: at(535, 688) }))).toBe(false);
  });
});

describe('unmanagedTarget', () => {
  it('is the work area when maximized and the whole monitor when fullscreen', () => {
    expect(unmanagedTarget('maximized', monitor)).toEqual(monitor.workArea);
    expect(unmanagedTarget('fullscreen', monitor)).toEqual(monitor.rect);
    expect(unmanagedTarget('normal', monitor)).toBeUndefined();
    expect(unmanagedTarget('maximized', undefined)).toBeUndefined();
  });
});
