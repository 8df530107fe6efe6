/**
 * Elements a toolkit makes anew on every read (BackendNode.transient: Java's list children
 * through the ATK wrapper) come back under another id each time: the cache keeps their refs by
 * place, and the consistency checker matches them by place, while elements with kept ids are
 * still diffed by id.
 */
import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../src/backends/backend.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props } from './fake-backend.js';

/** The desktop with one window holding a list of `rows`, read under ids `prefix`1, 2, ... */
function read(prefix: string, rows: string[], transient = true): BackendNode[] {
  const ids = rows.map((_, i) => `${prefix}${i + 1}`);
  return [
    { id: 'root', parentId: null, children: ['w'], props: props('Pane', 'Desktop') },
    { id: 'w', parentId: 'root', children: ['list'], props: props('Window', 'Timer') },
    { id: 'list', parentId: 'w', children: ids, props: props('List', 'Rows') },
    ...rows.map((name, i) => ({
      id: ids[i] as string,
      parentId: 'list',
      children: [],
      props: props('ListItem', name),
      ...(transient ? { transient: true as const } : {}),
    })),
  ];
}

const refsOf = (state: TreeState): string[] =>
  (state.byId.get('list')?.children ?? []).map((c) => c.ref);

describe('elements made anew on every read', () => {
  it('keep their refs by place in the cache, and only real changes patch', () => {
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: read('a', ['Row 1', 'Row 2']) });
    const before = refsOf(state);
    const same = reduce(state, { kind: 'fetched', nodes: read('b', ['Row 1', 'Row 2']) });
    expect(same.patches).toEqual([]);
    expect(refsOf(state)).toEqual(before);
    expect(state.byId.has('b1') && !state.byId.has('a1')).toBe(true);
    const grown = reduce(state, { kind: 'fetched', nodes: read('c', ['Row 1', 'Row 9', 'Row 3']) });
    expect(refsOf(state).slice(0, 2)).toEqual(before);
    expect(grown.patches.map((p) => p.op).sort()).toEqual(['add', 'update', 'update']);
    expect(state.byId.get('c2')?.props.name).toBe('Row 9');
  });

  it('are replaced when their ids are kept (a new id is a new element)', () => {
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: read('a', ['Row 1'], false) });
    const before = refsOf(state);
    const next = reduce(state, { kind: 'fetched', nodes: read('b', ['Row 1'], false) });
    expect(next.patches.map((p) => p.op)).toContain('remove');
    expect(refsOf(state)).not.toEqual(before);
  });

  it('are matched by place by the consistency checker', () => {
    const state = new TreeState();
    reduce(state, { kind: 'fetched', nodes: read('a', ['Row 1', 'Row 2']) });
    expect(compareWithTruth(state, read('b', ['Row 1', 'Row 2']).slice(1))).toEqual([]);
    const ref = state.byId.get('a2')?.ref;
    expect(compareWithTruth(state, read('b', ['Row 1', 'Row 5']).slice(1))).toEqual([
      { kind: 'prop', id: 'a2', ref, prop: 'name', cached: 'Row 2', truth: 'Row 5' },
    ]);
    expect(compareWithTruth(state, read('b', ['Row 1']).slice(1))).toEqual([
      {
        kind: 'children',
        id: 'list',
        ref: state.byId.get('list')?.ref,
        cached: ['a1', 'a2'],
        truth: ['b1'],
      },
      { kind: 'extra', id: 'a2', ref },
    ]);
    expect(compareWithTruth(state, read('b', ['Row 1', 'Row 2'], false).slice(1))).toHaveLength(5);
  });
});
