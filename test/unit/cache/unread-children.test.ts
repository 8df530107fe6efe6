import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../src/backends/backend.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

/** A desktop listing that could not read w2's app: w2 is listed as an unread child, unread. */
function listingWithout(nodes: readonly BackendNode[], unread: string): BackendNode[] {
  const kept = nodes.filter((n) => n.id !== unread && n.parentId !== unread);
  const [root, ...rest] = kept as [BackendNode, ...BackendNode[]];
  return [{ ...root, unreadChildren: [unread] }, ...rest];
}

describe('reducer: a listing with children it could not read', () => {
  it('keeps an unread window as held: same ref, no remove, no window.closed', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const w2 = state.byId.get('w2');
    const refs = [...(w2?.children ?? [])].map((c) => c.ref);
    const r = step({ kind: 'fetched', nodes: listingWithout(b.walk('root', 1), 'w2') });
    expect(r.patches.filter((p) => p.op === 'remove' || p.op === 'window.closed')).toEqual([]);
    expect(state.byId.get('w2')).toBe(w2);
    expect(w2?.children.map((c) => c.ref)).toEqual(refs);
    expect(r.fetch.map((f) => f.id)).not.toContain('root');
  });

  it('still applies what it read: a window of another app that closed goes', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    b.remove('w1');
    const r = step({ kind: 'fetched', nodes: listingWithout(b.walk('root', 1), 'w2') });
    expect(r.patches.filter((p) => p.op === 'window.closed')).toHaveLength(1);
    expect(state.byId.has('w1')).toBe(false);
    expect(state.byId.has('w2')).toBe(true);
  });

  it('does not make up an unread child the cache never held', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    b.add('root', 'w3', props('Window', 'Unseen', { app: 'other', pid: 300 }));
    const listing = b.walk('root', 1);
    const [root, ...rest] = listing.filter((n) => n.id !== 'w3' && n.parentId !== 'w3') as [
      BackendNode,
      ...BackendNode[],
    ];
    step({ kind: 'fetched', nodes: [{ ...root, unreadChildren: ['w3'] }, ...rest] });
    expect(state.byId.has('w3')).toBe(false);
    expect(state.root?.children.map((c) => c.id)).toEqual(['w1', 'w2']);
  });
});
