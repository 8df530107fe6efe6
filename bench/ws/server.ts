/**
 * The benchmark's server process: uistream on a quiet simulated desktop plus a bare `ws`
 * broadcast server, both on 127.0.0.1, driven by the parent over IPC. Running them in their
 * own process keeps the clients' work off the server's event loop.
 */
import { setImmediate as nextTick } from 'node:timers/promises';
import { filter, firstValueFrom, map } from 'rxjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { createSimBackend } from '../../src/backends/sim/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { createExecutor } from '../../src/executor/index.js';
import { startServer } from '../../src/server/index.js';
import { createHandlers } from '../../src/service/handlers.js';
import { AccessPolicy } from '../../src/policy/access.js';

export type Command =
  | { cmd: 'fire'; id: number }
  | { cmd: 'burst'; n: number; size: number }
  | { cmd: 'bare'; n: number; frame: string }
  /** `snapshot`: the soak's server (bench/soak/server.ts) writes a heap snapshot there. */
  | { cmd: 'mem'; watch?: boolean; snapshot?: string }
  | { cmd: 'stop' };

/** The monotonic clock the bench process reads too (see clients.ts). */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The highest RSS seen between `start` and `read`, sampled every few milliseconds. */
class PeakRss {
  private timer: NodeJS.Timeout | undefined;
  private peak = 0;

  start(rss: number): void {
    this.stop();
    this.peak = rss;
    this.timer = setInterval(() => {
      this.peak = Math.max(this.peak, process.memoryUsage.rss());
    }, 5);
  }

  read(rss: number): number {
    return Math.max(this.peak, rss);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

async function main(): Promise<void> {
  // The read round trip is measured back to back: lift the per-connection rate limit.
  const config = loadConfig({
    backend: 'sim',
    port: 0,
    token: 'bench-token-0123456789abcdef',
    ws: { requestsPerSecond: 1_000_000 },
  });
  const signal = AbortSignal.timeout(30_000);
  const sim = createSimBackend({
    scene: { apps: [{ kind: 'editor', at: { x: 0, y: 0 }, text: '' }] },
  });
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: sim,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
  const handlers = createHandlers({ backend: sim, cache, executor, config });
  const server = await startServer({ config, backend: sim, cache, executor, handlers });
  const doc = sim.control.find('editor.text');
  if (doc === undefined) throw new Error('no editor document');

  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => bare.once('listening', resolve));
  const bareClients = new Set<WebSocket>();
  bare.on('connection', (ws) => {
    // Echo requests (the round-trip baseline); broadcast targets never send anything.
    ws.on('message', (data: Buffer) => ws.send(data.toString('utf8')));
    bareClients.add(ws);
    ws.once('close', () => bareClients.delete(ws));
  });
  const barePort = (bare.address() as { port: number }).port;

  const setValue = (value: string): Promise<void> =>
    sim.performPattern(doc, { pattern: 'Value', value }, { signal: AbortSignal.timeout(60_000) });

  const peak = new PeakRss();
  const handle = async (m: Command): Promise<unknown> => {
    switch (m.cmd) {
      case 'fire': {
        const seqBefore = cache.events.seq;
        // When the event log hands the event to subscribers (the backend + cache part).
        // Stamped inside the emission, not when this handler resumes (later, after the sends).
        const logged = firstValueFrom(
          cache.events.events$.pipe(
            filter((e) => e.seq > seqBefore),
            map(() => now()),
          ),
        );
        const t0 = now();
        await setValue(`v${m.id}`);
        const loggedAt = await logged;
        // Subscriptions flush in a microtask after the emission: by the next macrotask every
        // connection's frame has been handed to its socket.
        await nextTick();
        return { t0, seqBefore, loggedAt, sentAt: now() };
      }
      case 'burst': {
        const t0 = now();
        for (let i = 0; i < m.n; i++) {
          await setValue(`${i}:`.padEnd(m.size, 'x'));
          await sim.control.quiet();
        }
        return { t0, t1: now(), lastSeq: cache.events.seq };
      }
      case 'bare': {
        const t0 = now();
        for (let i = 0; i < m.n; i++) {
          for (const ws of bareClients) ws.send(m.frame);
          // One event per tick, as the cache delivers them.
          await nextTick();
        }
        return { t0, t1: now() };
      }
      case 'mem': {
        (globalThis as { gc?: () => void }).gc?.();
        const mem = process.memoryUsage();
        const peakRss = peak.read(mem.rss);
        if (m.watch === true) peak.start(mem.rss);
        // RSS keeps freed pages for a while; heap + external after a GC is what is really held.
        return { rss: mem.rss, peakRss, live: mem.heapUsed + mem.external, ws: server.stats() };
      }
      case 'stop':
        peak.stop();
        bare.close();
        await server.close();
        await executor.stop();
        await cache.stop();
        await sim.stop();
        setImmediate(() => process.exit(0));
        return {};
    }
  };

  process.on('message', (raw) => {
    const { seq, body } = raw as { seq: number; body: Command };
    handle(body).then(
      (result) => process.send?.({ seq, result }),
      (err: unknown) => process.send?.({ seq, error: String(err) }),
    );
  });
  process.send?.({
    ready: { url: server.url, token: server.token, bareUrl: `ws://127.0.0.1:${barePort}/` },
  });
}

void main();
