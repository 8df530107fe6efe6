/**
 * AT-SPI benchmark in its own headless desktop with gtk3-widget-factory. Prints ONE JSON line:
 * - initial cache sync vs the raw walk of the same tree (target ratio <= 1.5),
 * - a cached read of the window vs a fresh walk of it (target >= 1,000x),
 * - Toggle action -> cache patch latency (target p99 <= 10 ms),
 * - drift: after 200 random real actions, differences between the cache and a fresh full walk.
 * Everything is bounded in count and time.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { loadConfig } from '../../src/config.js';
import { createCache } from '../../src/cache/index.js';
import { checkConsistency } from '../../src/cache/consistency.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import {
  launchAndWait,
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
} from '../../test/atspi/harness.js';
import { perform, planActions } from './actions.js';

const WALK_RUNS = 7;
const SYNC_RUNS = 5;
const READ_RUNS = 2_000;
const PATCH_RUNS = 100;
const DRIFT_ACTIONS = 200;
const PATCH_DEADLINE_MS = 2_000;

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const percentile = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ??
  NaN;
const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function measureSync(backend: AtspiBackend, signal: AbortSignal) {
  const walks: number[] = [];
  const bulks: number[] = [];
  let elements = 0;
  for (let i = 0; i < WALK_RUNS; i++) {
    walks.push(
      await timeIt(
        async () => (elements = (await backend.walk(backend.rootId, { signal })).length),
      ),
    );
    bulks.push(await timeIt(() => backend.fetchSubtree(backend.rootId, { signal })));
  }
  const syncs: number[] = [];
  for (let i = 0; i < SYNC_RUNS; i++) {
    const cache = createCache(backend, loadConfig({}).cache);
    syncs.push(await timeIt(() => cache.start(signal)));
    await cache.stop();
  }
  return { elements, walkMs: median(walks), bulkMs: median(bulks), syncMs: median(syncs) };
}

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(600_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  try {
    const { app, window } = await launchAndWait(
      desktop,
      backend,
      'gtk3-widget-factory',
      [],
      signal,
    );
    const sync = await measureSync(backend, signal);
    const cache = createCache(backend, loadConfig({}).cache);
    await cache.start(signal);
    const windowRef = cache.state.byId.get(window.id)?.ref;
    if (windowRef === undefined) throw new Error('the cache lacks the factory window');

    const freshWalks: number[] = [];
    for (let i = 0; i < WALK_RUNS; i++)
      freshWalks.push(await timeIt(() => backend.fetchSubtree(window.id, { signal })));
    const readStart = performance.now();
    let readNodes = 0;
    for (let i = 0; i < READ_RUNS; i++) readNodes = cache.subtree(windowRef).nodes.length;
    const cachedReadMs = (performance.now() - readStart) / READ_RUNS;

    const nodes = await backend.fetchSubtree(window.id, { signal });
    const box = nodes.find(
      (n) => n.props.controlType === 'CheckBox' && n.props.states.includes('enabled'),
    );
    const boxRef = box === undefined ? undefined : cache.state.byId.get(box.id)?.ref;
    if (box === undefined || boxRef === undefined)
      throw new Error('no enabled check box in the cache');
    const latencies: number[] = [];
    for (let i = 0; i < PATCH_RUNS; i++) {
      const patched = firstValueFrom(
        cache.patches$.pipe(
          filter((b) =>
            b.patches.some((p) => p.op === 'update' && JSON.stringify(p).includes(`"${boxRef}"`)),
          ),
          timeout(PATCH_DEADLINE_MS),
        ),
      );
      const start = performance.now();
      await backend.performPattern(box.id, { pattern: 'Toggle' }, { signal });
      await patched;
      latencies.push(performance.now() - start);
    }

    const plan = planActions(nodes, DRIFT_ACTIONS, 42);
    let performed = 0;
    for (const step of plan) if (await perform(backend, step, signal)) performed++;
    // A marker action whose patch arrives after every earlier event (events are emitted in order).
    const edit = nodes.find(
      (n) => n.props.controlType === 'Edit' && n.props.states.includes('enabled'),
    );
    const editRef = edit === undefined ? undefined : cache.state.byId.get(edit.id)?.ref;
    if (edit !== undefined && editRef !== undefined) {
      const marked = firstValueFrom(
        cache.patches$.pipe(
          filter((b) => JSON.stringify(b).includes('drift marker')),
          timeout(PATCH_DEADLINE_MS),
        ),
      );
      await backend.performPattern(
        edit.id,
        { pattern: 'Value', value: 'drift marker' },
        { signal },
      );
      await marked;
    }
    const diffs = await checkConsistency(cache.state, backend, signal);
    await cache.stop();
    await app.stop();

    const walkWindowMs = median(freshWalks);
    console.log(
      JSON.stringify({
        bench: 'atspi',
        app: 'gtk3-widget-factory',
        elements: sync.elements,
        rawWalkMs: round(sync.walkMs, 1),
        bulkFetchMs: round(sync.bulkMs, 1),
        cacheSyncMs: round(sync.syncMs, 1),
        syncToFastestRatio: round(sync.syncMs / Math.min(sync.walkMs, sync.bulkMs)),
        windowNodes: readNodes,
        freshWindowWalkMs: round(walkWindowMs, 1),
        cachedWindowReadMs: round(cachedReadMs, 4),
        cachedReadSpeedup: Math.round(walkWindowMs / cachedReadMs),
        togglePatchP50Ms: round(median(latencies), 2),
        togglePatchP99Ms: round(percentile(latencies, 99), 2),
        togglePatchRuns: latencies.length,
        driftActions: plan.length,
        driftActionsPerformed: performed,
        driftDifferences: diffs.length,
        driftSample: diffs.slice(0, 3),
        driftKinds: [...new Set(diffs.map((d) => ('prop' in d ? String(d.prop) : d.kind)))],
      }),
    );
  } finally {
    await backend.stop();
    await stopSharedDesktop();
  }
}

await main();
