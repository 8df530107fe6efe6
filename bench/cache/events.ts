/**
 * Event figures of the cache bench: an event batch entering the store to its patch coming out,
 * against the pure reducer applying the same batch to an equal tree of its own, each in a turn
 * of its own, interleaved batch by batch and judged per trial (the median of 5 trials' p50
 * ratios). Timed as two blocks (the store one batch a turn, the reducer back to back on the
 * store's own tree, replaying batches it had applied, so about one event in seven changed
 * nothing), the ratio moved with the machine: the reducer's p50 read 8.7 us in one run and
 * 14.2 us in another. Plus property-event throughput of both.
 */
import type { Subject } from 'rxjs';
import type { BackendEvent, BackendNode } from '../../src/backends/backend.js';
import type { CacheStore } from '../../src/cache/index.js';
import { reduce } from '../../src/cache/reducer.js';
import { TreeState } from '../../src/cache/tree.js';
import { percentile, round, trialsOf, type Trials } from '../lib/stats.js';

const TRIALS = 5;
const PER_TRIAL = 400;
const WARM_UP = 200;
const BATCH = 10;

export interface EventFigures {
  eventBatchToPatchUs: { p50: Trials; p99: Trials; batch: number };
  /** The floor under batch-to-patch: the pure reducer on the same batches, same trials. */
  reducerBatchUs: { p50: Trials; p99: Trials };
  /** Per trial: batch-to-patch p50 over the reducer's p50 in the same trial. */
  batchToPatchVsReducerP50: Trials;
  propertyEventsPerSec: { reducer: number; store: number };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `count` batches of `size` property events, each renaming an element to a name never used
 * (so that every event changes something on either side). */
function renames(ids: readonly string[], count: number, size: number, tag: string) {
  return Array.from({ length: count }, (_, i) =>
    Array.from({ length: size }, (_, k): BackendEvent => ({
      type: 'property',
      id: ids[(i * 31 + k * 977) % ids.length] as string,
      props: { name: `${tag}${i}.${k}` },
    })),
  );
}

/** The two sides of one batch, each timed in a turn of its own (as a platform delivers one). */
interface Sides {
  store(batch: BackendEvent[]): Promise<number>;
  reducer(batch: BackendEvent[]): Promise<number>;
}

function sides(cache: CacheStore, inject: Subject<readonly BackendEvent[]>, mirror: TreeState) {
  let sent = 0;
  let latency = NaN;
  let patched = 0;
  const sub = cache.patches$.subscribe((b) => {
    latency = (performance.now() - sent) * 1000;
    patched = b.patches.length;
  });
  const checked = (patches: number, us: number): number => {
    // Both sides must do the whole work: every event renames an element.
    if (patches !== BATCH) throw new Error(`a batch gave ${patches} patches, not ${BATCH}`);
    return us;
  };
  const s: Sides = {
    async store(batch) {
      await turn();
      latency = NaN;
      patched = 0;
      sent = performance.now();
      inject.next(batch);
      return checked(patched, latency);
    },
    async reducer(batch) {
      await turn();
      const t0 = performance.now();
      const { patches } = reduce(mirror, { kind: 'events', events: batch });
      return checked(patches.length, (performance.now() - t0) * 1000);
    },
  };
  return { sides: s, stop: () => sub.unsubscribe() };
}

/** One trial: every batch through both sides, the order alternating batch by batch. */
async function trial(s: Sides, batches: BackendEvent[][]): Promise<[number[], number[]]> {
  const store: number[] = [];
  const reducer: number[] = [];
  for (const [i, batch] of batches.entries()) {
    if (i % 2 === 0) {
      store.push(await s.store(batch));
      reducer.push(await s.reducer(batch));
    } else {
      reducer.push(await s.reducer(batch));
      store.push(await s.store(batch));
    }
  }
  return [store, reducer];
}

/**
 * Batch-to-patch latency through the store against the reducer alone, and throughput of both.
 * `nodes` is the fetch the store synced from: the reducer's tree is built from it.
 */
export async function measureEvents(
  cache: CacheStore,
  inject: Subject<readonly BackendEvent[]>,
  nodes: readonly BackendNode[],
): Promise<EventFigures> {
  const mirror = new TreeState();
  reduce(mirror, { kind: 'fetched', nodes: [...nodes] });
  const ids = [...cache.state.byId.keys()];
  const all = renames(ids, WARM_UP + TRIALS * PER_TRIAL, BATCH, 'n');
  const { sides: s, stop } = sides(cache, inject, mirror);
  await trial(s, all.slice(0, WARM_UP));
  const [store50, store99, reducer50, reducer99]: [number[], number[], number[], number[]] = [
    [],
    [],
    [],
    [],
  ];
  for (let t = 0; t < TRIALS; t++) {
    const from = WARM_UP + t * PER_TRIAL;
    const [store, reducer] = await trial(s, all.slice(from, from + PER_TRIAL));
    store50.push(percentile(store, 50));
    store99.push(percentile(store, 99));
    reducer50.push(percentile(reducer, 50));
    reducer99.push(percentile(reducer, 99));
  }
  stop();
  const big = renames(ids, 100, 1000, 't');
  return {
    eventBatchToPatchUs: { p50: trialsOf(store50, 1), p99: trialsOf(store99, 1), batch: BATCH },
    reducerBatchUs: { p50: trialsOf(reducer50, 1), p99: trialsOf(reducer99, 1) },
    batchToPatchVsReducerP50: trialsOf(store50.map((v, i) => v / (reducer50[i] as number))),
    propertyEventsPerSec: {
      store: throughput(big, (b) => inject.next(b)),
      reducer: throughput(big, (b) => reduce(mirror, { kind: 'events', events: b })),
    },
  };
}

/** Events a second applying `batches` back to back. */
function throughput(batches: BackendEvent[][], apply: (b: BackendEvent[]) => void): number {
  const t0 = performance.now();
  for (const batch of batches) apply(batch);
  const events = batches.length * (batches[0]?.length ?? 0);
  return round(events / ((performance.now() - t0) / 1000), 0);
}
