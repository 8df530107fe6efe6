import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import {
  deriveEvents,
  type EventContext,
  type EventDraft,
} from '../../../src/cache/event-derive.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { smallDesktop } from './fake-backend.js';

function derived(state: TreeState, input: CacheInput): [EventDraft, EventContext][] {
  const out: [EventDraft, EventContext][] = [];
  const patches: Patch[] = reduce(state, input).patches;
  for (const patch of patches) deriveEvents(state, patch, (d, c) => out.push([d, c]));
  return out;
}

describe('event derivation', () => {
  it('places a text change in its window, app and ancestors at the time it happened', () => {
    const b = smallDesktop();
    const state = new TreeState();
    derived(state, { kind: 'fetched', nodes: b.walk('root') });
    const edit = state.byId.get('ed1');
    const [only, ...rest] = derived(state, {
      kind: 'events',
      events: [{ type: 'text', id: 'ed1', value: 'hello there world' }],
    });
    expect(rest).toEqual([]);
    const [draft, ctx] = only ?? [];
    expect(draft).toMatchObject({
      type: 'text.changed',
      element: { ref: edit?.ref, name: 'Text Editor', automationId: 'editor' },
      length: 'hello there world'.length,
    });
    expect(ctx).toEqual({
      window: edit?.window,
      app: 'notepad',
      pid: 100,
      path: [edit?.ref, edit?.parent?.ref, edit?.parent?.parent?.ref],
      controlType: 'Edit',
    });
  });

  it('lists each changed property with before and after, and skips childCount alone', () => {
    const b = smallDesktop();
    const state = new TreeState();
    derived(state, { kind: 'fetched', nodes: b.walk('root') });
    const renamed = derived(state, {
      kind: 'events',
      events: [{ type: 'property', id: 'btn7', props: { name: 'Seven' } }],
    });
    expect(renamed.map(([d]) => d)).toMatchObject([
      { type: 'property.changed', changes: { name: { from: '7', to: 'Seven' } } },
    ]);
    const ref = state.byId.get('btn7')?.ref ?? '';
    const none: [EventDraft, EventContext][] = [];
    deriveEvents(state, { op: 'update', ref, props: { childCount: 3 } }, (d, c) =>
      none.push([d, c]),
    );
    expect(none).toEqual([]);
  });
});
