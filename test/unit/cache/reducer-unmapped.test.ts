import { describe, expect, it } from 'vitest';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

function syncedSmallDesktop() {
  const b = smallDesktop();
  return { b, ...synced(b) };
}

const relist = { id: 'root', key: 'root', maxDepth: 1, urgent: true };

describe('reducer: a window the window system unmapped', () => {
  it('leaves at once, announced closed, and the desktop is still re-listed', () => {
    const { b, state, mirror, step } = syncedSmallDesktop();
    const win = state.byId.get('w2')?.window;
    const r = step({
      kind: 'events',
      events: [{ type: 'window.closed', id: 'w2', unmapped: true }],
    });
    expect(r.patches.map((p) => p.op)).toEqual(['window.closed', 'remove', 'update']);
    expect(r.patches[0]).toEqual({ op: 'window.closed', window: win, title: 'Calculator' });
    expect(r.fetch).toEqual([relist]);
    expect(state.byId.has('btn7')).toBe(false);
    b.remove('w2');
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('clears the focus it held', () => {
    const { state, step } = syncedSmallDesktop();
    step({ kind: 'events', events: [{ type: 'focus', id: 'btn8' }] });
    const r = step({
      kind: 'events',
      events: [{ type: 'window.closed', id: 'w2', unmapped: true }],
    });
    expect(r.patches).toContainEqual(expect.objectContaining({ op: 'focus', ref: null }));
    expect(state.focused).toBeNull();
  });

  it('ignores a late fetch of it and a re-list that agrees', () => {
    const { b, state, step } = syncedSmallDesktop();
    const late = b.walk('w2');
    step({ kind: 'events', events: [{ type: 'window.closed', id: 'w2', unmapped: true }] });
    expect(step({ kind: 'fetched', nodes: late }).patches).toEqual([]);
    expect(state.byId.has('w2')).toBe(false);
    b.remove('w2');
    const again = step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    expect(again.patches).toEqual([]);
  });

  it('announces a window still held unannounced as opened, partial, before it closes', () => {
    const { b, state, step } = syncedSmallDesktop();
    b.add('root', 'dlg', props('Window', 'Flash', { app: 'notepad', pid: 100 }));
    b.add('dlg', 'msg', props('Text', 'Closing by itself'));
    step({ kind: 'fetched', nodes: b.walk('root', 1), depth: 1 });
    const win = state.byId.get('dlg');
    expect(win !== undefined && state.opening.has(win)).toBe(true);
    const r = step({
      kind: 'events',
      events: [{ type: 'window.closed', id: 'dlg', unmapped: true }],
    });
    expect(r.patches.map((p) => p.op)).toEqual([
      'window.opened',
      'window.closed',
      'remove',
      'update',
    ]);
    expect(r.patches[0]).toMatchObject({ window: { title: 'Flash' }, partial: true });
  });

  it('waits for the re-list when not unmapped, or when the id is not a top-level window', () => {
    const { state, step } = syncedSmallDesktop();
    const plain = step({ kind: 'events', events: [{ type: 'window.closed', id: 'w2' }] });
    expect(plain.patches).toEqual([]);
    const inner = step({
      kind: 'events',
      events: [{ type: 'window.closed', id: 'p1', unmapped: true }],
    });
    expect(inner.patches).toEqual([]);
    expect(inner.fetch).toEqual([relist]);
    expect(state.byId.has('w2') && state.byId.has('p1')).toBe(true);
  });
});
