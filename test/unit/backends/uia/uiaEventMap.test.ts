import { describe, expect, it } from 'vitest';
import type { BackendEvent, BackendProps } from '../../../../src/backends/backend.js';
import { EventBatcher, type BatcherTimers } from '../../../../src/backends/uia/uiaBatch.js';
import { EVENT_ID } from '../../../../src/backends/uia/uiaConstants.js';
import { mapRawEvent } from '../../../../src/backends/uia/uiaEventMap.js';

const props: BackendProps = {
  controlType: 'Button',
  name: 'OK',
  rect: null,
  states: ['enabled'],
  patterns: ['Invoke'],
};
const sender = { id: '2a.1', props };

describe('UIA event mapping', () => {
  it('maps focus, property, window and text events', () => {
    expect(mapRawEvent({ kind: 'focus', sender })).toEqual([{ type: 'focus', id: '2a.1' }]);
    expect(mapRawEvent({ kind: 'focus', sender: null })).toEqual([{ type: 'focus', id: null }]);
    expect(mapRawEvent({ kind: 'property', sender, propertyId: 30005 })).toEqual([
      { type: 'property', id: '2a.1', props },
    ]);
    const auto = (eventId: number) =>
      mapRawEvent({ kind: 'automation', sender, eventId, windowId: 'w' });
    expect(auto(EVENT_ID.WindowOpened)).toEqual([{ type: 'window.opened', id: '2a.1' }]);
    expect(auto(EVENT_ID.WindowClosed)).toEqual([{ type: 'window.closed', id: '2a.1' }]);
    expect(auto(EVENT_ID.TextChanged)).toEqual([{ type: 'text', id: '2a.1' }]);
    expect(auto(EVENT_ID.MenuOpened)).toEqual([
      { type: 'structure', change: 'invalidated', windowId: 'w' },
    ]);
    expect(auto(EVENT_ID.InvokeInvoked)).toEqual([{ type: 'property', id: '2a.1', props }]);
    expect(
      mapRawEvent({
        kind: 'automation',
        sender: null,
        eventId: EVENT_ID.WindowOpened,
        windowId: null,
      }),
    ).toEqual([]);
  });

  it('a sender without cached properties only invalidates itself (callbacks never read live)', () => {
    const bare = { id: '2a.7', props: null };
    const invalidated = [{ type: 'structure', change: 'invalidated', id: '2a.7' }];
    expect(mapRawEvent({ kind: 'property', sender: bare, propertyId: 30005 })).toEqual(invalidated);
    expect(
      mapRawEvent({
        kind: 'automation',
        sender: bare,
        eventId: EVENT_ID.InvokeInvoked,
        windowId: null,
      }),
    ).toEqual(invalidated);
    expect(
      mapRawEvent({
        kind: 'automation',
        sender: bare,
        eventId: EVENT_ID.WindowClosed,
        windowId: null,
      }),
    ).toEqual([{ type: 'window.closed', id: '2a.7' }]);
  });

  it('maps each StructureChangeType to the contract', () => {
    const s = (changeType: number, runtimeId: string | null = null) =>
      mapRawEvent({ kind: 'structure', sender, changeType, runtimeId, windowId: 'w' })[0];
    expect(s(0)).toEqual({
      type: 'structure',
      change: 'childAdded',
      childId: '2a.1',
      windowId: 'w',
    });
    expect(s(1, '2a.9')).toEqual({
      type: 'structure',
      change: 'childRemoved',
      id: '2a.1',
      childId: '2a.9',
      windowId: 'w',
    });
    for (const bulk of [2, 3, 4])
      expect(s(bulk)).toEqual({
        type: 'structure',
        change: 'invalidated',
        id: '2a.1',
        windowId: 'w',
      });
    expect(s(5)).toEqual({ type: 'structure', change: 'reordered', id: '2a.1', windowId: 'w' });
    expect(
      mapRawEvent({
        kind: 'structure',
        sender: null,
        changeType: 2,
        runtimeId: null,
        windowId: null,
      }),
    ).toEqual([{ type: 'structure', change: 'invalidated' }]);
  });
});

/** Manual timers: the test decides when the flush interval has passed. */
function manualTimers(): BatcherTimers & { fire(): void; pending: number } {
  let fn: (() => void) | undefined;
  return {
    set: (f) => ((fn = f), 1),
    clear: () => (fn = undefined),
    fire: () => fn?.(),
    get pending() {
      return fn === undefined ? 0 : 1;
    },
  };
}

describe('EventBatcher', () => {
  it('sends one batch per interval, not one message per event', () => {
    const timers = manualTimers();
    const sent: BackendEvent[][] = [];
    const batcher = new EventBatcher({ flushMs: 16, maxBatch: 100, timers }, (b) => sent.push(b));
    batcher.push({ type: 'window.opened', id: 'a' });
    batcher.push({ type: 'text', id: 'b' });
    expect(sent).toHaveLength(0);
    expect(timers.pending).toBe(1);
    timers.fire();
    expect(sent).toEqual([
      [
        { type: 'window.opened', id: 'a' },
        { type: 'text', id: 'b' },
      ],
    ]);
    expect(batcher.size).toBe(0);
  });

  it('flushes at maxBatch at once', () => {
    const sent: BackendEvent[][] = [];
    const batcher = new EventBatcher({ flushMs: 1000, maxBatch: 3, timers: manualTimers() }, (b) =>
      sent.push(b),
    );
    for (const id of ['a', 'b', 'c', 'd']) batcher.push({ type: 'window.opened', id });
    expect(sent.map((b) => b.length)).toEqual([3]);
    expect(batcher.size).toBe(1);
  });

  it('coalesces property events per element and consecutive focus events', () => {
    const sent: BackendEvent[][] = [];
    const batcher = new EventBatcher({ flushMs: 16, maxBatch: 100, timers: manualTimers() }, (b) =>
      sent.push(b),
    );
    batcher.push({ type: 'property', id: 'x', props: { name: 'one' } });
    batcher.push({ type: 'focus', id: 'a' });
    batcher.push({ type: 'focus', id: 'b' });
    batcher.push({ type: 'property', id: 'y', props: { name: 'other' } });
    batcher.push({ type: 'property', id: 'x', props: { name: 'two' } });
    batcher.flush();
    expect(sent).toEqual([
      [
        { type: 'focus', id: 'b' },
        { type: 'property', id: 'y', props: { name: 'other' } },
        { type: 'property', id: 'x', props: { name: 'two' } },
      ],
    ]);
    batcher.flush();
    expect(sent).toHaveLength(1);
  });
});
