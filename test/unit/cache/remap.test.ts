/** Refs across a platform reset: re-mapped by stable locator when the ids all changed. */
import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../src/backends/backend.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { reduce } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { smallDesktop } from './fake-backend.js';

/** The same elements under new ids, as after a bus reconnection (new bus names). */
function renamed(nodes: readonly BackendNode[], prefix: string): BackendNode[] {
  const rename = (id: string): string => (id === 'root' ? id : `${prefix}${id}`);
  return nodes.map((n) => ({
    ...n,
    id: rename(n.id),
    parentId: n.parentId === null ? null : rename(n.parentId),
    children: n.children.map(rename),
  }));
}

function synced(): { state: TreeState; nodes: BackendNode[]; refs: Map<string, string> } {
  const b = smallDesktop();
  const state = new TreeState();
  const nodes = b.walk('root');
  reduce(state, { kind: 'fetched', nodes });
  const refs = new Map([...state.byId].map(([id, n]) => [id, n.ref]));
  return { state, nodes, refs };
}

const refOf = (state: TreeState, id: string): string | undefined => state.byId.get(id)?.ref;

describe('remap of refs after a reset', () => {
  it('gives every element under a new id its old ref back', () => {
    const { state, nodes, refs } = synced();
    const windowRefs = [...state.windows.keys()];
    const r = reduce(state, { kind: 'events', events: [{ type: 'reset', reason: 'bus' }] });
    expect(r.fetch).toEqual([{ id: 'root', key: 'root' }]);
    const after = renamed(nodes, 'new.');
    reduce(state, { kind: 'fetched', nodes: after });
    for (const [id, ref] of refs) {
      if (id !== 'root') expect(refOf(state, `new.${id}`)).toBe(ref);
    }
    expect([...state.windows.keys()].sort()).toEqual(windowRefs.sort());
    expect(compareWithTruth(state, after)).toEqual([]);
  });

  it('mints new refs when no reset came (ids changing alone prove nothing)', () => {
    const { state, nodes, refs } = synced();
    reduce(state, { kind: 'fetched', nodes: renamed(nodes, 'new.') });
    expect(refOf(state, 'new.btn7')).not.toBe(refs.get('btn7'));
  });

  it('keeps refs when the top level comes back empty first, then window by window', () => {
    const { state, nodes, refs } = synced();
    reduce(state, { kind: 'events', events: [{ type: 'reset', reason: 'registry' }] });
    const root = nodes[0] as BackendNode;
    reduce(state, { kind: 'fetched', nodes: [{ ...root, children: [] }] });
    expect(state.byRef.has(refs.get('btn7') as string)).toBe(false);
    const after = renamed(nodes, 'n.');
    const top = after[0] as BackendNode;
    const calc = after.filter((n) => n.id === 'n.w2' || n.parentId === 'n.w2');
    reduce(state, { kind: 'fetched', nodes: [{ ...top, children: ['n.w2'] }, ...calc] });
    expect(refOf(state, 'n.btn7')).toBe(refs.get('btn7'));
    expect(refOf(state, 'n.w2')).toBe(refs.get('w2'));
  });

  it('gives a changed element a new ref while its unchanged siblings keep theirs', () => {
    const { state, nodes, refs } = synced();
    reduce(state, { kind: 'events', events: [{ type: 'reset', reason: 'bus' }] });
    const after = renamed(nodes, 'n.').map((n) =>
      n.id === 'n.btn8' ? { ...n, props: { ...n.props, name: 'Eight' } } : n,
    );
    reduce(state, { kind: 'fetched', nodes: after });
    expect(refOf(state, 'n.btn8')).not.toBe(refs.get('btn8'));
    expect(refOf(state, 'n.btn7')).toBe(refs.get('btn7'));
    expect(refOf(state, 'n.mf')).toBe(refs.get('mf'));
    expect(refOf(state, 'n.me')).toBe(refs.get('me'));
  });
});
