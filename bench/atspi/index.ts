/**
 * AT-SPI benchmark in its own headless desktop with gtk3-widget-factory (and gtk3-demo for the
 * drift run). Prints ONE JSON line:
 * - initial cache sync vs the raw walk and the bulk fetch of the same tree (target <= 1.5x),
 * - cached reads of the window vs a fresh walk of it (target >= 1,000x),
 * - Toggle action -> cache patch latency against a raw client's re-read on the app's own
 *   signal (bench/atspi/togglePatch.ts, also run on its own by bench/atspi/toggle.ts),
 * - drift: after 200 random real actions, differences between the cache and a fresh full walk,
 * - Chromium on a ~4,500-element page: sync vs the fastest raw read (sequential or parallel
 *   walk), memory per cached element, click-after-scroll latency (bench/atspi/toolkits.ts;
 *   targets in `targets`; the process exits non-zero when one is missed).
 * Everything is bounded in count and time.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { loadConfig } from '../../src/config.js';
import { createCache } from '../../src/cache/index.js';
import type { CacheStore } from '../../src/cache/index.js';
import { compareWithTruth } from '../../src/cache/consistency.js';
import type { BackendNode } from '../../src/backends/backend.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import type { DesktopSession } from '../../scripts/desktop/session.js';
import {
  launchAndWait,
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
} from '../../scripts/harness/atspi.js';
import { perform, planActions } from '../../scripts/harness/random-actions.js';
import { referenceMs } from '../lib/reference.js';
import { median, round } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';
import { chromiumLine } from './toolkits.js';
import { cacheRef, measureTogglePatch } from './togglePatch.js';

const WALK_RUNS = 7;
const SYNC_RUNS = 5;
const READ_RUNS = 2_000;
const DRIFT_ACTIONS = 200;
/** How long the drift run's settling waits for a further patch batch. */
const PATCH_DEADLINE_MS = 2_000;
/**
 * The drift run's marker is a barrier, not a timing: after 200 actions fired back to back (row
 * selects each load a demo's source) the app may still be working through them for seconds.
 */
const MARKER_DEADLINE_MS = 30_000;
/** Settling after the drift run: re-check after each further patch batch, at most this often. */
const SETTLE_CHECKS = 10;

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
    const walk = async (): Promise<void> => {
      elements = (await backend.walk(backend.rootId, { signal })).length;
    };
    walks.push(await timeIt(walk));
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

async function measureReads(
  cache: CacheStore,
  backend: AtspiBackend,
  windowId: string,
  signal: AbortSignal,
) {
  const walks: number[] = [];
  for (let i = 0; i < WALK_RUNS; i++)
    walks.push(await timeIt(() => backend.walk(windowId, { signal })));
  const windowRef = cacheRef(cache, windowId);
  let nodes = 0;
  let start = performance.now();
  for (let i = 0; i < READ_RUNS; i++) nodes = cache.subtree(windowRef).nodes.length;
  const subtreeMs = (performance.now() - start) / READ_RUNS;
  start = performance.now();
  for (let i = 0; i < READ_RUNS; i++) cache.get({ ref: windowRef });
  const getMs = (performance.now() - start) / READ_RUNS;
  return { nodes, walkMs: median(walks), subtreeMs, getMs };
}

/** Random actions on both apps, a marker whose patch follows every earlier event, then compare. */
async function measureDrift(
  cache: CacheStore,
  backend: AtspiBackend,
  desktop: DesktopSession,
  factory: BackendNode[],
  selectRows: boolean,
  signal: AbortSignal,
) {
  const demo = await launchAndWait(desktop, backend, 'gtk3-demo', [], signal);
  const demoNodes = await backend.fetchSubtree(demo.window.id, { signal });
  const marker = `drift marker ${selectRows ? 'with rows' : 'plain'}`;
  const plan = planActions([...factory, ...demoNodes], DRIFT_ACTIONS, 42, selectRows);
  let performed = 0;
  for (const step of plan) if (await perform(backend, step, signal)) performed++;
  const edit = factory.find(
    (n) => n.props.controlType === 'Edit' && n.props.states.includes('enabled'),
  );
  if (edit === undefined) throw new Error('no edit for the marker');
  const marked = firstValueFrom(
    cache.patches$.pipe(
      filter((b) => JSON.stringify(b).includes(marker)),
      timeout(MARKER_DEADLINE_MS),
    ),
  );
  await backend.performPattern(edit.id, { pattern: 'Value', value: marker }, { signal });
  await marked;
  let diffs = compareWithTruth(cache.state, await backend.walk(backend.rootId, { signal }));
  let checks = 1;
  // Structure re-fetches are coalesced and may still be landing: re-check after each batch.
  while (diffs.length > 0 && checks < SETTLE_CHECKS) {
    const next = await firstValueFrom(cache.patches$.pipe(timeout(PATCH_DEADLINE_MS))).catch(
      () => undefined,
    );
    if (next === undefined) break;
    diffs = compareWithTruth(cache.state, await backend.walk(backend.rootId, { signal }));
    checks++;
  }
  await demo.app.stop();
  return { actions: plan.length, performed, diffs, checks };
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
    const reads = await measureReads(cache, backend, window.id, signal);
    const nodes = await backend.fetchSubtree(window.id, { signal });
    const toggles = await measureTogglePatch(cache, backend, nodes, desktop.a11yBusAddress, signal);
    const drift = await measureDrift(cache, backend, desktop, nodes, false, signal);
    const withRows = await measureDrift(cache, backend, desktop, nodes, true, signal);
    await cache.stop();
    await app.stop();
    const chromium = await chromiumLine(backend, desktop, signal);
    const syncRatio = sync.syncMs / Math.min(sync.walkMs, sync.bulkMs);
    const subtreeSpeedup = Math.round(reads.walkMs / reads.subtreeMs);
    const getSpeedup = Math.round(reads.walkMs / reads.getMs);
    printLine('atspi', {
      app: 'gtk3-widget-factory',
      referenceMs: referenceMs(),
      elements: sync.elements,
      rawWalkMs: round(sync.walkMs, 1),
      bulkFetchMs: round(sync.bulkMs, 1),
      cacheSyncMs: round(sync.syncMs, 1),
      fastestRawReadMs: round(Math.min(sync.walkMs, sync.bulkMs), 1),
      syncToFastestRatio: round(syncRatio, 3),
      windowNodes: reads.nodes,
      freshWindowWalkMs: round(reads.walkMs, 1),
      cachedWindowSubtreeMs: round(reads.subtreeMs, 4),
      cachedSubtreeSpeedup: subtreeSpeedup,
      cachedElementGetMs: round(reads.getMs, 5),
      cachedGetSpeedup: getSpeedup,
      ...toggles,
      driftApps: ['gtk3-widget-factory', 'gtk3-demo'],
      driftActions: drift.actions,
      driftActionsPerformed: drift.performed,
      driftChecks: drift.checks,
      driftDifferences: drift.diffs.length,
      driftSample: drift.diffs.slice(0, 2),
      // The same with gtk3-demo rows selected too: each loads another demo's source and GTK
      // re-lays out the window.
      rowSelectDriftActionsPerformed: withRows.performed,
      rowSelectDriftDifferences: withRows.diffs.length,
      rowSelectDriftKinds: [
        ...new Set(withRows.diffs.map((d) => (d.kind === 'prop' ? d.prop : d.kind))),
      ],
      chromium,
    });
  } finally {
    await backend.stop();
    await stopSharedDesktop();
  }
}

await main();
// A Chromium part left behind past its deadline may hold the loop open: the line is out.
process.exit();
