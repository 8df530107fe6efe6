/**
 * Refs across a registry restart on a real app: the GTK 3 timer fixture, read, then its
 * desktop's registry daemon killed and re-activated. (Self-repair of its lost events is
 * test/atspi/repair.test.ts, on every timer fixture.)
 */
import { filter, firstValueFrom, timeout } from 'rxjs';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { compareWithTruth } from '../../src/cache/consistency.js';
import { createCache, type CacheStore } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';
import { untilCache } from '../../scripts/harness/cacheWait.js';
import { shownTicks } from '../../scripts/harness/timerFixtures.js';

afterAll(stopSharedDesktop);

const TIMER_APP = 'test/fixtures/gtk/timer_app.py';
const REPAIR_DEADLINE_MS = 10_000;

/** Resolve once `holds()` is true, checked now and after every patch, under a deadline. */
const until = (cache: CacheStore, holds: () => boolean, ms: number): Promise<boolean> =>
  untilCache(cache, holds, ms);

/** Pids of this desktop's registry daemon (found by its session bus address). */
function registryPids(sessionBus: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('at-spi2-registryd')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(sessionBus)) pids.push(+entry);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return pids;
}

it('keeps every ref when the registry daemon is killed and re-activated', async () => {
  const signal = AbortSignal.timeout(60_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const cache = createCache(backend, loadConfig({ cache: { reconcileMs: 0 } }).cache);
  try {
    const args = [TIMER_APP, '100', '2'];
    const { app, window } = await launchAndWait(desktop, backend, '/usr/bin/python3', args, signal);
    await cache.start(signal);
    // Every element read at rest: the app re-creates its list rows on each tick.
    const atRest = (): boolean =>
      Object.values(shownTicks(cache.state, window.id)).every((n) => n === 2);
    await until(cache, atRest, REPAIR_DEADLINE_MS);
    await cache.whenIdle(signal);
    const win = cache.state.byId.get(window.id);
    if (win === undefined) throw new Error('the fixture window is not cached');
    const held: [string, string][] = [];
    cache.state.walk(win, (n) => {
      held.push([n.ref, n.props.name]);
    });
    const bus = String(desktop.env.DBUS_SESSION_BUS_ADDRESS);
    const before = registryPids(bus);
    expect(before).toHaveLength(1);
    const reset = firstValueFrom(
      cache.events.events$.pipe(
        filter((e) => e.type === 'backend.status' && e.status === 'resyncing'),
        timeout(REPAIR_DEADLINE_MS),
      ),
    );
    process.kill(before[0] as number);
    await reset;
    // The reset's re-read re-activates the registry; the app registers with it again and its
    // window comes back (the desktop may have been read empty in between).
    const windowRef = win.ref;
    const back = (): boolean => {
      if (cache.state.byId.get(window.id)?.ref !== windowRef) return false;
      const now = registryPids(bus);
      return now.length === 1 && now[0] !== before[0];
    };
    await until(cache, back, REPAIR_DEADLINE_MS);
    await cache.whenIdle(signal);
    for (const [ref, name] of held) expect(cache.get({ ref }).element.name).toBe(name);
    expect(compareWithTruth(cache.state, await backend.walk(window.id, { signal }))).toEqual([]);
    await app.stop();
  } finally {
    await cache.stop();
    await backend.stop();
  }
}, 90_000);
