/**
 * The fleet of 10 sim nodes (two node processes of 5, so both cores can work) on one local
 * nats-server, seen from a controller in the bench process: node->consumer event latency at
 * demo activity, RPC through NATS against a direct WebSocket call to the same node, and the
 * sustained rate of events into the stream.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import { fleet } from '../../clients/typescript/fleet.js';
import { preciseNow } from '../../src/fleet/publisher.js';
import {
  pairedOver,
  percentile,
  percentileTrials,
  trialsOf,
  windowPercentiles,
  type Timed,
} from '../lib/stats.js';
import { BenchClient } from '../ws/clients.js';
import type { ControlPath } from './control.js';
import type { HostStats } from './host.js';
import type { HostProcess } from './process.js';
import { streamEvents, streamState } from './stream.js';

export const PROCESSES = 2;
export const NODES_PER_PROCESS = 5;
const LATENCY_WARMUP_MS = 3_000;
/** The demo's pace (its default: one step every 400 ms). */
const DEMO_STEP_MS = 400;
/**
 * Nine 5 s windows: a node's events come in bursts of up to ~70 (one demo step), so a
 * window's p99 is set by its worst burst or two; three windows of a 20 s phase read +1.4 and
 * +4.0 ms over the control in two runs of one tree.
 */
const LATENCY_MS = 45_000;
const LATENCY_TRIALS = 9;
const RPC_WARMUP = 1_000;
const RPC_ROUNDS = 5;
const RPC_PER_ROUND = 300;
const FLOOD_MS = 5_000;
const DRAIN_DEADLINE_MS = 120_000;

export const nodeName = (proc: number, i: number): string => `n${proc}${i}`;
const ms = (x: number): number => Number(x.toFixed(3));
const sleep = (t: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, t));

/**
 * Every event delivered to one consumer of the whole fleet while each node runs the demo:
 * latency from the node's log emitting it to the consumer holding it (node clocks corrected
 * by the offset measured over IPC), and whether each node's seqs arrived without a hole. The
 * control path runs meanwhile through the same server: its p99 is the baseline. The phase is
 * cut into equal time windows, the trials: each window's event p99 is paired with the control's
 * p99 of the same window, and the judged figure is the median of those differences.
 */
export async function eventLatency(nc: NatsConnection, hosts: HostProcess[], control: ControlPath) {
  const offsets = await Promise.all(hosts.map((h) => h.clockOffset()));
  const offsetOf = (node: string): number => offsets[Number(node[1])]?.offsetMs ?? 0;
  const latencies: Timed[] = [];
  const last = new Map<string, number>();
  let holes = 0;
  let measuring = false;
  // Independent desktops do not step in lockstep: node k of n starts its demo k/n of a step
  // late, so ten nodes' bursts do not land in the same millisecond.
  const count = hosts.reduce((n, h) => n + h.nodes.length, 0);
  let k = 0;
  const phases = hosts.map((h) => h.nodes.map(() => (k++ * DEMO_STEP_MS) / count));
  await Promise.all(
    hosts.map((h, p) => h.run({ cmd: 'demo', on: true, phaseMs: phases[p] as number[] })),
  );
  const sub = fleet(nc)
    .events({ from: 'new' })
    .subscribe((item) => {
      if (item.kind === 'gap') return void holes++;
      const at = preciseNow();
      const prev = last.get(item.node);
      if (prev !== undefined && item.event.seq !== prev + 1) holes++;
      last.set(item.node, item.event.seq);
      if (!measuring) return;
      const from = item.emittedAt - offsetOf(item.node);
      latencies.push({ at, value: at - from });
    });
  await sleep(LATENCY_WARMUP_MS);
  const before = await Promise.all(hosts.map((h) => h.stats()));
  measuring = true;
  control.measure(true);
  const span = { from: preciseNow(), to: 0, n: LATENCY_TRIALS };
  await sleep(LATENCY_MS);
  span.to = preciseNow();
  control.measure(false);
  measuring = false;
  const after = await Promise.all(hosts.map((h) => h.stats()));
  await Promise.all(hosts.map((h) => h.run({ cmd: 'demo', on: false })));
  sub.unsubscribe();
  // What one demo event costs the stream (its share of a batch's body, subject and headers).
  const stored = await streamState(nc);
  const inStream = after.reduce((sum, a) => sum + a.published, 0);
  const values = latencies.map((l) => l.value);
  // Windows where both saw samples, in step: the target pairs them (bench/targets.ts).
  const events99 = windowPercentiles(latencies, 99, span);
  const control99 = windowPercentiles(control.latencies(), 99, span);
  const both = events99.flatMap((e, i) => {
    const c = control99[i] as number;
    return Number.isFinite(e) && Number.isFinite(c) ? [[e, c] as const] : [];
  });
  const p99s = both.map(([e]) => e);
  const controlP99s = both.map(([, c]) => c);
  return {
    nodes: PROCESSES * NODES_PER_PROCESS,
    demoStartsSpreadOverMs: DEMO_STEP_MS,
    seconds: LATENCY_MS / 1000,
    events: latencies.length,
    eventsPerSec: Math.round(latencies.length / (LATENCY_MS / 1000)),
    nodesSeen: last.size,
    holes,
    p50Ms: ms(percentile(values, 50)),
    p99Ms: trialsOf(p99s),
    p99OverControlMs: pairedOver(p99s, controlP99s),
    maxMs: ms(Math.max(...values)),
    eventsPerBatch: Number(
      (summedDelta(before, after, 'published') / summedDelta(before, after, 'batches')).toFixed(2),
    ),
    control: control.summary(controlP99s),
    streamBytesPerEvent: Math.round(stored.bytes / inStream),
    clockOffsetsMs: offsets.map((o) => ms(o.offsetMs)),
    clockUncertaintyMs: ms(Math.max(...offsets.map((o) => o.uncertaintyMs))),
  };
}

/** The change of one counter summed over every host between two samples. */
function summedDelta(
  before: HostStats[],
  after: HostStats[],
  key: 'published' | 'batches',
): number {
  return after.reduce((s, a, i) => s + a[key] - ((before[i] as HostStats)[key] ?? 0), 0);
}

/** elements.get on one node, directly over WebSocket and through NATS, in alternating rounds. */
export async function rpcOverhead(nc: NatsConnection, host: HostProcess) {
  const ws = host.ready.ws;
  if (ws === null) throw new Error('the first node process serves no WebSocket');
  const direct = await BenchClient.open(ws.url, ws.token);
  const node = nodeName(0, 0);
  const client = fleet(nc, { clientId: 'fleet-bench' });
  const found = await client.call(node, 'elements.find', { automationId: 'editor.text' });
  const params = { ref: (found as { elements: { ref: string }[] }).elements[0]?.ref ?? '' };
  const viaWs = (): Promise<unknown> => direct.call('elements.get', params);
  const viaNats = (): Promise<unknown> => client.call(node, 'elements.get', params);
  const time = async (call: () => Promise<unknown>, n: number, into: number[] | null) => {
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await call();
      into?.push(performance.now() - t0);
    }
  };
  await time(viaWs, RPC_WARMUP, null);
  await time(viaNats, RPC_WARMUP, null);
  const wsSamples: number[] = [];
  const natsSamples: number[] = [];
  for (let r = 0; r < RPC_ROUNDS; r++) {
    await time(viaWs, RPC_PER_ROUND, wsSamples);
    await time(viaNats, RPC_PER_ROUND, natsSamples);
  }
  direct.close();
  // Each round is a trial of both ways.
  const rounds = (xs: number[], p: number) => percentileTrials(xs, p, RPC_ROUNDS);
  return {
    method: 'elements.get',
    calls: natsSamples.length,
    wsP50Ms: rounds(wsSamples, 50),
    wsP99Ms: ms(percentile(wsSamples, 99)),
    natsP50Ms: rounds(natsSamples, 50),
    natsP99Ms: ms(percentile(natsSamples, 99)),
  };
}

/**
 * Every node sets its editor's text as fast as it takes it for FLOOD_MS, at once, and the
 * bridge publishes what its log holds until the stream has acknowledged every event (the
 * stream's own count confirms it). Two rates: overall, from the flood's start to the last
 * acknowledgement (bounded by how fast the sim generates events), and the backlog's, from the
 * flood's end on, when the nodes only publish: what the bridge and the server sustain.
 */
export async function throughput(nc: NatsConnection, hosts: HostProcess[]) {
  // Node clocks in bench-process time (the offsets are tiny on one host, but known).
  const offsets = await Promise.all(hosts.map(async (h) => (await h.clockOffset(10)).offsetMs));
  const local = (at: number, i: number): number => at - (offsets[i] ?? 0);
  const before = await Promise.all(hosts.map((h) => h.stats()));
  const streamBefore = await streamState(nc);
  const floods = await Promise.all(
    hosts.map((h) => h.run<{ generated: number[] }>({ cmd: 'flood', ms: FLOOD_MS })),
  );
  const generatedAt = await Promise.all(hosts.map((h) => h.stats()));
  const drained = await Promise.all(
    hosts.map((h) =>
      h.run<{ doneAt: number | null }>(
        { cmd: 'drain', deadlineMs: DRAIN_DEADLINE_MS },
        DRAIN_DEADLINE_MS + 10_000,
      ),
    ),
  );
  const after = await Promise.all(hosts.map((h) => h.stats()));
  // Counted by the stream, from its batches' headers: not the nodes' own word.
  const inStream = await streamEvents(nc, streamBefore.lastSeq);
  const sum = (xs: HostStats[], key: 'seq' | 'published' | 'lost'): number =>
    xs.reduce((s, x) => s + x[key], 0);
  const published = sum(after, 'published') - sum(before, 'published');
  const start = Math.min(...before.map((b, i) => local(b.at, i)));
  const doneAts = drained.map((d, i) => (d.doneAt === null ? null : local(d.doneAt, i)));
  const end = doneAts.every((d) => d !== null) ? Math.max(...doneAts) : null;
  const genSeconds = Math.max(...generatedAt.map((g, i) => local(g.at, i))) - start;
  const seconds = end === null ? null : (end - start) / 1000;
  // The backlog's part: from the flood's end, the bridge only publishes what the log holds.
  const floodEnd = Math.min(...generatedAt.map((g, i) => local(g.at, i)));
  const backlog = sum(after, 'published') - sum(generatedAt, 'published');
  const backlogSeconds = end === null ? null : (end - floodEnd) / 1000;
  return {
    floodMs: FLOOD_MS,
    generated: sum(generatedAt, 'seq') - sum(before, 'seq'),
    generatedPerSec: Math.round(
      (sum(generatedAt, 'seq') - sum(before, 'seq')) / (genSeconds / 1000),
    ),
    published,
    inStream,
    missing: sum(generatedAt, 'seq') - sum(before, 'seq') - inStream,
    lost: sum(after, 'lost') - sum(before, 'lost'),
    drained: end !== null,
    seconds: seconds === null ? null : Number(seconds.toFixed(2)),
    overallPerSec: seconds === null ? null : Math.round(inStream / seconds),
    backlogEvents: backlog,
    backlogSeconds: backlogSeconds === null ? null : Number(backlogSeconds.toFixed(2)),
    backlogPerSec: backlogSeconds === null ? null : Math.round(backlog / backlogSeconds),
    eventsPerBatch: Number(
      (summedDelta(before, after, 'published') / summedDelta(before, after, 'batches')).toFixed(1),
    ),
    setValueCalls: floods.flatMap((f) => f.generated).reduce((a, b) => a + b, 0),
    nodeCpuMs: Math.round(
      after.reduce((s, a) => s + a.cpuMs, 0) - before.reduce((s, b) => s + b.cpuMs, 0),
    ),
  };
}
