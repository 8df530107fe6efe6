/**
 * Cache benchmark: cached reads against the same reads done by a fresh backend walk of the sim
 * under a LATENCY MODEL (2 ms per bulk call + 50 µs per element; not a measurement: the real
 * walk figures are bench/atspi's, against a real GTK app), on desktops of 1k, 10k
 * and 100k elements; event-batch-to-patch latency against the reducer alone, and throughput on
 * property events (events.ts); heap per cached element. Prints exactly one JSON line. Counts
 * are fixed and small, so the run is bounded (about a minute on two cores).
 */
import { Subject, merge } from 'rxjs';
import type {
  AccessibilityBackend,
  BackendEvent,
  BackendNode,
} from '../../src/backends/backend.js';
import type { SimBackend } from '../../src/backends/sim/index.js';
import { createCache } from '../../src/cache/index.js';
import { reduce } from '../../src/cache/reducer.js';
import { snapshot } from '../../src/cache/snapshot.js';
import { TreeState } from '../../src/cache/tree.js';
import { loadConfig } from '../../src/config.js';
import { benchDesktop } from './desktop.js';
import { measureEvents, type EventFigures } from './events.js';
import { percentile, round, trialsOf, type Trials } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const LATENCY = { perCallMs: 2, perElementUs: 50 };
const SIZES = [
  { label: '1k', windows: 2, freshFindRuns: 3 },
  { label: '10k', windows: 20, freshFindRuns: 3 },
  { label: '100k', windows: 200, freshFindRuns: 1 },
] as const;

const gc = (globalThis as { gc?: () => void }).gc;
const signal = (): AbortSignal => AbortSignal.timeout(120_000);

const TRIALS = 3;

/**
 * Per-call durations in µs of `fn` over `runs` calls (after a short warm-up), in three trials:
 * each percentile is the median of the trials' own, with their spread.
 */
function timeSync(runs: number, fn: (i: number) => unknown): { p50: Trials; p99: Trials } {
  for (let i = 0; i < Math.min(200, runs); i++) fn(i);
  const per = Math.ceil(runs / TRIALS);
  // Allocated up front: a growing array would reallocate inside the timed loop.
  const timed = new Float64Array(per);
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let t = 0; t < TRIALS; t++) {
    for (let i = 0; i < per; i++) {
      const t0 = performance.now();
      fn(t * per + i);
      timed[i] = (performance.now() - t0) * 1000;
    }
    const times = Array.from(timed).sort((a, b) => a - b);
    p50s.push(percentile(times, 50));
    p99s.push(percentile(times, 99));
  }
  return { p50: trialsOf(p50s), p99: trialsOf(p99s) };
}

async function timeAsync(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push((performance.now() - t0) * 1000);
  }
  times.sort((a, b) => a - b);
  return round(percentile(times, 50), 1);
}

/** The sim, plus a way to inject event batches through its events$ (for latency figures). */
function injectable(sim: SimBackend): {
  backend: AccessibilityBackend;
  inject: Subject<readonly BackendEvent[]>;
} {
  const inject = new Subject<readonly BackendEvent[]>();
  const backend: AccessibilityBackend = {
    name: sim.name,
    capabilities: sim.capabilities,
    rootId: sim.rootId,
    events$: merge(sim.events$, inject),
    start: (s) => sim.start(s),
    stop: () => sim.stop(),
    fetchSubtree: (id, o) => sim.fetchSubtree(id, o),
    performPattern: (id, a, o) => sim.performPattern(id, a, o),
    focus: (id, o) => sim.focus(id, o),
    activateWindow: (id, o) => sim.activateWindow(id, o),
    input: (a, o) => sim.input(a, o),
  };
  return { backend, inject };
}

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

interface Percentiles {
  p50: number | Trials;
  p99: number | Trials;
}

interface SizeResult extends Partial<EventFigures> {
  elements: number;
  heapBytesPerElement: number | null;
  findUs: Percentiles;
  /** The floor under find: the same names filtered by a bare loop, timed the same way. */
  bareScanUs: Percentiles;
  getUs: Percentiles;
  /** The floor under get: a bare Map lookup of the same refs, timed the same way. */
  bareLookupUs: Percentiles;
  snapshotUs: Percentiles & { lines: number };
  /** A fresh read of the sim under LATENCY (a model, not a measurement of a platform). */
  modelledFreshUs: { find: number; get: number; snapshot: number };
  speedupVsModelledWalk: { find: number; get: number; snapshot: number };
}

/**
 * Heap per cached element: live heap after a forced GC with the cache built (and the name
 * index its first find builds) minus before. Run after every timed section, never between
 * them: a forced full GC shrinks the young generation, and the scavenges that follow while it
 * grows back landed inside the timed reads (get p99 18.9 µs under the runner's --expose-gc
 * against 2.1-2.4 µs without).
 */
async function measureHeap(size: (typeof SIZES)[number]): Promise<number | null> {
  if (gc === undefined) return null;
  const sim = await benchDesktop(size.windows);
  const before = heapUsed();
  const cache = createCache(sim, loadConfig({ cache: {} }).cache);
  await cache.start(signal());
  const elements = cache.stats().elements;
  const name = `Item ${Math.floor(size.windows / 2)}.100`;
  cache.find({ name, nameMatch: 'contains', caseSensitive: false, maxResults: 50 });
  const perElement = round((heapUsed() - before) / elements, 0);
  await cache.stop();
  await sim.stop();
  return perElement;
}

async function measureSize(size: (typeof SIZES)[number]): Promise<SizeResult> {
  const sim = await benchDesktop(size.windows);
  const { backend, inject } = injectable(sim);
  const cache = createCache(backend, loadConfig({ cache: {} }).cache);
  await cache.start(signal());
  const elements = cache.stats().elements;
  const refs = [...cache.state.byRef.keys()];
  const win = cache.state.root?.children[Math.floor(size.windows / 2)];
  const target = `Item ${Math.floor(size.windows / 2)}.100`;
  const findParams = {
    name: target,
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 50,
  } as const;
  const found = cache.find(findParams);
  if (found.elements.length !== 1 || found.scanned !== elements)
    throw new Error(`find sanity: ${found.elements.length}`);
  // Enough calls that the 1% tail is hundreds of calls, not the 20 that a few of the
  // machine's interruptions (see machineNoise) decided when finds ran 2,000 times.
  const find = timeSync(size.label === '100k' ? 2000 : 20_000, () => cache.find(findParams));
  // Lower-cased once, as the cache keeps them.
  const names = [...cache.state.byRef.values()].map((n) => n.nameKey);
  const needle = target.toLowerCase();
  const bareScan = timeSync(size.label === '100k' ? 2000 : 20_000, () =>
    names.filter((n) => n.includes(needle)).slice(0, 50),
  );
  const get = timeSync(100_000, (i) =>
    cache.get({ ref: refs[(i * 7919) % refs.length] as string }),
  );
  const plain = new Map(refs.map((r) => [r, { ref: r }]));
  const bareLookup = timeSync(100_000, (i) => ({
    ...plain.get(refs[(i * 7919) % refs.length] as string),
  }));
  const snapParams = { mode: 'full', maxElements: 1000, root: win?.ref ?? 'e1' } as const;
  const snapLines = cache.snapshot(snapParams).total;
  const snap = timeSync(300, () => cache.snapshot(snapParams));

  sim.control.setFetchLatency(LATENCY);
  const freshFind = await timeAsync(size.freshFindRuns, async () => {
    const nodes = await sim.fetchSubtree(sim.rootId, { signal: signal() });
    return nodes.filter((n) => n.props.name.toLowerCase().includes(target.toLowerCase()));
  });
  const someId = win?.children[0]?.id ?? sim.rootId;
  const freshGet = await timeAsync(20, () =>
    sim.fetchSubtree(someId, { signal: signal(), maxDepth: 0 }),
  );
  const freshSnap = await timeAsync(5, async () => {
    const nodes: BackendNode[] = await sim.fetchSubtree(win?.id ?? sim.rootId, {
      signal: signal(),
    });
    const fresh = new TreeState();
    reduce(fresh, { kind: 'fetched', nodes });
    return snapshot(fresh, { mode: 'full', maxElements: 1000 }, () => []);
  });
  sim.control.setFetchLatency({ perCallMs: 0, perElementUs: 0 });

  const result: SizeResult = {
    elements,
    // Filled in by measureHeap once every timed section has run.
    heapBytesPerElement: null,
    findUs: find,
    bareScanUs: bareScan,
    getUs: get,
    bareLookupUs: bareLookup,
    snapshotUs: { ...snap, lines: snapLines },
    modelledFreshUs: { find: freshFind, get: freshGet, snapshot: freshSnap },
    speedupVsModelledWalk: {
      find: round(freshFind / find.p50.median, 0),
      get: round(freshGet / get.p50.median, 0),
      snapshot: round(freshSnap / snap.p50.median, 0),
    },
  };
  if (size.label === '10k') {
    const nodes = await sim.fetchSubtree(sim.rootId, { signal: signal() });
    Object.assign(result, await measureEvents(cache, inject, nodes));
  }
  await cache.stop();
  await sim.stop();
  return result;
}

/**
 * How often this machine takes the CPU away from a loop that does nothing but read the clock,
 * and for how long: the floor under every p99 of a call that lasts a few microseconds. (On the
 * development VM a 1 kHz tick costs ~40 µs each time, plus other gaps: ~1.4 a millisecond.)
 */
function machineNoise(ms = 200): { gapsPerMs: number; gapP50Us: number; gapP99Us: number } {
  const gaps: number[] = [];
  const start = performance.now();
  let prev = start;
  while (prev - start < ms) {
    const now = performance.now();
    if (now - prev > 0.02) gaps.push((now - prev) * 1000);
    prev = now;
  }
  gaps.sort((a, b) => a - b);
  return {
    gapsPerMs: round(gaps.length / ms, 2),
    gapP50Us: round(percentile(gaps, 50), 0),
    gapP99Us: round(percentile(gaps, 99), 0),
  };
}

const noise = machineNoise();
const results: Record<string, SizeResult> = {};
for (const size of SIZES) results[size.label] = await measureSize(size);
for (const size of SIZES)
  (results[size.label] as SizeResult).heapBytesPerElement = await measureHeap(size);
// The speed-up over a fresh walk is no target here: the walk is modelled. bench/atspi holds
// the real one (cached reads against walks of a real GTK app).
printLine('cache', {
  latencyModel: { ...LATENCY, note: 'fresh reads are modelled sim latency, not measured' },
  machineGapsOver20Us: noise,
  ...results,
});
