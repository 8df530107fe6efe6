/**
 * One stalled client among 100. Server memory moves by several MiB between identical phases of
 * one process (V8 and the allocator hand pages back when they please), so the stall is measured
 * as a difference of fresh processes: the same workload with the heavy client reading (calm)
 * and with it paused (stall), alternating, medians of several trials each. The heavy client
 * holds many event subscriptions, so it is offered far more than its send-queue cap.
 */
import { loadConfig } from '../../src/config.js';
import { BenchClient, percentile } from './clients.js';
import { DEADLINE_MS, fanoutLatency, ServerProcess, type Ready } from './process.js';
import { median, trialsOf } from '../lib/stats.js';

const CLIENTS = 100;
const HEAVY_SUBSCRIPTIONS = 50;
const BURST = 2_000;
const TRIALS = 3;
/**
 * Fires timed in each trial: 200, as before the fan-out figure went to 2,000. With 2,000 the
 * memory window held ten times the garbage, and the calm trials' RSS moved by -8.3 to +8.8 MB
 * in two runs (+0.9 to +5.4 MB in four runs with 200), more than the cost measured.
 */
const STALL_FIRES = 200;
/** The server's per-connection send-queue cap (its default; the bench server keeps it). */
export const SEND_QUEUE_CAP = loadConfig({}).ws.sendQueueBytes;

interface Mem {
  rss: number;
  peakRss: number;
  live: number;
  ws: { maxQueuedBytes: number; queuedBytes: number };
}

interface Trial {
  p99: number;
  rssGrowth: number;
  peakRssGrowth: number;
  liveGrowth: number;
  maxQueuedBytes: number;
  /** `events.gap` notifications the heavy client found once it read again. */
  gaps: number;
  /** Events lost with no gap reported, over every client (see BenchClient.holes). */
  holes: number;
  /** Waits for an event that reached their deadline. */
  late: number;
}

async function burst(server: ServerProcess, receivers: BenchClient[]): Promise<number> {
  const { lastSeq } = await server.run<{ lastSeq: number }>({ cmd: 'burst', n: BURST, size: 64 });
  await Promise.all(receivers.map((c) => c.arrivalOf(lastSeq, DEADLINE_MS)));
  return lastSeq;
}

async function openClients(ready: Ready): Promise<BenchClient[]> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => BenchClient.open(ready.url, ready.token)),
  );
  for (const c of clients) await c.call('events.subscribe');
  for (let i = 1; i < HEAVY_SUBSCRIPTIONS; i++) await clients[0]?.call('events.subscribe');
  return clients;
}

/** Once it reads again, the heavy client gets a fresh event: the stall cost nothing lasting. */
async function recover(server: ServerProcess, heavy: BenchClient): Promise<void> {
  heavy.resume();
  const { seqBefore } = await server.run<{ seqBefore: number }>({ cmd: 'fire', id: 1_000_000 });
  await heavy.arrivalOf(seqBefore + 1, DEADLINE_MS);
}

async function trial(stalled: boolean): Promise<Trial> {
  const { proc, ready } = await ServerProcess.start();
  const clients = await openClients(ready);
  try {
    const [heavy, ...others] = clients as [BenchClient, ...BenchClient[]];
    // Warm-up with everyone reading: heap, JIT and socket buffers reach their working size.
    await burst(proc, clients);
    if (stalled) heavy.pause();
    const before = await proc.run<Mem>({ cmd: 'mem', watch: true });
    await burst(proc, stalled ? others : clients);
    const { delivery } = await fanoutLatency(proc, others, STALL_FIRES);
    const after = await proc.run<Mem>({ cmd: 'mem' });
    if (stalled) await recover(proc, heavy);
    return {
      p99: percentile(delivery, 99),
      rssGrowth: after.rss - before.rss,
      peakRssGrowth: after.peakRss - before.rss,
      liveGrowth: after.live - before.live,
      maxQueuedBytes: after.ws.maxQueuedBytes,
      gaps: heavy.gaps,
      holes: clients.reduce((n, c) => n + c.holes, 0),
      late: clients.reduce((n, c) => n + c.late, 0),
    };
  } finally {
    for (const c of clients) c.close();
    await proc.stop();
  }
}

/** Calm and stalled trials alternating; medians of each side and their differences. */
export async function stalledClient() {
  const calm: Trial[] = [];
  const stall: Trial[] = [];
  for (let i = 0; i < TRIALS; i++) {
    calm.push(await trial(false));
    stall.push(await trial(true));
  }
  const mid = (xs: Trial[], key: keyof Trial): number => median(xs.map((t) => t[key]));
  const ms = (xs: Trial[]) => trialsOf(xs.map((t) => t.p99));
  return {
    trials: TRIALS,
    heavySubscriptions: HEAVY_SUBSCRIPTIONS,
    burstEvents: BURST,
    capBytes: SEND_QUEUE_CAP,
    stalledP99Ms: ms(stall),
    calmP99Ms: ms(calm),
    maxQueuedBytes: Math.max(...stall.map((t) => t.maxQueuedBytes)),
    gapsReported: Math.min(...stall.map((t) => t.gaps)),
    holes: [...calm, ...stall].reduce((n, t) => n + t.holes, 0),
    late: [...calm, ...stall].reduce((n, t) => n + t.late, 0),
    rssGrowthCalmBytes: calm.map((t) => t.rssGrowth),
    rssGrowthStallBytes: stall.map((t) => t.rssGrowth),
    stallRssCostBytes: mid(stall, 'rssGrowth') - mid(calm, 'rssGrowth'),
    stallPeakRssCostBytes: mid(stall, 'peakRssGrowth') - mid(calm, 'peakRssGrowth'),
    stallLiveCostBytes: mid(stall, 'liveGrowth') - mid(calm, 'liveGrowth'),
  };
}
