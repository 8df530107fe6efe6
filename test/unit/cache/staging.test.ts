import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { desktopWithNewWindow } from './synced-state.js';

const addedRefs = (patches: Patch[]): string[] =>
  patches.flatMap((p) => (p.op === 'add' ? p.nodes.map((n) => n.ref) : []));

describe('reducer: a new window staged in parts before its window.opened', () => {
  it('stays unseen while staged: no patch, no index, no element', () => {
    const { state, mirror, step, nodes } = desktopWithNewWindow();
    const before = { elements: state.byRef.size, windows: state.windows.size };
    const r = step({ kind: 'events', events: [{ type: 'window.staged', id: 'dlg', nodes }] });
    expect(r.patches).toEqual([]);
    expect(r.fetch).toEqual([]);
    expect({ elements: state.byRef.size, windows: state.windows.size }).toEqual(before);
    expect(state.byId.has('row0')).toBe(false);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('is adopted whole by the window.opened that hands over the same nodes', () => {
    const { b, state, mirror, step, nodes } = desktopWithNewWindow();
    step({
      kind: 'events',
      events: [{ type: 'window.staged', id: 'dlg', nodes: nodes.slice(0, 3) }],
    });
    step({ kind: 'events', events: [{ type: 'window.staged', id: 'dlg', nodes: nodes.slice(3) }] });
    const stagedRefs = nodes.map((n) => state.staging.get('dlg')?.nodes.get(n.id)?.node.ref);
    const r = step({ kind: 'events', events: [{ type: 'window.opened', id: 'dlg', nodes }] });
    expect(r.fetch).toEqual([]);
    expect(r.patches.map((p) => p.op)).toEqual(['add', 'update', 'window.opened']);
    expect(addedRefs(r.patches)).toEqual(stagedRefs);
    expect(state.staging.size).toBe(0);
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
    const win = state.byId.get('dlg');
    expect(state.byId.get('row3')?.window).toBe(win?.window);
  });

  it('makes anew what was staged from other node objects, and the window ref stays one', () => {
    const { b, state, mirror, step, nodes } = desktopWithNewWindow();
    // The window itself and a row were sent again: copies, not the staged objects.
    const [top, ...rest] = nodes;
    step({ kind: 'events', events: [{ type: 'window.staged', id: 'dlg', nodes }] });
    const again = [{ ...top! }, ...rest.map((n) => (n.id === 'row2' ? { ...n } : n))];
    const r = step({
      kind: 'events',
      events: [{ type: 'window.opened', id: 'dlg', nodes: again }],
    });
    expect(r.patches.map((p) => p.op)).toEqual(['add', 'update', 'window.opened']);
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
    const win = state.byId.get('dlg');
    const inWindow = ['pane', 'row0', 'row2', 'row3'].map((id) => state.byId.get(id)?.window);
    expect(new Set(inWindow)).toEqual(new Set([win?.window]));
    expect(state.windows.get(win?.window ?? '')).toBe(win);
  });

  it('is dropped by the window.closed of a window that never opened', () => {
    const { state, step, nodes } = desktopWithNewWindow();
    step({ kind: 'events', events: [{ type: 'window.staged', id: 'dlg', nodes }] });
    const r = step({ kind: 'events', events: [{ type: 'window.closed', id: 'dlg' }] });
    expect(r.patches).toEqual([]);
    expect(r.ignored).toBe(1);
    expect(state.staging.size).toBe(0);
  });

  it('stages nothing for a window the cache holds already', () => {
    const { b, state, step } = desktopWithNewWindow();
    step({ kind: 'events', events: [{ type: 'window.staged', id: 'w2', nodes: b.walk('w2') }] });
    expect(state.staging.size).toBe(0);
  });
});
