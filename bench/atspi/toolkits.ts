/**
 * The toolkit part of the AT-SPI bench: Chromium showing a generated page (form, 400-row table,
 * live region), about 4,500 elements. Measures:
 * - the initial cache sync against the fastest raw read of the same desktop: the element-by-
 *   element walk with per-property Get run sequentially (a second connection whose bus allows one
 *   call in flight) and in parallel (the default cap), the faster of the two is the baseline;
 * - the server's memory per cached element after GC with the cache held: retained (JS heap plus
 *   external buffers; the target) and RSS growth (allocator high-water included; reported);
 * - click-after-scroll: a storm of scrolls on the table's region, then a click (Toggle) on the
 *   form's check box, timed until the cache shows its effect (the patch for the box), against
 *   the same click without the storm.
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { loadConfig } from '../../src/config.js';
import { createCache } from '../../src/cache/index.js';
import type { CacheStore } from '../../src/cache/index.js';
import type { CachedNode } from '../../src/cache/tree.js';
import { createAtspiBackend } from '../../src/backends/atspi/index.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import type { DesktopSession } from '../../scripts/desktop/session.js';
import { waitForAppWindow } from '../../scripts/harness/atspi.js';
import { CHROMIUM, chromiumFixture } from '../../scripts/harness/chromium-page.js';

const RUNS = 3;
const CLICK_RUNS = 15;
const SCROLLS_PER_STORM = 20;
const TITLE = 'Bench page';
/** Click-after-scroll target: an ordinary click's time, whatever events the storm left. */
const CLICK_DEADLINE_MS = 5_000;
/** The whole Chromium part (about two minutes on a quiet machine). */
const CHROMIUM_DEADLINE_MS = 6 * 60_000;

export interface ToolkitFigures {
  elements: number;
  sequentialWalkMs: number;
  parallelWalkMs: number;
  rawWalkMs: number;
  bulkFetchMs: number;
  cacheSyncMs: number;
  syncRatio: number;
  rssBytesPerElement: number;
  retainedBytesPerElement: number;
  clickP50Ms: number;
  clickAfterScrollP50Ms: number;
  clickAfterScrollP90Ms: number;
  scrollsPerStorm: number;
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number): number =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function waitForPage(backend: AtspiBackend, desktop: DesktopSession, signal: AbortSignal) {
  const page = chromiumFixture({ title: TITLE, rows: 400, liveMs: 1_000 });
  const app = desktop.launch(CHROMIUM, page.args);
  // Chromium can take longer than one window wait on a loaded machine: wait again while alive.
  for (;;) {
    try {
      await waitForAppWindow(backend, app, signal, (w) => w.props.name.startsWith(TITLE));
      return { app, page };
    } catch (err) {
      if (signal.aborted) throw err;
    }
  }
}

/**
 * The fastest of RUNS walks of the whole page. A walk that saw fewer elements than the largest
 * (the page still loading) is not counted: the window appears with a few hundred elements
 * before the page's content, and a fast walk of that is no baseline.
 */
async function fastestWalk(backend: AtspiBackend, signal: AbortSignal) {
  const runs: { ms: number; elements: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    let elements = 0;
    const ms = await timeIt(async () => {
      elements = (await backend.walk(backend.rootId, { signal })).length;
    });
    runs.push({ ms, elements });
  }
  const elements = Math.max(...runs.map((r) => r.elements));
  const full = runs.filter((r) => r.elements === elements);
  return { elements, ms: Math.min(...full.map((r) => r.ms)) };
}

/** Walk until two walks in a row see the same number of elements: the page has loaded. */
async function waitForLoadedPage(backend: AtspiBackend, signal: AbortSignal): Promise<void> {
  let last = -1;
  for (;;) {
    const count = (await backend.walk(backend.rootId, { signal })).length;
    if (count === last) return;
    last = count;
  }
}

/** The same walk over a connection that lets one call be in flight: a sequential walk. */
async function sequentialWalk(desktop: DesktopSession, signal: AbortSignal) {
  const serial = createAtspiBackend({
    env: desktop.env,
    a11yBusAddress: desktop.a11yBusAddress,
    concurrency: 1,
  });
  await serial.start(signal);
  try {
    return await fastestWalk(serial, signal);
  } finally {
    await serial.stop();
  }
}

/**
 * Sync time (fastest) and steady-state growth after GC with the last cache still held:
 * `retained` is what stays reachable (JS heap plus external buffers); `rss` also counts pages
 * the allocator keeps after the sync's garbage is collected: reported beside it, not the target.
 */
async function measureSyncAndMemory(backend: AtspiBackend, signal: AbortSignal) {
  const syncs: number[] = [];
  let rss = 0;
  let retained = 0;
  for (let i = 0; i < RUNS; i++) {
    gc();
    const before = process.memoryUsage();
    const cache = createCache(backend, loadConfig({}).cache);
    syncs.push(await timeIt(() => cache.start(signal)));
    gc();
    const after = process.memoryUsage();
    // The largest over the runs, not the last: one run's figure can fall to or below zero when
    // the GC before it found garbage from earlier walks that the one after did not.
    rss = Math.max(rss, after.rss - before.rss);
    retained = Math.max(
      retained,
      after.heapUsed + after.external - (before.heapUsed + before.external),
    );
    await cache.stop();
  }
  return { syncMs: Math.min(...syncs), rss, retained };
}

function findNode(cache: CacheStore, match: (n: CachedNode) => boolean): CachedNode {
  for (const node of cache.state.byId.values()) if (match(node)) return node;
  throw new Error('the page lacks an element the click-after-scroll run needs');
}

/**
 * One storm: Scroll on the table's region when it offers it, else (Chromium exposes no scroll
 * bars there) ScrollItem to its first and last rows in turn, each a real scroll of the region.
 */
function scrollStorm(backend: AtspiBackend, region: CachedNode, signal: AbortSignal) {
  const rows = region.children[0]?.children ?? [];
  const ends = [rows[1], rows[rows.length - 1]].filter((r) => r !== undefined);
  return async (round: number): Promise<void> => {
    for (let s = 0; s < SCROLLS_PER_STORM; s++) {
      if (region.props.patterns.includes('Scroll') || ends.length < 2) {
        const direction = (round + s) % 2 === 0 ? 'down' : 'up';
        const scroll = { pattern: 'Scroll', direction, amount: 5 } as const;
        await backend.performPattern(region.id, scroll, { signal });
      } else {
        const row = ends[(round + s) % 2] as CachedNode;
        await backend.performPattern(row.id, { pattern: 'ScrollItem' }, { signal });
      }
    }
  };
}

/** Click times with and without a scroll storm just before, with a live cache taking events. */
async function measureClicks(backend: AtspiBackend, signal: AbortSignal) {
  const cache = createCache(backend, loadConfig({}).cache);
  await cache.start(signal);
  try {
    const box = findNode(
      cache,
      (n) => n.props.controlType === 'CheckBox' && n.props.name.includes('Subscribe'),
    );
    const region = findNode(cache, (n) => n.props.name === 'Orders' && n.children.length > 0);
    const storm = scrollStorm(backend, region, signal);
    // A click counts once the cache shows its effect: events the storm queued come first.
    const click = async (): Promise<void> => {
      const seen = firstValueFrom(
        cache.patches$.pipe(
          filter((batch) =>
            batch.patches.some(
              (p) => p.op === 'update' && JSON.stringify(p).includes(`"${box.ref}"`),
            ),
          ),
          timeout(CLICK_DEADLINE_MS),
        ),
      );
      await backend.performPattern(box.id, { pattern: 'Toggle' }, { signal });
      // A click whose effect never shows is timed at the deadline: a miss, not an abort.
      await seen.catch(() => undefined);
    };
    const plain: number[] = [];
    for (let i = 0; i < CLICK_RUNS; i++) plain.push(await timeIt(click));
    const afterScroll: number[] = [];
    for (let i = 0; i < CLICK_RUNS; i++) {
      await storm(i);
      afterScroll.push(await timeIt(click));
    }
    return { plain, afterScroll };
  } finally {
    await cache.stop();
  }
}

/** Where the Chromium part is, on stderr as it goes and in the line when it never finished. */
const progress = { stage: 'not started' };
function stage(name: string): void {
  progress.stage = name;
  process.stderr.write(`atspi bench chromium: ${name}\n`);
}

export async function measureChromium(
  backend: AtspiBackend,
  desktop: DesktopSession,
  signal: AbortSignal,
): Promise<ToolkitFigures> {
  stage('launching the page');
  const { app, page } = await waitForPage(backend, desktop, signal);
  try {
    stage('waiting for the page to load');
    await waitForLoadedPage(backend, signal);
    stage('walks');
    const parallel = await fastestWalk(backend, signal);
    const sequential = await sequentialWalk(desktop, signal);
    const rawWalkMs = Math.min(parallel.ms, sequential.ms);
    // The backend's bulk fetch alone (what the sync waits on), to split fetch from reduce.
    stage('bulk fetches');
    const bulks: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      bulks.push(await timeIt(() => backend.fetchSubtree(backend.rootId, { signal })));
    }
    stage('syncs and memory');
    const { syncMs, rss, retained } = await measureSyncAndMemory(backend, signal);
    stage('clicks');
    const clicks = await measureClicks(backend, signal);
    stage('done');
    const elements = parallel.elements;
    return {
      elements,
      sequentialWalkMs: sequential.ms,
      parallelWalkMs: parallel.ms,
      rawWalkMs,
      bulkFetchMs: Math.min(...bulks),
      cacheSyncMs: syncMs,
      syncRatio: syncMs / rawWalkMs,
      rssBytesPerElement: rss / Math.max(1, elements),
      retainedBytesPerElement: retained / Math.max(1, elements),
      clickP50Ms: quantile(clicks.plain, 0.5),
      clickAfterScrollP50Ms: quantile(clicks.afterScroll, 0.5),
      clickAfterScrollP90Ms: quantile(clicks.afterScroll, 0.9),
      scrollsPerStorm: SCROLLS_PER_STORM,
    };
  } finally {
    await app.stop();
    page.dispose();
  }
}

const round = (x: number, digits = 1): number => Number(x.toFixed(digits));

/**
 * The Chromium figures for the printed line, within CHROMIUM_DEADLINE_MS: past it (or when it
 * fails) they say where it stopped and `completed` is 0, and the rest of the bench's figures
 * still print. Raced as well as aborted: one run sat idle in this
 * part past its signal until the runner killed it.
 */
export async function chromiumLine(
  backend: AtspiBackend,
  desktop: DesktopSession,
  signal: AbortSignal,
): Promise<Record<string, number | string>> {
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Settled only by the deadline, and cleared once the part is over: never left to reject.
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      deadline.abort();
      reject(new Error(`not done within ${CHROMIUM_DEADLINE_MS} ms`));
    }, CHROMIUM_DEADLINE_MS);
  });
  let f: ToolkitFigures;
  try {
    const both = AbortSignal.any([signal, deadline.signal]);
    f = await Promise.race([measureChromium(backend, desktop, both), stalled]);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { completed: 0, stoppedAt: progress.stage, error: why };
  } finally {
    clearTimeout(timer);
  }
  return {
    completed: 1,
    elements: f.elements,
    sequentialWalkMs: round(f.sequentialWalkMs),
    parallelWalkMs: round(f.parallelWalkMs),
    bulkFetchMs: round(f.bulkFetchMs),
    syncMs: round(f.cacheSyncMs),
    fastestRawReadMs: round(f.rawWalkMs),
    rssBytesPerElement: Math.round(f.rssBytesPerElement),
    retainedBytesPerElement: Math.round(f.retainedBytesPerElement),
    clickP50Ms: round(f.clickP50Ms),
    clickAfterScrollP50Ms: round(f.clickAfterScrollP50Ms),
    clickAfterScrollP90Ms: round(f.clickAfterScrollP90Ms),
    scrollsPerStorm: f.scrollsPerStorm,
  };
}
