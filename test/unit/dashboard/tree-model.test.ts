/** The tree view's row model: pre-order with depth, collapsed branches hidden, slices. */
import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../protocol/src/index.js';
import { ancestry, visibleRows, windowSlice } from '../../../dashboard/src/tree-model.js';

function node(ref: string, parent: string | null): ElementNode {
  return {
    ref,
    parent,
    window: 'w1',
    controlType: 'Pane',
    name: ref,
    rect: null,
    states: [],
    patterns: [],
    childCount: 0,
  };
}

// w (root, its parent outside the mirror) > a > (a1, a2), b
const nodes = [
  node('w', 'desktop'),
  node('a', 'w'),
  node('a1', 'a'),
  node('a2', 'a'),
  node('b', 'w'),
];

describe('visibleRows', () => {
  it('gives every node its depth in pre-order when nothing is collapsed', () => {
    const rows = visibleRows(nodes, new Set());
    expect(rows.map((r) => [r.node.ref, r.depth])).toEqual([
      ['w', 0],
      ['a', 1],
      ['a1', 2],
      ['a2', 2],
      ['b', 1],
    ]);
    expect(rows.map((r) => r.hasChildren)).toEqual([true, true, false, false, false]);
  });

  it('hides the descendants of a collapsed node and only those', () => {
    const rows = visibleRows(nodes, new Set(['a']));
    expect(rows.map((r) => r.node.ref)).toEqual(['w', 'a', 'b']);
    expect(rows[1]?.expanded).toBe(false);
  });
});

describe('windowSlice', () => {
  it('covers the viewport plus the overscan, clamped to the rows', () => {
    expect(windowSlice(10_000, 2200, 440, 22, 5)).toEqual({ start: 95, end: 125 });
    expect(windowSlice(10, 0, 440, 22, 5)).toEqual({ start: 0, end: 10 });
  });
});

describe('ancestry', () => {
  it('lists the refs from the mirror root down to the node', () => {
    expect(ancestry(nodes, 'a2')).toEqual(['w', 'a', 'a2']);
    expect(ancestry(nodes, 'missing')).toEqual([]);
  });
});
