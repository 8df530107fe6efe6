/**
 * Self-repair on a real app: a GTK 3 window whose label and list change by themselves on a
 * timer, with every event of that app dropped on purpose inside the AT-SPI backend. Only the
 * background reconcile can bring the cache up to date; it must, and the cache must then equal
 * an independent element-by-element read of the window.
 */
import { filter, firstValueFrom, merge, of, ReplaySubject, timeout } from 'rxjs';
import { afterAll, expect, it } from 'vitest';
import type { BackendEvent } from '../../src/backends/backend.js';
import { compareWithTruth } from '../../src/cache/consistency.js';
import { createCache, type CacheStore } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';

afterAll(stopSharedDesktop);

const TIMER_APP = 'test/fixtures/gtk/timer_app.py';
const TICKS = 12;
/** Longest the app may take to run its ticks, and the cache to catch up after. */
const TICKS_DEADLINE_MS = 20_000;
const REPAIR_DEADLINE_MS = 10_000;

/** The cached label's text ('' when the cache holds none). */
function cachedTick(cache: CacheStore): string {
  const found = cache.find({
    name: 'Tick ',
    nameMatch: 'contains',
    caseSensitive: true,
    maxResults: 1,
  });
  return found.elements[0]?.name ?? '';
}

/** Resolve once `holds()` is true, checked now and after every patch, under a deadline. */
function until(cache: CacheStore, holds: () => boolean, ms: number): Promise<unknown> {
  return firstValueFrom(
    merge(of(null), cache.patches$).pipe(
      filter(() => holds()),
      timeout(ms),
    ),
  );
}

it('repairs a timer-driven label and list whose events were all lost', async () => {
  const signal = AbortSignal.timeout(60_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const cache = createCache(backend, loadConfig({}).cache);
  try {
    const { app, window } = await launchAndWait(
      desktop,
      backend,
      '/usr/bin/python3',
      [TIMER_APP, '300', '5', String(TICKS)],
      signal,
    );
    const busName = window.id.slice(0, window.id.indexOf(':/'));
    let dropped = 0;
    const ticks = new ReplaySubject<string>();
    const appEvent = (e: BackendEvent): boolean =>
      'id' in e && typeof e.id === 'string' && e.id.startsWith(`${busName}:`);
    backend.dropEvents((e) => {
      if (e.type !== 'property' && e.type !== 'text' && e.type !== 'structure') return false;
      if (!appEvent(e)) return false;
      dropped++;
      if (e.type === 'property' && e.props.name?.startsWith('Tick ') === true)
        ticks.next(e.props.name);
      return true;
    });
    await cache.start(signal);
    // The app's last change, seen (and dropped) in the backend.
    await firstValueFrom(
      ticks.pipe(
        filter((t) => t === `Tick ${TICKS}`),
        timeout(TICKS_DEADLINE_MS),
      ),
    );
    await until(cache, () => cachedTick(cache) === `Tick ${TICKS}`, REPAIR_DEADLINE_MS);
    expect(dropped).toBeGreaterThan(TICKS);
    expect(cache.stats().reconcile.repaired).toBeGreaterThan(0);
    // The app is at rest now; a re-read may still be landing, so compare again after a patch.
    let diffs = compareWithTruth(cache.state, await backend.walk(window.id, { signal }));
    for (let n = 0; diffs.length > 0 && n < 5; n++) {
      await firstValueFrom(cache.patches$.pipe(timeout(REPAIR_DEADLINE_MS)));
      diffs = compareWithTruth(cache.state, await backend.walk(window.id, { signal }));
    }
    expect(diffs).toEqual([]);
    const rows = cache.find({
      name: 'Row ',
      nameMatch: 'contains',
      caseSensitive: true,
      maxResults: 50,
    });
    expect(rows.elements.map((e) => e.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Row ${TICKS - 4 + i}`),
    );
    await app.stop();
  } finally {
    backend.dropEvents(undefined);
    await cache.stop();
    await backend.stop();
  }
}, 90_000);
