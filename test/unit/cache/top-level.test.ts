import { describe, expect, it } from 'vitest';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

function desktopWithNewWindow() {
  const b = smallDesktop();
  const s = synced(b);
  b.add('root', 'dlg', props('Window', 'Report', { app: 'fx', pid: 300 }));
  b.add('dlg', 'pane', props('Pane', ''));
  for (let i = 0; i < 3; i++) b.add('pane', `row${i}`, props('Text', `row ${i}`));
  return { b, ...s };
}

describe('reducer: a window opened with its whole subtree', () => {
  it('is built under the root and announced in the same step, with no fetch', () => {
    const { b, state, mirror, step } = desktopWithNewWindow();
    const r = step({
      kind: 'events',
      events: [{ type: 'window.opened', id: 'dlg', nodes: b.walk('dlg') }],
    });
    expect(r.fetch).toEqual([]);
    expect(r.patches.map((p) => p.op)).toEqual(['add', 'update', 'window.opened']);
    expect(r.patches[2]).toMatchObject({ op: 'window.opened', window: { title: 'Report' } });
    expect(state.byId.get('row2')?.props.name).toBe('row 2');
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('stays held when part of it is missing, and its missing part is fetched', () => {
    const { b, state, step } = desktopWithNewWindow();
    const nodes = b.walk('dlg').filter((n) => n.id !== 'row1');
    const r = step({ kind: 'events', events: [{ type: 'window.opened', id: 'dlg', nodes }] });
    expect(r.patches.map((p) => p.op)).not.toContain('window.opened');
    expect(r.fetch).toEqual([expect.objectContaining({ id: 'pane', key: 'dlg' })]);
    const win = state.byId.get('dlg');
    expect(win !== undefined && state.opening.has(win)).toBe(true);
  });

  it('falls back to a re-list for a window the cache already holds or one not at the top', () => {
    const { b, step } = desktopWithNewWindow();
    const relist = { id: 'root', key: 'root', maxDepth: 1, urgent: true };
    const known = step({
      kind: 'events',
      events: [{ type: 'window.opened', id: 'w2', nodes: b.walk('w2') }],
    });
    expect(known.fetch).toEqual([relist]);
    expect(known.patches).toEqual([]);
    const inner = step({
      kind: 'events',
      events: [{ type: 'window.opened', id: 'pane', nodes: b.walk('pane') }],
    });
    expect(inner.fetch).toEqual([relist]);
    expect(inner.patches).toEqual([]);
  });
});
