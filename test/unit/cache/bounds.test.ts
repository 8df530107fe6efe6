/**
 * Every store is bounded by bytes as well as by count: a run of large events (value changes of a
 * long document) cannot grow the event log, the patch history or an MCP session's event store
 * past its byte bound, and what remains is still read correctly.
 */
import { describe, expect, it } from 'vitest';
import { RingEventLog } from '../../../src/cache/events.js';
import { PatchHistory } from '../../../src/cache/history.js';
import { reduce, type CacheInput } from '../../../src/cache/reducer.js';
import { TreeState } from '../../../src/cache/tree.js';
import { BoundedEventStore } from '../../../src/mcp/event-store.js';
import { props, smallDesktop } from './fake-backend.js';

const KB = 1024;
/** A document growing by 1 KB a step, as demo typing grows one. */
const doc = (step: number): string => 'x'.repeat(step * KB);

describe('byte bounds', () => {
  it('event log: holds at most its bytes, the newest events readable', () => {
    const state = new TreeState();
    const log = new RingEventLog(state, 10_000, Date.now, 64 * KB);
    const history = new PatchHistory(10_000, 0, 64 * KB);
    const step = (input: CacheInput): void => {
      const r = reduce(state, input);
      if (r.patches.length === 0) return;
      state.revision++;
      log.appendBatch({ revision: state.revision, patches: r.patches });
      history.push({ revision: state.revision, patches: r.patches });
    };
    step({ kind: 'fetched', nodes: smallDesktop().walk('root') });
    for (let i = 1; i <= 200; i++) {
      step({
        kind: 'events',
        events: [{ type: 'property', id: 'ed1', props: { value: doc(i % 40) } }],
      });
    }
    expect(log.heldBytes).toBeLessThanOrEqual(64 * KB);
    expect(history.heldBytes).toBeLessThanOrEqual(64 * KB);
    // Far fewer than the 10,000 the count allows, and the newest is there.
    expect(log.seq - log.oldestSeq).toBeLessThan(100);
    const newest = log.read({ after: log.oldestSeq - 1, limit: 1000 }).events;
    expect(newest.at(-1)?.seq).toBe(log.seq);
    expect(() => log.read({ after: 0, limit: 10 })).toThrow(/no longer held/);
    // The last two updates weigh their old text too (39 + 38 KB, over the bound): only the
    // newest batch is held.
    expect(history.since(state.revision - 1)).not.toBeNull();
    expect(history.since(1)).toBeNull();
  });

  it('tombstones: elements that come and go leave at most their bytes of locators', () => {
    const state = new TreeState({ maxBytes: 32 * KB });
    const b = smallDesktop();
    reduce(state, { kind: 'fetched', nodes: b.walk('root') });
    let last = '';
    // A menu of 20 long-named items opens and closes 200 times: 4,000 vanished refs.
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 20; i++) {
        b.add('mb1', `m${round}.${i}`, props('MenuItem', `Recent document ${i} `.repeat(8)));
      }
      reduce(state, { kind: 'fetched', nodes: b.walk('w1') });
      last = state.byId.get(`m${round}.19`)?.ref ?? 'missing';
      for (let i = 0; i < 20; i++) b.remove(`m${round}.${i}`);
      reduce(state, { kind: 'fetched', nodes: b.walk('w1') });
    }
    expect(state.tombstones.heldBytes).toBeLessThanOrEqual(32 * KB);
    // Far fewer than the 20,000 the count allows, the newest kept.
    expect(state.tombstones.size).toBeLessThan(200);
    expect(state.tombstones.get(last)?.name).toMatch(/^Recent document 19/);
  });

  it('MCP event store: holds at most its bytes', async () => {
    const store = new BoundedEventStore<{ text: string }>(1_000, 32 * KB);
    for (let i = 0; i < 100; i++) await store.storeEvent('s1', { text: doc(4) });
    expect(store.heldBytes).toBeLessThanOrEqual(32 * KB);
    expect(store.size).toBeLessThan(10);
  });
});
