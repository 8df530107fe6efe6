/**
 * One node's cost of the bridge: CPU at demo activity against the same node without the
 * bridge (two processes running the same scripted demo side by side, so both see the same
 * machine), and its memory while the NATS server is down and events keep coming.
 */
import { preciseNow } from '../../src/fleet/publisher.js';
import type { NatsServer } from '../../test/integration/fleet/harness.js';
import type { HostStats } from './host.js';
import type { HostProcess } from './process.js';

const CPU_WARMUP_MS = 5_000;
const CPU_MS = 30_000;
/** The node's event ring (the default of cache.eventReplay): the bridge's only buffer. */
export const OUTAGE_RING = 10_000;
const OUTAGE_RATE = 2_000;
const OUTAGE_SEGMENT_MS = 6_000;
const OUTAGE_SEGMENTS = 6;
const RECONNECT_DEADLINE_MS = 60_000;

const sleep = (t: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, t));
const mib = (bytes: number): number => Number((bytes / 1024 / 1024).toFixed(2));

/** CPU of a node with the bridge against one without, both running the demo. */
export async function bridgeCpu(bridged: HostProcess, local: HostProcess) {
  const both = [bridged, local];
  await Promise.all(both.map((h) => h.run({ cmd: 'demo', on: true })));
  await sleep(CPU_WARMUP_MS);
  const before = await Promise.all(both.map((h) => h.stats()));
  await sleep(CPU_MS);
  const after = await Promise.all(both.map((h) => h.stats()));
  await Promise.all(both.map((h) => h.run({ cmd: 'demo', on: false })));
  const delta = (i: number, key: 'cpuMs' | 'seq'): number =>
    (after[i] as HostStats)[key] - (before[i] as HostStats)[key];
  const withBridge = delta(0, 'cpuMs');
  const without = delta(1, 'cpuMs');
  return {
    seconds: CPU_MS / 1000,
    withBridgeCpuMs: Math.round(withBridge),
    withoutCpuMs: Math.round(without),
    withBridgeEvents: delta(0, 'seq'),
    withoutEvents: delta(1, 'seq'),
    withBridgeCpuPercentOfCore: Number(((withBridge / CPU_MS) * 100).toFixed(2)),
    extraCpuPercent: Number((((withBridge - without) / without) * 100).toFixed(1)),
  };
}

async function until(check: () => Promise<boolean>, deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(50);
  }
  return false;
}

/**
 * Kill the NATS server, keep the node busy (OUTAGE_RATE events/s, past its ring several
 * times), sample its memory after a GC once the ring is full and after every further
 * segment, then restart the server: the node reconnects, reports the gap and catches up.
 */
export async function outageMemory(node: HostProcess, nats: NatsServer) {
  await node.run({ cmd: 'drain', deadlineMs: 30_000 });
  const up = await node.stats();
  await nats.kill();
  await until(async () => !(await node.stats()).connected, 30_000);
  const samples: HostStats[] = [];
  for (let s = 0; s < OUTAGE_SEGMENTS; s++) {
    await node.run({ cmd: 'flood', ms: OUTAGE_SEGMENT_MS, perSecond: OUTAGE_RATE });
    samples.push(await node.stats());
  }
  const ringFull = samples[0] as HostStats;
  const peak = (xs: HostStats[]): number => Math.max(...xs.map((x) => x.liveBytes));
  const half = Math.ceil(samples.length / 2);
  const restartedAt = preciseNow();
  await nats.restart();
  const drained = await node.run<{ doneAt: number | null }>(
    { cmd: 'drain', deadlineMs: RECONNECT_DEADLINE_MS },
    RECONNECT_DEADLINE_MS + 10_000,
  );
  const after = await node.stats();
  const last = samples[samples.length - 1] as HostStats;
  return {
    ring: OUTAGE_RING,
    eventsWhileDown: last.seq - up.seq,
    downSeconds: (OUTAGE_SEGMENTS * OUTAGE_SEGMENT_MS) / 1000,
    liveMiBUp: mib(up.liveBytes),
    liveMiBWhileDown: samples.map((x) => mib(x.liveBytes)),
    rssMiBWhileDown: samples.map((x) => mib(x.rss)),
    growthAfterRingFullMiB: mib(peak(samples) - ringFull.liveBytes),
    // Bounded means a plateau: the second half of the outage holds no more than the first.
    growthSecondHalfMiB: mib(peak(samples.slice(half)) - peak(samples.slice(0, half))),
    resumed: drained.doneAt !== null && after.published === after.seq,
    catchUpMs: drained.doneAt === null ? null : Math.round(drained.doneAt - restartedAt),
    lostReported: after.lost - up.lost,
  };
}
