import { describe, expect, it } from 'vitest';
import { UnmapGrace } from '../../../../src/backends/x11/unmapGrace.js';

const alive = (): boolean => false;

describe('UnmapGrace: when a window X stopped showing counts as closed', () => {
  it('holds a withdrawn window that maps again within the grace: it never closes', () => {
    const grace = new UnmapGrace(250);
    expect(grace.judge(['gtk4'], 1_000, alive)).toEqual({ closed: [], held: ['gtk4'] });
    expect(grace.holding).toBe(true);
    // Mapped again (the window manager manages it anew): no longer missing.
    expect(grace.judge([], 1_011, alive)).toEqual({ closed: [], held: [] });
    expect(grace.holding).toBe(false);
    // A later withdrawal gets a grace of its own.
    expect(grace.judge(['gtk4'], 5_000, alive)).toEqual({ closed: [], held: ['gtk4'] });
    expect(grace.judge(['gtk4'], 5_249, alive)).toEqual({ closed: [], held: ['gtk4'] });
  });

  it('closes a window still withdrawn when its grace is over, once', () => {
    const grace = new UnmapGrace(250);
    grace.judge(['dialog'], 0, alive);
    expect(grace.judge(['dialog'], 100, alive).closed).toEqual([]);
    expect(grace.judge(['dialog'], 250, alive)).toEqual({ closed: ['dialog'], held: [] });
    expect(grace.holding).toBe(false);
  });

  it('closes a window whose X window was destroyed at once', () => {
    const grace = new UnmapGrace(250);
    const destroyed = (id: string): boolean => id === 'chooser';
    expect(grace.judge(['chooser', 'gtk4'], 0, destroyed)).toEqual({
      closed: ['chooser'],
      held: ['gtk4'],
    });
    // Destroyed while held: closed at the next judgement, before the grace is over.
    expect(grace.judge(['gtk4'], 30, () => true)).toEqual({ closed: ['gtk4'], held: [] });
    expect(grace.holding).toBe(false);
  });

  it('times each window from when it went missing', () => {
    const grace = new UnmapGrace(250);
    grace.judge(['a'], 0, alive);
    grace.judge(['a', 'b'], 200, alive);
    expect(grace.judge(['a', 'b'], 260, alive)).toEqual({ closed: ['a'], held: ['b'] });
    expect(grace.heldIds()).toEqual(['b']);
    expect(grace.judge(['b'], 449, alive)).toEqual({ closed: [], held: ['b'] });
    expect(grace.judge(['b'], 450, alive)).toEqual({ closed: ['b'], held: [] });
  });
});
