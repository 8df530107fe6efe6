import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UiEvent } from '../../../protocol/src/index.js';
import { EventSubscription } from '../../../src/ws/event-subscription.js';
import { makeQueue } from './fakes.js';

function textEvent(seq: number, size = 10): UiEvent {
  return {
    seq,
    time: 0,
    type: 'text.changed',
    element: { ref: 'e1', controlType: 'Edit', name: 'x', rect: null, window: 'w1' },
    change: { start: 0, removed: 0, inserted: 'v'.repeat(size) },
    length: size,
  };
}

interface Note {
  method?: string;
  params?: { events?: UiEvent[]; from?: number; to?: number };
}

/** Seqs delivered as events, and seqs reported inside gaps, in the order they were sent. */
function outcome(messages: Note[]): { delivered: number[]; gapped: number[]; order: number[] } {
  const delivered: number[] = [];
  const gapped: number[] = [];
  const order: number[] = [];
  for (const m of messages) {
    if (m.method === 'events.event') {
      for (const e of m.params?.events ?? []) {
        delivered.push(e.seq);
        order.push(e.seq);
      }
    } else if (m.method === 'events.gap') {
      for (let s = m.params?.from ?? 0; s <= (m.params?.to ?? -1); s++) {
        gapped.push(s);
        order.push(s);
      }
    }
  }
  return { delivered, gapped, order };
}

describe('EventSubscription', () => {
  it('holds events until released, then sends them as one notification', () => {
    const { socket, out } = makeQueue(100_000);
    const sub = new EventSubscription('ev1', () => true, out, 0);
    for (let s = 1; s <= 3; s++) sub.push(textEvent(s));
    expect(socket.sent).toHaveLength(0);
    sub.release();
    const notes = socket.messages() as Note[];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.params?.events?.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('skips events that do not match and ones already delivered', () => {
    const { socket, out } = makeQueue(100_000);
    const sub = new EventSubscription('ev1', (e) => e.seq % 2 === 0, out, 2);
    sub.release();
    for (const s of [1, 2, 3, 4]) sub.push(textEvent(s));
    sub.flush();
    expect(outcome(socket.messages() as Note[]).delivered).toEqual([4]);
  });

  it('coalesces while congested and reports a gap past the cap', () => {
    const { socket, out } = makeQueue(4_000);
    const sub = new EventSubscription('ev1', () => true, out, 0);
    sub.release();
    sub.push(textEvent(1, 2_500));
    sub.flush(); // queue now past a quarter of the cap, nothing flushed by the "kernel"
    for (let s = 2; s <= 10; s++) sub.push(textEvent(s, 500));
    sub.flush();
    // Nothing but the small gap notice goes out while congested.
    expect((socket.messages() as Note[]).map((m) => m.method)).toEqual([
      'events.event',
      'events.gap',
    ]);
    socket.flush();
    sub.flush();
    const { delivered, gapped } = outcome(socket.messages());
    expect(delivered[0]).toBe(1);
    expect(gapped.length).toBeGreaterThan(0);
    expect([...delivered, ...gapped].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('delivers or reports every seq exactly once, in order, whatever the pace of the reader', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 3_000 }), flush: fc.nat(3) }), {
          minLength: 1,
          maxLength: 200,
        }),
        (steps) => {
          const { socket, queue, out } = makeQueue(16_384);
          const sub = new EventSubscription('ev1', () => true, out, 0);
          sub.release();
          steps.forEach((step, i) => {
            sub.push(textEvent(i + 1, step.size));
            if (step.flush > 0) socket.flush(step.flush);
            sub.flush();
            // Sent-but-unflushed bytes never pass the cap by more than one frame.
            expect(queue.bytes).toBeLessThanOrEqual(16_384 + 3_600);
          });
          socket.flush();
          sub.flush();
          socket.flush();
          sub.flush();
          const { order } = outcome(socket.messages());
          expect(order).toEqual(steps.map((_, i) => i + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
