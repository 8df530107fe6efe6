import { describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { RingEventLog } from '../../../src/cache/events.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { props, smallDesktop, type FakeBackend } from './fake-backend.js';

function setup(capacity = 100): {
  b: FakeBackend;
  state: TreeState;
  log: RingEventLog;
  step: (i: CacheInput) => void;
} {
  const b = smallDesktop();
  const state = new TreeState();
  let clock = 1000;
  const log = new RingEventLog(state, capacity, () => clock++);
  const step = (input: CacheInput): void => {
    const r = reduce(state, input);
    if (r.patches.length === 0) return;
    state.revision++;
    log.appendBatch({ revision: state.revision, patches: r.patches });
  };
  step({ kind: 'fetched', nodes: b.walk('root') });
  return { b, state, log, step };
}

const all = { limit: 100, after: 0 } as const;

describe('event log', () => {
  it('derives typed events with a gapless seq, emitting each after holding it', () => {
    const { b, state, log, step } = setup();
    const streamed: UiEvent[] = [];
    log.events$.subscribe((e) => {
      expect(log.seq).toBe(e.seq);
      streamed.push(e);
    });
    step({
      kind: 'events',
      events: [
        { type: 'focus', id: 'ed1' },
        { type: 'text', id: 'ed1', value: 'bye' },
        { type: 'property', id: 'btn7', props: { name: 'Seven' } },
      ],
    });
    b.set('ed1', { value: 'bye', states: ['enabled', 'focused', 'focusable', 'editable'] });
    b.set('btn7', { name: 'Seven' });
    b.add('root', 'w3', props('Window', 'Dialog', { app: 'calc', pid: 200 }));
    step({ kind: 'fetched', nodes: b.walk('root') });
    const events = log.read(all).events;
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(events.map((e) => e.type)).toEqual([
      'structure.changed',
      'focus.changed',
      'property.changed',
      'text.changed',
      'property.changed',
      'structure.changed',
      'window.opened',
    ]);
    expect(events[2]).toMatchObject({
      changes: {
        states: {
          from: ['enabled', 'focusable', 'editable'],
          to: ['enabled', 'focused', 'focusable', 'editable'],
        },
      },
    });
    expect(events[4]).toMatchObject({
      type: 'property.changed',
      element: { name: 'Seven' },
      changes: { name: { from: '7', to: 'Seven' } },
    });
    expect(events[6]).toMatchObject({
      type: 'window.opened',
      window: { title: 'Dialog', app: 'calc', ref: 'w3' },
    });
    expect(streamed).toEqual(events.slice(1));
    expect(state.byRef.size).toBe(15);
  });

  it('filters by type, window, app, within and control type', () => {
    const { log, step, state } = setup();
    step({
      kind: 'events',
      events: [
        { type: 'property', id: 'btn7', props: { name: 'Seven' } },
        { type: 'text', id: 'ed1', value: 'x' },
        { type: 'property', id: 'mf', props: { states: ['enabled', 'expanded'] } },
      ],
    });
    const names = (p: Partial<Parameters<RingEventLog['read']>[0]>): string[] =>
      log
        .read({ ...all, ...p })
        .events.map((e) => ('element' in e && e.element !== null ? e.element.name : e.type));
    expect(names({ types: ['text.changed'] })).toEqual(['Text Editor']);
    expect(names({ windows: ['calc'], types: ['property.changed'] })).toEqual(['Seven']);
    expect(names({ windows: ['w1'], types: ['property.changed', 'text.changed'] })).toEqual([
      'Text Editor',
      'File',
    ]);
    expect(names({ apps: ['notepad'], types: ['property.changed'] })).toEqual(['File']);
    expect(names({ apps: ['200'] })).toEqual(['Seven']);
    expect(names({ within: state.byId.get('mb1')?.ref ?? '' })).toEqual(['File']);
    expect(names({ controlTypes: ['Button'] })).toEqual(['Seven']);
  });

  it('pages with limit, cursor and hasMore', () => {
    const { log, step } = setup();
    for (let i = 0; i < 5; i++)
      step({
        kind: 'events',
        events: [{ type: 'property', id: 'btn7', props: { name: `n${i}` } }],
      });
    const first = log.read({ after: 1, limit: 2 });
    expect(first.events.map((e) => e.seq)).toEqual([2, 3]);
    expect(first).toMatchObject({ cursor: 3, hasMore: true });
    const rest = log.read({ after: first.cursor, limit: 10 });
    expect(rest.events.map((e) => e.seq)).toEqual([4, 5, 6]);
    expect(rest).toMatchObject({ cursor: 6, hasMore: false });
    expect(log.read({ limit: 10 })).toEqual({ events: [], cursor: 6, hasMore: false });
  });

  it('holds only the ring and answers cursor_expired for older cursors', () => {
    const { log, step } = setup(100);
    for (let i = 0; i < 150; i++)
      step({
        kind: 'events',
        events: [{ type: 'property', id: 'btn7', props: { name: `n${i}` } }],
      });
    expect(log.seq).toBe(151);
    expect(log.oldestSeq).toBe(52);
    expect(log.read({ after: 51, limit: 1 }).events[0]?.seq).toBe(52);
    expect(() => log.read({ after: 10, limit: 1 })).toThrowError(
      expect.objectContaining({ code: 'cursor_expired' }) as Error,
    );
  });
});
