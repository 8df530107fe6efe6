import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import type { BackendNode } from '../../../src/backends/backend.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import type { CacheInput } from '../../../src/cache/reducer.js';
import { props } from './fake-backend.js';
import { desktopWithNewWindow } from './synced-state.js';

const withCell = () => desktopWithNewWindow((b) => b.add('row1', 'cell', props('Text', 'cell')));

const staged = (nodes: BackendNode[]): CacheInput => ({
  kind: 'events',
  events: [{ type: 'window.staged', id: 'dlg', nodes }],
});
const opened = (nodes: BackendNode[]): CacheInput => ({
  kind: 'events',
  events: [{ type: 'window.opened', id: 'dlg', nodes }],
});
const addedRefs = (patches: Patch[]): string[] =>
  patches.flatMap((p) => (p.op === 'add' ? p.nodes.map((n) => n.ref) : []));

describe('reducer: a staged window linked as its parts come, adopted by indexing', () => {
  it('links each part under its parents as it comes, unseen', () => {
    const { state, step, nodes } = withCell();
    const elements = state.byRef.size;
    step(staged(nodes.slice(0, 4)));
    const s = state.staging.get('dlg');
    expect(s?.linked.map((e) => e.source.id)).toEqual(['dlg', 'pane', 'row0', 'row1']);
    expect(s?.nodes.get('row1')?.node.parent).toBe(s?.nodes.get('pane')?.node);
    expect(s?.nodes.get('dlg')?.node.parent).toBeNull();
    expect(state.byRef.size).toBe(elements);
  });

  it('adopts the linked nodes and takes in the ones that came with the announcement', () => {
    const { b, state, mirror, step, nodes } = withCell();
    step(staged(nodes.slice(0, 3)));
    step(staged(nodes.slice(3, 5)));
    const early = nodes.slice(0, 5).map((n) => state.staging.get('dlg')?.nodes.get(n.id)?.node.ref);
    const r = step(opened(nodes));
    expect(r.fetch).toEqual([]);
    expect(r.patches.map((p) => p.op)).toEqual(['add', 'update', 'window.opened']);
    expect(addedRefs(r.patches).slice(0, 5)).toEqual(early);
    expect(state.staging.size).toBe(0);
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
    const win = state.byId.get('dlg');
    expect(state.byId.get('cell')?.window).toBe(win?.window);
    expect(state.windows.get(win?.window ?? '')).toBe(win);
  });

  it('links parts that came children first once their parents come', () => {
    const { b, state, mirror, step, nodes } = withCell();
    step(staged(nodes.slice(3)));
    expect(state.staging.get('dlg')?.linked).toEqual([]);
    step(staged(nodes.slice(0, 3)));
    expect(state.staging.get('dlg')?.linked.length).toBe(nodes.length);
    step(opened(nodes));
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('builds anew a window whose children list names an id twice', () => {
    const { state, mirror, step, nodes } = withCell();
    const twice = nodes.map((n) =>
      n.id === 'pane' ? { ...n, children: ['row0', 'row0', 'row1', 'row2', 'row3'] } : n,
    );
    step(staged(twice));
    expect(state.staging.get('dlg')?.stuck).toBe(true);
    step(opened(twice));
    expect(state.byId.get('pane')?.children.map((c) => c.id)).toEqual([
      'row0',
      'row1',
      'row2',
      'row3',
    ]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('asks to read a node whose child the cache holds elsewhere, as a build would', () => {
    const { state, mirror, step, nodes } = withCell();
    // row3 names the cached Calculator button as its child.
    const odd = nodes.map((n) => (n.id === 'row3' ? { ...n, children: ['btn7'] } : n));
    const btn7 = state.byId.get('btn7');
    step(staged(odd));
    const r = step(opened(odd));
    expect(r.fetch.map((f) => f.id)).toEqual(['row3']);
    expect(state.byId.get('btn7')).toBe(btn7);
    expect(state.byId.get('row3')?.children).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('gives the focus to a staged node the focus went to before it was cached', () => {
    const { state, mirror, step, nodes } = withCell();
    step(staged(nodes));
    step({ kind: 'events', events: [{ type: 'focus', id: 'row2' }] });
    const r = step(opened(nodes));
    expect(r.patches.map((p) => p.op)).toEqual(['focus', 'add', 'update', 'window.opened']);
    expect(state.focused).toBe(state.byId.get('row2'));
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });
});
