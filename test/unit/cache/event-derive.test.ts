import { describe, expect, it } from 'vitest';
import type { Patch } from '../../../protocol/src/index.js';
import type { BackendEvent } from '../../../src/backends/backend.js';
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

/** The small desktop, fetched whole. */
function synced(): TreeState {
  const state = new TreeState();
  derived(state, { kind: 'fetched', nodes: smallDesktop().walk('root') });
  return state;
}

const events = (...list: BackendEvent[]): CacheInput => ({ kind: 'events', events: list });

describe('event derivation', () => {
  it('places a text change in its window, app and ancestors at the time it happened', () => {
    const state = synced();
    const edit = state.byId.get('ed1');
    const [only, ...rest] = derived(
      state,
      events({ type: 'text', id: 'ed1', value: 'hello there world' }),
    );
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
    const state = synced();
    const renamed = derived(
      state,
      events({ type: 'property', id: 'btn7', props: { name: 'Seven' } }),
    );
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

  it('keeps in each event the rect the element had then, frozen', () => {
    const state = synced();
    const rename = derived(
      state,
      events({ type: 'property', id: 'btn7', props: { name: 'Seven' } }),
    );
    const rect = { x: 5, y: 6, width: 7, height: 8 };
    const move = derived(state, events({ type: 'property', id: 'btn7', props: { rect } }));
    const rectOf = (d: EventDraft | undefined): unknown =>
      d !== undefined && 'element' in d ? d.element?.rect : undefined;
    expect(rectOf(rename[0]?.[0])).toEqual({ x: 0, y: 0, width: 10, height: 10 });
    expect(rectOf(move[0]?.[0])).toEqual({ x: 5, y: 6, width: 7, height: 8 });
    expect(Object.isFrozen(rectOf(rename[0]?.[0]))).toBe(true);
    expect(state.byId.get('btn7')?.props.rect).toEqual({ x: 5, y: 6, width: 7, height: 8 });
  });

  it('names the element a focus patch moved to, and none for a ref no longer held', () => {
    const state = synced();
    const ref = state.byId.get('btn7')?.ref ?? '';
    const out: EventDraft[] = [];
    deriveEvents(state, { op: 'focus', ref, previous: null }, (d) => out.push(d));
    deriveEvents(state, { op: 'focus', ref: 'e999999', previous: ref }, (d) => out.push(d));
    expect(out).toMatchObject([
      { type: 'focus.changed', element: { ref, name: '7', automationId: 'num7' }, previous: null },
      { type: 'focus.changed', element: null, previous: ref },
    ]);
  });
});
