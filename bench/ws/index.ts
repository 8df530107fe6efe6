/**
 * WebSocket benchmark (one JSON line): cached-read round trip vs a bare `ws` echo; event
 * fan-out to 100 clients (delivery latency, sustained throughput vs a bare `ws` broadcast of
 * the same frames); MessagePack vs JSON for a 2,000-element tree; one stalled client among
 * 100 (others' latency, server memory vs the send-queue cap). Bounded in count and time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BareClient, BenchClient, now, percentile } from './clients.js';
import type { Command } from './server.js';
import { codecBench } from './codec.js';

const CLIENTS = 100;
const RTT_WARMUP = 500;
const RTT_CALLS = 5_000;
const FIRES = 200;
const BURST = 1_000;
const STALL_SUBSCRIPTIONS = 50;
const STALL_BURST = 2_000;
const DEADLINE_MS = 30_000;
const SEND_QUEUE_CAP = 8 * 1024 * 1024;

interface Ready {
  url: string;
  token: string;
  bareUrl: string;
}

class ServerProcess {
  private seq = 0;
  private readonly pending = new Map<number, (m: { result?: unknown; error?: string }) => void>();
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (raw) => {
      const m = raw as { seq?: number; result?: unknown; error?: string };
      if (m.seq === undefined) return;
      this.pending.get(m.seq)?.(m);
      this.pending.delete(m.seq);
    });
  }

  static start(): Promise<{ proc: ServerProcess; ready: Ready }> {
    const file = join(dirname(fileURLToPath(import.meta.url)), 'server.ts');
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', file], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const proc = new ServerProcess(child);
    process.once('exit', () => child.kill());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start')), DEADLINE_MS);
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
      child.on('message', (m) => {
        const ready = (m as { ready?: Ready }).ready;
        if (ready === undefined) return;
        clearTimeout(timer);
        resolve({ proc, ready });
      });
    });
  }

  run<T>(body: Command): Promise<T> {
    const seq = this.seq++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(seq, (m) =>
        m.error === undefined ? resolve(m.result as T) : reject(new Error(m.error)),
      );
      this.child.send({ seq, body });
    });
  }
}

const us = (ms: number): number => Math.round(ms * 1000);
const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

async function readRoundTrip(url: string, token: string, bareUrl: string) {
  const client = await BenchClient.open(url, token);
  const found = (await client.call('elements.find', { automationId: 'editor.text' })) as {
    elements: { ref: string }[];
  };
  const ref = found.elements[0]?.ref;
  const time = async (c: BenchClient, method: string, params: unknown): Promise<number[]> => {
    for (let i = 0; i < RTT_WARMUP; i++) await c.call(method, params);
    const samples: number[] = [];
    for (let i = 0; i < RTT_CALLS; i++) {
      const t0 = performance.now();
      await c.call(method, params);
      samples.push(performance.now() - t0);
    }
    return samples.sort((a, b) => a - b);
  };
  const ours = await time(client, 'elements.get', { ref });
  const bareClient = await BenchClient.open(bareUrl, token);
  const bare = await time(bareClient, 'elements.get', { ref });
  client.close();
  bareClient.close();
  return {
    calls: RTT_CALLS,
    p50Us: us(percentile(ours, 50)),
    p99Us: us(percentile(ours, 99)),
    bareEchoP50Us: us(percentile(bare, 50)),
    bareEchoP99Us: us(percentile(bare, 99)),
    p50VsBare: round(percentile(ours, 50) / percentile(bare, 50)),
  };
}

interface Fire {
  t0: number;
  seqBefore: number;
  loggedAt: number;
}

/**
 * Fire single events one at a time: each client's delivery latency per event, and the part
 * spent before the event log published it (sim backend + cache, not the WebSocket layer).
 */
async function fanoutLatency(
  server: ServerProcess,
  clients: BenchClient[],
): Promise<{ delivery: number[]; toLog: number[]; wsLayer: number[] }> {
  const delivery: number[] = [];
  const toLog: number[] = [];
  const wsLayer: number[] = [];
  for (let i = 0; i < FIRES; i++) {
    const { t0, seqBefore, loggedAt } = await server.run<Fire>({ cmd: 'fire', id: i });
    toLog.push(loggedAt - t0);
    const arrivals = await Promise.all(clients.map((c) => c.arrivalOf(seqBefore + 1, DEADLINE_MS)));
    for (const at of arrivals) {
      delivery.push(at - t0);
      wsLayer.push(at - loggedAt);
    }
  }
  const sorted = (xs: number[]): number[] => xs.sort((a, b) => a - b);
  return { delivery: sorted(delivery), toLog: sorted(toLog), wsLayer: sorted(wsLayer) };
}

const TRIALS = 3;

/** Our pipeline: a burst of single events, until every client has the last one. */
async function oursOnce(server: ServerProcess, clients: BenchClient[]) {
  for (const c of clients) c.reset();
  const burst = await server.run<{ t0: number; lastSeq: number }>({
    cmd: 'burst',
    n: BURST,
    size: 64,
  });
  const ends = await Promise.all(clients.map((c) => c.arrivalOf(burst.lastSeq, DEADLINE_MS)));
  const seconds = (Math.max(...ends) - burst.t0) / 1000;
  const frames = clients.reduce((n, c) => n + c.frames, 0);
  const bytes = clients.reduce((n, c) => n + c.bytes, 0);
  return {
    rate: frames / seconds,
    mbps: bytes / 1e6 / seconds,
    frames,
    frame: clients[0]?.lastFrame ?? '',
  };
}

/** The baseline: a bare `ws` server sending the same frame the same number of times. */
async function bareOnce(
  server: ServerProcess,
  bare: BareClient[],
  frame: string,
  perClient: number,
) {
  for (const c of bare) c.reset();
  const b = await server.run<{ t0: number }>({ cmd: 'bare', n: perClient, frame });
  const ends = await Promise.all(bare.map((c) => c.until(perClient, DEADLINE_MS)));
  return (perClient * bare.length) / ((Math.max(...ends) - b.t0) / 1000);
}

/** Alternating trials, medians of each side (the machine is shared: single runs are noisy). */
async function throughput(server: ServerProcess, clients: BenchClient[], bare: BareClient[]) {
  const ours: Awaited<ReturnType<typeof oursOnce>>[] = [];
  const bares: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    const run = await oursOnce(server, clients);
    ours.push(run);
    bares.push(await bareOnce(server, bare, run.frame, Math.round(run.frames / clients.length)));
  }
  const mid = <T>(xs: T[], key: (x: T) => number): T =>
    [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)] as T;
  const o = mid(ours, (r) => r.rate);
  const bareRate = mid(bares, (r) => r);
  return {
    trials: TRIALS,
    burstEvents: BURST,
    framesDelivered: o.frames,
    frameBytes: o.frame.length,
    oursDeliveriesPerSec: Math.round(o.rate),
    oursMBPerSec: round(o.mbps),
    bareDeliveriesPerSec: Math.round(bareRate),
    ratioVsBare: round(o.rate / bareRate),
  };
}

/** One phase: a burst everyone must receive, then latency probes; server RSS around it. */
async function phase(server: ServerProcess, receivers: BenchClient[], probes: BenchClient[]) {
  const before = await server.run<{ rss: number; live: number }>({ cmd: 'mem' });
  const burst = await server.run<{ lastSeq: number }>({ cmd: 'burst', n: STALL_BURST, size: 64 });
  await Promise.all(receivers.map((c) => c.arrivalOf(burst.lastSeq, DEADLINE_MS)));
  const { delivery } = await fanoutLatency(server, probes);
  type Mem = { rss: number; live: number; ws: { maxQueuedBytes: number; queuedBytes: number } };
  const after = await server.run<Mem>({ cmd: 'mem' });
  return {
    p99: percentile(delivery, 99),
    rssGrowth: after.rss - before.rss,
    liveGrowth: after.live - before.live,
    ws: after.ws,
  };
}

/** The same phase twice: all 100 reading, then with one of them stalled (50 subscriptions). */
async function stalledClient(server: ServerProcess, clients: BenchClient[]) {
  const [stalled, ...others] = clients as [BenchClient, ...BenchClient[]];
  const calm = await phase(server, clients, others);
  for (let i = 1; i < STALL_SUBSCRIPTIONS; i++) await stalled.call('events.subscribe');
  (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  const stall = await phase(server, others, others);
  return {
    stalledSubscriptions: STALL_SUBSCRIPTIONS,
    burstEvents: STALL_BURST,
    othersP99Us: us(stall.p99),
    baselineP99Us: us(calm.p99),
    p99Ratio: round(stall.p99 / calm.p99),
    capBytes: SEND_QUEUE_CAP,
    maxQueuedBytes: stall.ws.maxQueuedBytes,
    rssGrowthNoStallBytes: calm.rssGrowth,
    rssGrowthWithStallBytes: stall.rssGrowth,
    liveGrowthNoStallBytes: calm.liveGrowth,
    liveGrowthWithStallBytes: stall.liveGrowth,
    queuedForStalledBytes: stall.ws.queuedBytes,
  };
}

async function main(): Promise<void> {
  const started = now();
  const { proc, ready } = await ServerProcess.start();
  const read = await readRoundTrip(ready.url, ready.token, ready.bareUrl);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => BenchClient.open(ready.url, ready.token)),
  );
  for (const c of clients) await c.call('events.subscribe');
  const bare = await Promise.all(
    Array.from({ length: CLIENTS }, () => BareClient.open(ready.bareUrl)),
  );
  const { delivery, toLog, wsLayer } = await fanoutLatency(proc, clients);
  const fanout = {
    clients: CLIENTS,
    fires: FIRES,
    p50Us: us(percentile(delivery, 50)),
    p99Us: us(percentile(delivery, 99)),
    backendToLogP50Us: us(percentile(toLog, 50)),
    backendToLogP99Us: us(percentile(toLog, 99)),
    logToClientP50Us: us(percentile(wsLayer, 50)),
    logToClientP99Us: us(percentile(wsLayer, 99)),
    ...(await throughput(proc, clients, bare)),
  };
  const stall = await stalledClient(proc, clients);
  const codec = await codecBench();
  for (const c of [...clients, ...bare]) c.close();
  await proc.run({ cmd: 'stop' });
  const targets = {
    readP50: read.p50Us <= 150,
    readP99: read.p99Us <= 1000,
    fanoutP99: fanout.p99Us <= 5000,
    throughputVsBare: fanout.ratioVsBare >= 0.7,
    stallP99Within2x: stall.p99Ratio <= 2,
    // RSS gives freed pages back late (the calm phase can even shrink it): judge the whole
    // growth of the stalled phase, burst included, against the cap.
    stallRssWithinCap: stall.rssGrowthWithStallBytes <= SEND_QUEUE_CAP,
    stallLiveMemoryWithinCap:
      stall.liveGrowthWithStallBytes - stall.liveGrowthNoStallBytes <= SEND_QUEUE_CAP,
    stallQueueWithinCap: stall.maxQueuedBytes <= SEND_QUEUE_CAP,
  };
  const line = { read, fanout, codec, stall, targets, durationMs: Math.round(now() - started) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
