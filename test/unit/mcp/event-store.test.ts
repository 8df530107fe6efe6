import { describe, expect, it } from 'vitest';
import { BoundedEventStore } from '../../../src/mcp/event-store.js';

type Msg = Record<string, unknown>;

async function replay(store: BoundedEventStore<Msg>, after: string) {
  const sent: [string, Msg][] = [];
  const stream = await store.replayEventsAfter(after, {
    send: (id, m) => {
      sent.push([id, m]);
      return Promise.resolve();
    },
  });
  return { stream, sent };
}

describe('BoundedEventStore', () => {
  it('replays only the later events of the same stream, skipping priming events', async () => {
    const store = new BoundedEventStore<Msg>();
    const prime = await store.storeEvent('a', {});
    const a1 = await store.storeEvent('a', { n: 1 });
    await store.storeEvent('b', { n: 2 });
    const a3 = await store.storeEvent('a', { n: 3 });
    expect(await store.getStreamIdForEventId(a1)).toBe('a');
    const fromPrime = await replay(store, prime);
    expect(fromPrime.stream).toBe('a');
    expect(fromPrime.sent).toEqual([
      [a1, { n: 1 }],
      [a3, { n: 3 }],
    ]);
    expect((await replay(store, a1)).sent).toEqual([[a3, { n: 3 }]]);
  });

  it('keeps only the newest events', async () => {
    const store = new BoundedEventStore<Msg>(3);
    const first = await store.storeEvent('s', { n: 0 });
    for (let n = 1; n <= 5; n++) await store.storeEvent('s', { n });
    expect(store.size).toBe(3);
    const { sent } = await replay(store, first);
    expect(sent.map(([, m]) => m.n)).toEqual([3, 4, 5]);
  });
});
