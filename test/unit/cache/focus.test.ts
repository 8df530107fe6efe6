import { describe, expect, it } from 'vitest';
import { compareWithTruth } from '../../../src/cache/consistency.js';
import { subtree } from '../../../src/cache/queries/tree.js';
import type { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop } from './fake-backend.js';
import { synced } from './synced-state.js';

function refOf(state: TreeState, id: string): string {
  return state.byId.get(id)?.ref ?? 'missing';
}

describe('focus pointer and state', () => {
  it('moves focus to what a re-fetch shows focused when the focus event was lost', () => {
    const b = smallDesktop();
    const { state, mirror, step } = synced(b);
    step({ kind: 'events', events: [{ type: 'focus', id: 'ed1' }] });
    expect(state.focused?.id).toBe('ed1');
    // Focus moved to btn8 in the other window; its focus event and ed1's property event were
    // lost. Only btn8's window is re-fetched.
    b.set('btn8', { states: ['enabled', 'focused'] });
    b.set('ed1', { states: ['enabled', 'focusable', 'editable'] });
    const r = step({ kind: 'fetched', nodes: b.walk('w2') });
    expect(state.focused?.id).toBe('btn8');
    expect(r.patches).toContainEqual({
      op: 'focus',
      ref: refOf(state, 'btn8'),
      previous: refOf(state, 'ed1'),
    });
    expect(compareWithTruth(state, b.walk('root'))).toEqual([]);
    expect(mirror.list()).toEqual(subtree(state, 'e1').nodes);
  });

  it('clears focus when a re-fetch shows its holder lost it', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    step({ kind: 'events', events: [{ type: 'focus', id: 'ed1' }] });
    b.set('ed1', { states: ['enabled', 'focusable', 'editable'] });
    const r = step({ kind: 'fetched', nodes: b.walk('w1') });
    expect(state.focused).toBeNull();
    expect(r.patches).toContainEqual({ op: 'focus', ref: null, previous: refOf(state, 'ed1') });
  });

  it('moves focus, and applies focus on a not-yet-fetched element once it appears', () => {
    const b = smallDesktop();
    const { state, step } = synced(b);
    const r1 = step({ kind: 'events', events: [{ type: 'focus', id: 'ed1' }] });
    expect(r1.patches).toEqual([
      { op: 'focus', ref: refOf(state, 'ed1'), previous: null },
      {
        op: 'update',
        ref: refOf(state, 'ed1'),
        props: { states: ['enabled', 'focused', 'focusable', 'editable'] },
      },
    ]);
    const r2 = step({ kind: 'events', events: [{ type: 'focus', id: 'new' }] });
    expect(r2.patches).toEqual([]);
    b.add('w1', 'new', props('Button', 'New'));
    const r3 = step({ kind: 'fetched', nodes: b.walk('w1') });
    expect(r3.patches.find((p) => p.op === 'focus')).toEqual({
      op: 'focus',
      ref: refOf(state, 'new'),
      previous: refOf(state, 'ed1'),
    });
  });
});
