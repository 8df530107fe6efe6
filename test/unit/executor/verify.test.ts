import { describe, expect, it } from 'vitest';
import type { ElementNode } from '../../../protocol/src/index.js';
import { onScreen } from '../../../src/executor/actionability.js';
import { expectedState, showsTyped } from '../../../src/executor/verify.js';

function node(patch: Partial<ElementNode>): ElementNode {
  return {
    ref: 'e1',
    window: 'w1',
    parent: null,
    controlType: 'CheckBox',
    name: 'n',
    rect: { x: 10, y: 10, width: 20, height: 20 },
    states: ['enabled'],
    patterns: [],
    childCount: 0,
    ...patch,
  };
}

describe('effect checks', () => {
  it('finds typed text in a value, newlines kept or taken as keys by a single-line field', () => {
    expect(showsTyped('A\nB\nC', 'A\nB\nC')).toBe(true);
    expect(showsTyped('ABC', 'A\nB\nC')).toBe(true);
    expect(showsTyped('pre A', 'A\tB')).toBe(true);
    expect(showsTyped('AB', 'A\nX')).toBe(false);
    expect(showsTyped(undefined, 'A')).toBe(false);
  });

  it('expects a toggle to change state, except a checked radio button', () => {
    const box = node({ states: ['enabled', 'unchecked'] });
    const holds = expectedState(box, { pattern: 'Toggle' })!;
    expect(holds(node({ states: ['checked'] }))).toBe(true);
    expect(holds(node({ states: ['unchecked'] }))).toBe(false);
    const radio = node({ controlType: 'RadioButton', states: ['checked'] });
    expect(expectedState(radio, { pattern: 'Toggle' })).toBeUndefined();
  });

  it('expects expand and collapse only where the element reports them', () => {
    const tree = node({ states: ['collapsed'] });
    const expand = expectedState(tree, { pattern: 'ExpandCollapse', op: 'expand' })!;
    expect(expand(node({ states: ['expanded'] }))).toBe(true);
    expect(expand(node({ states: ['collapsed'] }))).toBe(false);
    expect(
      expectedState(node({ states: [] }), { pattern: 'ExpandCollapse', op: 'expand' }),
    ).toBeUndefined();
  });

  it('treats INT_MIN extents as off screen even without the offscreen state', () => {
    expect(onScreen(node({}))).toBeDefined();
    const far = -(2 ** 31);
    expect(onScreen(node({ rect: { x: far, y: far, width: 1, height: 1 } }))).toBeUndefined();
    expect(onScreen(node({ rect: { x: far, y: 5, width: 30, height: 30 } }))).toBeUndefined();
  });
});
