import { describe, expect, it } from 'vitest';
import {
  applyDelta,
  applySnapshot,
  EMPTY_TREE,
  subtreeOf,
} from '../../../src/backends/provider/providerTree.js';
import { demoTree, GREET, LABEL, labelNode, node, WINDOW } from './fixture.js';

const snapshot = {
  type: 'snapshot' as const,
  seq: 0,
  windows: [WINDOW],
  nodes: demoTree(),
  focus: GREET,
};

function started() {
  const out = applySnapshot(EMPTY_TREE, snapshot);
  if (!out.ok) throw new Error('snapshot refused');
  return out.state;
}

describe('provider tree reducer', () => {
  it('a first snapshot opens its windows and sets the focus', () => {
    const out = applySnapshot(EMPTY_TREE, snapshot);
    expect(out.ok && out.changes).toEqual([
      { kind: 'windowsChanged', opened: [WINDOW], closed: [] },
      { kind: 'focus', id: GREET },
    ]);
    expect(subtreeOf(started(), WINDOW, undefined).map((n) => n.id)).toEqual([
      WINDOW,
      GREET,
      LABEL,
    ]);
    expect(subtreeOf(started(), WINDOW, 0).map((n) => n.id)).toEqual([WINDOW]);
  });

  it('a delta changes props and children, numbered one after the other', () => {
    const extra = node('extra', WINDOW, [], { controlType: 'Text', name: 'new' });
    const parent = { ...demoTree()[0]!, children: [GREET, LABEL, 'extra'] };
    const out = applyDelta(started(), {
      type: 'delta',
      seq: 1,
      upsert: [labelNode('bye'), extra, parent],
      remove: [],
    });
    expect(out.ok && out.changes).toEqual([
      { kind: 'props', id: LABEL, node: labelNode('bye') },
      { kind: 'children', id: WINDOW },
    ]);
  });

  it('a delta out of sequence is a gap, before anything changes', () => {
    expect(applyDelta(started(), { type: 'delta', seq: 5, upsert: [], remove: [] })).toEqual({
      ok: false,
      gap: true,
      expected: 1,
    });
    expect(applyDelta(EMPTY_TREE, { type: 'delta', seq: 0, upsert: [], remove: [] })).toMatchObject(
      { gap: true },
    );
  });

  it('removing a window closes it and drops its subtree and the focus in it', () => {
    const out = applyDelta(started(), {
      type: 'delta',
      seq: 1,
      upsert: [],
      remove: [WINDOW],
      windows: [],
    });
    expect(out.ok && out.changes).toEqual([
      { kind: 'windowsChanged', opened: [], closed: [WINDOW] },
      { kind: 'focus', id: null },
    ]);
    expect(out.ok && out.state.nodes.size).toBe(0);
  });

  it('a window that is not a parentless node is refused', () => {
    const out = applySnapshot(EMPTY_TREE, { ...snapshot, windows: [LABEL] });
    expect(out).toEqual({ ok: false, gap: false, reason: `window ${LABEL} has a parent` });
  });

  it('a window that becomes active is reported activated, once', () => {
    const active = { ...demoTree()[0]!, states: ['enabled' as const, 'active' as const] };
    const first = applyDelta(started(), { type: 'delta', seq: 1, upsert: [active], remove: [] });
    expect(first.ok && first.changes).toEqual([
      { kind: 'props', id: WINDOW, node: active },
      { kind: 'activated', id: WINDOW },
    ]);
    if (!first.ok) return;
    const moved = { ...active, rect: { x: 5, y: 5, width: 400, height: 300 } };
    const again = applyDelta(first.state, { type: 'delta', seq: 2, upsert: [moved], remove: [] });
    expect(again.ok && again.changes).toEqual([{ kind: 'props', id: WINDOW, node: moved }]);
  });

  it('holds equal lists once, and an upsert that changes nothing announces nothing', () => {
    const state = started();
    const label = state.nodes.get(LABEL);
    expect(label?.states).toBe(state.nodes.get(WINDOW)?.states);
    expect(label?.children).toBe(state.nodes.get(GREET)?.children);
    const same = applyDelta(state, {
      type: 'delta',
      seq: 1,
      upsert: [labelNode('hello')],
      remove: [],
    });
    expect(same.ok && same.changes).toEqual([]);
    const moved = { ...labelNode('hello'), rect: { x: 11, y: 10, width: 100, height: 30 } };
    if (!same.ok) return;
    const again = applyDelta(same.state, { type: 'delta', seq: 2, upsert: [moved], remove: [] });
    expect(again.ok && again.changes).toEqual([{ kind: 'props', id: LABEL, node: moved }]);
  });
});
