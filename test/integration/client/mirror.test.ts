import { describe, expect, it } from 'vitest';
import { TreeMirror } from '../../../clients/typescript/mirror.js';
import type { ElementNode } from '../../../protocol/src/index.js';

const n = (ref: string, parent: string | null, childCount = 0): ElementNode => ({
  ref,
  parent,
  window: 'w1',
  controlType: 'Pane',
  name: ref,
  rect: null,
  states: [],
  patterns: [],
  childCount,
});

describe('TreeMirror', () => {
  it('applies add, update, reorder and remove like the cache does', () => {
    const m = new TreeMirror('e1', [n('e1', null, 2), n('e2', 'e1'), n('e3', 'e1')], 1);
    m.apply(
      [
        { op: 'add', parent: 'e1', index: 1, nodes: [n('e4', 'e1', 1), n('e5', 'e4')] },
        { op: 'update', ref: 'e1', props: { childCount: 3 } },
        { op: 'update', ref: 'e5', props: { name: 'renamed', value: 'v' } },
      ],
      2,
    );
    expect(m.list().map((x) => x.ref)).toEqual(['e1', 'e2', 'e4', 'e5', 'e3']);
    expect(m.node('e5')).toMatchObject({ name: 'renamed', value: 'v' });
    m.apply([{ op: 'reorder', parent: 'e1', children: ['e3', 'e4', 'e2'] }], 3);
    m.apply([{ op: 'remove', ref: 'e4', parent: 'e1', refs: ['e4', 'e5'] }], 4);
    expect(m.list().map((x) => x.ref)).toEqual(['e1', 'e3', 'e2']);
    expect(m.size).toBe(3);
    expect(m.revision).toBe(4);
    const tree = m.toTree();
    expect(tree?.children.map((c) => c.ref)).toEqual(['e3', 'e2']);
  });

  it('ignores patches about parents it does not hold', () => {
    const m = new TreeMirror('e1', [n('e1', null)], 1);
    m.apply([{ op: 'add', parent: 'e9', index: 0, nodes: [n('e10', 'e9')] }], 2);
    expect(m.size).toBe(1);
  });
});
