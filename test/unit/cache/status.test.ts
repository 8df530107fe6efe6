/**
 * The cache's status and its reason follow the backend's status events, including one reported
 * while the initial sync is under way (an app quarantined during the first read): the end of
 * the sync must not overwrite it with ok.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import { createCache } from '../../../src/cache/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { loadConfig } from '../../../src/config.js';

let parts: { sim: SimBackend; cache: UiCache } | undefined;
afterEach(async () => {
  await parts?.cache.stop();
  await parts?.sim.stop();
  parts = undefined;
});

describe('cache status', () => {
  it('keeps a status reported during the initial sync, with its reason', async () => {
    const signal = AbortSignal.timeout(10_000);
    const sim = createSimBackend({ scene: { apps: [{ kind: 'editor', at: { x: 40, y: 40 } }] } });
    await sim.start(signal);
    const cache = createCache(sim, loadConfig({ backend: 'sim' }).cache);
    parts = { sim, cache };
    // A slow fetch keeps the sync under way while the status event is delivered.
    sim.control.setFetchLatency({ perCallMs: 3_000 });
    let synced = false;
    const started = cache.start(signal).then(() => (synced = true));
    const seen = firstValueFrom(
      sim.events$.pipe(filter((batch) => batch.some((e) => e.type === 'status'))),
    );
    sim.control.setStatus('degraded', 'an app is not responding');
    await seen;
    expect(synced).toBe(false);
    await started;
    expect(cache.status).toBe('degraded');
    expect(cache.statusReason).toBe('an app is not responding');
    sim.control.setStatus('ok', 'it answers again');
    await sim.control.quiet();
    expect(cache.status).toBe('ok');
    expect(cache.statusReason).toBe('it answers again');
  });
});
