import { describe, expect, it } from 'vitest';
import { matchWindows, type AccessibleTopLevel } from '../../../../src/backends/x11/windowMatch.js';
import type { XTopLevel, XWindowView } from '../../../../src/backends/x11/x11Windows.js';

const rect = (x: number, y: number, width = 300, height = 200) => ({ x, y, width, height });

function acc(
  id: string,
  pid: number,
  name: string,
  r = rect(0, 0),
  shown = true,
): AccessibleTopLevel {
  return { id, pid, name, rect: r, shown };
}

function xwin(xid: number, pid: number | undefined, title: string, r = rect(0, 0)): XTopLevel {
  const w: XTopLevel = { xid, title, rect: r, popup: false };
  if (pid !== undefined) w.pid = pid;
  return w;
}

const view = (windows: XTopLevel[]): XWindowView => ({ windows, active: null, managed: false });
const all = (): boolean => true;

describe('matchWindows', () => {
  it('hides an accessible window whose X window is gone (a Qt dialog hidden on close)', () => {
    const m = matchWindows(
      [acc('main', 7, 'Editor'), acc('dlg', 7, 'Details', rect(100, 100), false)],
      view([xwin(1, 7, 'Editor')]),
      all,
    );
    expect([...m.hidden]).toEqual(['dlg']);
    expect(m.byXid.get(1)).toBe('main');
  });

  it('pairs by title first, then by the nearest extents', () => {
    const m = matchWindows(
      [acc('a', 7, 'Information', rect(10, 10)), acc('b', 7, 'Main', rect(500, 500))],
      view([xwin(1, 7, 'Main', rect(500, 500)), xwin(2, 7, 'Modal fixture dialog', rect(12, 10))]),
      all,
    );
    expect(m.hidden.size).toBe(0);
    expect(m.byXid.get(1)).toBe('b');
    expect(m.byXid.get(2)).toBe('a');
  });

  it('leaves the window the toolkit reports hidden out before a shown one', () => {
    const m = matchWindows(
      [acc('shown', 7, 'X', rect(0, 0)), acc('hidden', 7, 'Y', rect(0, 0), false)],
      view([xwin(1, 7, 'Z', rect(0, 0))]),
      all,
    );
    expect([...m.hidden]).toEqual(['hidden']);
  });

  it('never hides the windows of a process the X view cannot judge', () => {
    const m = matchWindows(
      [acc('j', 9, 'Java app'), acc('k', undefined as unknown as number, 'No pid')],
      view([xwin(1, undefined, 'Java app')]),
      (pid) => pid !== 9,
    );
    expect(m.hidden.size).toBe(0);
  });

  it('hides every window of a known process that has no X window left', () => {
    const m = matchWindows([acc('a', 7, 'A'), acc('b', 7, 'B')], view([]), all);
    expect([...m.hidden].sort()).toEqual(['a', 'b']);
  });
});
