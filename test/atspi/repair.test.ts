/**
 * Self-repair on each timer fixture (GTK 3, GTK 4, Qt 5, Swing): a label, a list that grows and
 * shrinks and a multi-paragraph document change a few times while every event of the app is
 * dropped on purpose inside the AT-SPI backend. Only the background reconcile can bring the
 * cache up to date; it must show every kind of change at the app's last tick, and then equal an
 * independent element-by-element read of the window.
 *
 * On Swing a JList only grows here: Debian's ATK wrapper crashes the app when a client reads a
 * row the app removed meanwhile (docs/self-repair.md), which any read of a shrinking JList risks.
 * The list that also shrinks is run on Swing with its rows as labels in a panel (as bench/repair
 * runs it).
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { compareWithTruth, type Difference } from '../../src/cache/consistency.js';
import { createCache, type CacheStore } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import type { BackendId } from '../../src/backends/backend.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import { untilCache } from '../../scripts/harness/cacheWait.js';
import {
  shownTicks,
  TIMER_FIXTURES,
  type TimerFixture,
} from '../../scripts/harness/timerFixtures.js';
import type { SwingRows } from '../fixtures/toolkits/swingApp.js';
import { startTimerRun } from '../../scripts/harness/timerRepair.js';
import { sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';

afterAll(stopSharedDesktop);

/** Tick 5 shrinks the list (5 rows to 1), so a Swing JList stops at 4 (see the file comment). */
const RUNS: { fixture: TimerFixture; rows: SwingRows; ticks: number }[] = [
  ...TIMER_FIXTURES.map((fixture) => ({
    fixture,
    rows: 'list' as const,
    ticks: fixture === 'swing' ? 4 : 5,
  })),
  { fixture: 'swing', rows: 'labels', ticks: 6 },
];
const PERIOD_MS = 400;
/** Longest the app may take to make its changes, and the cache to catch up after. */
const TICKS_DEADLINE_MS = 30_000;
const REPAIR_DEADLINE_MS = 15_000;

/** Differences to a raw read of the window at rest, once the re-reads in flight have landed. */
async function differencesAtRest(
  cache: CacheStore,
  backend: AtspiBackend,
  windowId: BackendId,
  signal: AbortSignal,
): Promise<Difference[]> {
  let diffs = compareWithTruth(cache.state, await backend.walk(windowId, { signal }));
  for (let n = 0; diffs.length > 0 && n < 5; n++) {
    await firstValueFrom(cache.patches$.pipe(timeout(REPAIR_DEADLINE_MS)));
    diffs = compareWithTruth(cache.state, await backend.walk(windowId, { signal }));
  }
  return diffs;
}

describe.each(RUNS)(
  'self-repair on the $fixture timer fixture ($rows)',
  ({ fixture, rows, ticks }) => {
    it('repairs a label, a list and a document whose events were all lost', async () => {
      const TICKS = ticks;
      const signal = AbortSignal.timeout(110_000);
      const desktop = await sharedDesktop();
      const backend = await startBackend(desktop, signal);
      const cache = createCache(backend, loadConfig({}).cache);
      try {
        const run = await startTimerRun(
          desktop,
          backend,
          cache,
          { fixture, periodMs: PERIOD_MS, ticks: TICKS, swingRows: rows },
          signal,
        );
        const before = shownTicks(cache.state, run.window.id);
        const last = firstValueFrom(
          run.ticks$.pipe(
            filter((n) => n === TICKS),
            timeout(TICKS_DEADLINE_MS),
          ),
        );
        run.start();
        await last;
        const shown = await untilCache(
          cache,
          () => {
            const now = shownTicks(cache.state, run.window.id);
            return Object.values(now).every((n) => n === TICKS) && now;
          },
          REPAIR_DEADLINE_MS,
        );
        expect(before).toEqual({ label: 0, list: 0, document: 0 });
        expect(shown).toEqual({ label: TICKS, list: TICKS, document: TICKS });
        expect(run.dropped()).toBeGreaterThan(0);
        expect(cache.stats().reconcile.repaired).toBeGreaterThan(0);
        expect(await differencesAtRest(cache, backend, run.window.id, signal)).toEqual([]);
        await run.app.stop();
      } finally {
        backend.dropEvents(undefined);
        await cache.stop();
        await backend.stop();
      }
    }, 120_000);
  },
);
