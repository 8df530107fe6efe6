import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { reduce } from '../../../src/cache/reducer.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import { get } from '../../../src/cache/queries/elements.js';
import { TreeState } from '../../../src/cache/tree.js';
import { ElementStaleError } from '../../../src/errors.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

function refOf(state: TreeState, id: string): string {
  return state.byId.get(id)?.ref ?? 'missing';
}

const ops = (patches: Patch[]): string[] => patches.map((p) => p.op);

describe('reducer: fetch application', () => {
  it('builds the desktop with one add of every node in pre-order and window refs', () => {
    const b = smallDesktop();
    const state = new TreeState();
    const r = reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    expect(r.patches).toHaveLength(1);
    const add = r.patches[0] as Extract<Patch, { op: 'add' }>;
    expect(add.parent).toBeNull();
    expect(add.nodes.map((n) => n.name)).toEqual(b.walk('root').map((n) => n.props.name));
    expect(state.windows.size).toBe(2);
    expect(state.byId.get('ed1')?.window).toBe(state.byId.get('w1')?.window);
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
  });

  it('keeps refs of surviving ids across a re-fetch and emits exact patches', () => {
    const b = smallDesktop();
    const { state, mirror, step } = synced(b);
    const before = refOf(state, 'btn8');
    b.remove('btn7');
    b.add('w2', 'btn9', props('Button', '9'), 0);
    b.set('btn8', { name: 'Eight' });
    const r = step({ kind: 'fetched', nodes: b.walk('w2') });
    expect(refOf(state, 'btn8')).toBe(before);
    expect(ops(r.patches)).toEqual(['remove', 'update', 'add']);
    expect(r.patches[1]).toEqual({ op: 'update', ref: before, props: { name: 'Eight' } });
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('reorders survivors and updates childCount when the count changes', () => {
    const b = smallDesktop();
    const { state, mirror, step } = synced(b);
    b.move('btnSave', 'w2', 0);
    b.add('w2', 'btnX', props('Button', 'X'));
    const r = step({ kind: 'fetched', nodes: b.walk('w2') });
    expect(ops(r.patches)).toEqual(['reorder', 'add', 'update']);
    expect(r.patches[2]).toMatchObject({ op: 'update', props: { childCount: 4 } });
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('keeps the refs of an element moved to another parent', () => {
    const b = smallDesktop();
    const { state, mirror, step } = synced(b);
    const edRef = refOf(state, 'ed1');
    b.move('ed1', 'w1', 0);
    step({ kind: 'fetched', nodes: b.walk('w1') });
    expect(refOf(state, 'ed1')).toBe(edRef);
    expect(state.byId.get('ed1')?.parent?.id).toBe('w1');
    expect(state.tombstones.has(edRef)).toBe(false);
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('answers a vanished ref with element_stale and the last known locator', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const ref = refOf(state, 'ed1');
    b.remove('p1');
    step({ kind: 'fetched', nodes: b.walk('w1') });
    let caught: unknown;
    try {
      get(state, { ref });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ElementStaleError);
    expect((caught as ElementStaleError).details).toEqual({
      ref,
      locator: {
        window: 'Untitled - Notepad',
        controlType: 'Edit',
        name: 'Text Editor',
        automationId: 'editor',
        path: ['Window "Untitled - Notepad"', 'Pane', 'Edit "Text Editor"'],
      },
    });
  });

  it('bounds tombstones, forgetting the oldest first', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    state.tombstones.limit = 3;
    const refs = ['btn7', 'btn8', 'btnSave'].map((id) => refOf(state, id));
    const menuRefs = ['mb1', 'mf', 'me'].map((id) => refOf(state, id));
    b.remove('btn7');
    b.remove('btn8');
    b.remove('btnSave');
    step({ kind: 'fetched', nodes: b.walk('w2') });
    b.remove('mb1');
    step({ kind: 'fetched', nodes: b.walk('w1') });
    expect([...state.tombstones.keys()]).toEqual(menuRefs);
    expect(refs.some((r) => state.tombstones.has(r))).toBe(false);
  });

  it('adds a node beyond the fetch depth without children and asks for its fetch', () => {
    const b = smallDesktop();
    const { state, mirror, step } = synced(b);
    b.add('root', 'w3', props('Window', 'Dialog', { app: 'notepad', pid: 100 }));
    b.add('w3', 'ok', props('Button', 'OK'));
    const r = step({ kind: 'fetched', nodes: b.walk('root', 1) });
    expect(ops(r.patches)).toEqual(['add', 'update']);
    // A new window is held unannounced until this read: it goes ahead of queued re-reads.
    expect(r.fetch).toEqual([{ id: 'w3', key: 'w3', urgent: true }]);
    step({ kind: 'fetched', nodes: b.walk('w3') });
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });
});

describe('reducer: events', () => {
  it('patches properties in place with only the changed ones', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const r = step({
      kind: 'events',
      events: [
        { type: 'property', id: 'btn7', props: { name: '7', states: ['enabled', 'focused'] } },
      ],
    });
    expect(r.patches).toEqual([
      { op: 'update', ref: refOf(state, 'btn7'), props: { states: ['enabled', 'focused'] } },
    ]);
    expect(r.fetch).toEqual([]);
  });

  it('ignores events about unknown ids and counts them', () => {
    const b = smallDesktop();
    const { step } = synced(b);
    const r = step({
      kind: 'events',
      events: [
        { type: 'property', id: 'nope', props: { name: 'x' } },
        { type: 'text', id: 'gone', value: 'x' },
        { type: 'window.closed', id: 'never' },
      ],
    });
    expect(r.patches).toEqual([]);
    expect(r.ignored).toBe(3);
  });

  it('brings a window reported active before it was listed to the foreground once added', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const r = step({ kind: 'events', events: [{ type: 'window.activated', id: 'w3' }] });
    expect(r.fetch).toEqual([{ id: 'root', key: 'root', maxDepth: 1, urgent: true }]);
    // Its own states do not say active yet (the listing was read before the activation).
    b.add('root', 'w3', props('Window', 'Dialog', { app: 'notepad', pid: 100 }));
    step({ kind: 'fetched', nodes: b.walk('root', 1) });
    expect(state.foreground?.id).toBe('w3');
  });

  it('re-applies property events that arrived during a fetch over its older values', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const old = b.walk('w2');
    b.set('btn7', { name: 'seven' });
    step({
      kind: 'fetched',
      nodes: old,
      replay: [{ type: 'property', id: 'btn7', props: { name: 'seven' } }],
    });
    expect(state.byId.get('btn7')?.props.name).toBe('seven');
  });

  it('keeps an activation that came during a fetch reading the old window still active', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    b.set('w1', { states: ['enabled', 'active'] });
    const stale = b.walk('w1');
    step({ kind: 'events', events: [{ type: 'window.activated', id: 'w2' }] });
    expect(state.foreground?.id).toBe('w2');
    step({ kind: 'fetched', nodes: stale, replay: [{ type: 'window.activated', id: 'w2' }] });
    expect(state.foreground?.id).toBe('w2');
  });
});
