/**
 * The soak's server process: uistream (createApp + startServer, as `uistream serve --demo`)
 * on the simulated desktop with the demo's scripted activity, on 127.0.0.1, driven by the
 * bench process over IPC (bench/ws/process.ts). `mem` forces a GC (the process runs with
 * --expose-gc) and reports memory with the bounded stores' sizes, writing a heap snapshot to
 * `snapshot` when given; `stop` shuts down.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { createApp } from '../../src/app.js';
import { SimBackend, startDemo } from '../../src/backends/sim/index.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server/index.js';
import { DEMO_STEP_MS, SOAK_CACHE } from './conditions.js';

/** RSS split by kind (Linux): anonymous pages (heaps, malloc) against mapped files (code). */
function rssKinds(): { anon: number; file: number } | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
    return { anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return null;
  }
}

/** Committed bytes of each V8 heap space: which space holds pages the live heap does not use. */
const spaces = (): Record<string, number> =>
  Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));

/**
 * Test-only (UISTREAM_SOAK_LEAK_MIB_PER_MIN): retain that many MiB a minute in JS arrays, so a
 * run shows the soak's verdict catches a leak of that size; 0 or unset retains nothing.
 */
function injectLeak(mibPerMin: number): void {
  if (!(mibPerMin > 0)) return;
  const retained: number[][] = [];
  // A packed array of small integers costs 8 bytes an element in the V8 heap; each tick keeps
  // what the time since the last one is owed, however late a loaded loop runs it.
  const perMs = (mibPerMin * 1024 * 1024) / 60_000 / 8;
  let last = Date.now();
  setInterval(() => {
    const now = Date.now();
    retained.push(Array.from({ length: Math.round((now - last) * perMs) }, (_, i) => i));
    last = now;
  }, 1_000);
}

type SoakCommand = { cmd: 'mem'; snapshot?: string } | { cmd: 'stop' };

const heldBytes = (store: unknown): number | null =>
  (store as { heldBytes?: number }).heldBytes ?? null;

/** The tombstone store's size, when the cache is the store that keeps one. */
const tombstones = (cache: unknown): unknown =>
  (cache as { details?: () => { tombstones: number; tombstoneBytes: number } }).details?.() ?? null;

async function main(): Promise<void> {
  const config = loadConfig({
    backend: 'sim',
    host: '127.0.0.1',
    port: 0,
    token: 'soak-token-0123456789abcdef',
    demo: true,
    cache: SOAK_CACHE,
  });
  const app = await createApp(config);
  const server = await startServer(app);
  if (!(app.platform instanceof SimBackend)) throw new Error('the soak needs the sim backend');
  const demo = new AbortController();
  const demoDone = startDemo(app.platform, demo.signal, DEMO_STEP_MS);
  injectLeak(Number(process.env.UISTREAM_SOAK_LEAK_MIB_PER_MIN ?? 0));

  // What starved a late memory report shows here: the server's own loop, or the machine.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const handle = async (m: SoakCommand): Promise<unknown> => {
    if (m.cmd === 'mem') {
      (globalThis as { gc?: () => void }).gc?.();
      if (m.snapshot !== undefined) writeHeapSnapshot(m.snapshot);
      const mem = process.memoryUsage();
      return {
        at: Date.now(),
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        heapTotal: mem.heapTotal,
        external: mem.external,
        arrayBuffers: mem.arrayBuffers,
        mallocedMemory: getHeapStatistics().malloced_memory,
        rssKinds: rssKinds(),
        spaces: spaces(),
        eventLogBytes: heldBytes(app.cache.events),
        seq: app.cache.events.seq,
        cache: app.cache.stats(),
        tombstones: tombstones(app.cache),
        ws: server.stats(),
        loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      };
    }
    demo.abort();
    await demoDone.catch(() => undefined);
    await server.close();
    await app.stop();
    setImmediate(() => process.exit(0));
    return {};
  };

  process.on('message', (raw) => {
    const { seq, body } = raw as { seq: number; body: SoakCommand };
    handle(body).then(
      (result) => process.send?.({ seq, result }),
      (err: unknown) => process.send?.({ seq, error: String(err) }),
    );
  });
  process.send?.({ ready: { url: server.url, token: server.token, bareUrl: '' } });
}

void main();
