/**
 * One node's cost of the bridge: CPU at demo activity with the bridge on against the same node
 * process with it off (as a share of one core: a budget that does not depend on a percentage of
 * an idle node), CPU per published event where publishing is the only work (publish-cost.ts),
 * and its memory while the NATS server is down and events keep coming.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preciseNow } from '../../src/fleet/publisher.js';
import type { NatsServer } from '../../scripts/harness/nats.js';
import { median, trialsOf } from '../lib/stats.js';
import { nextMessage, spawnChild } from './child.js';
import type { HostStats } from './host.js';
import type { HostProcess } from './process.js';

const CPU_WARMUP_MS = 5_000;
/** The node's event ring (the default of cache.eventReplay): the bridge's only buffer. */
export const OUTAGE_RING = 10_000;
const OUTAGE_RATE = 2_000;
const OUTAGE_SEGMENT_MS = 6_000;
const OUTAGE_SEGMENTS = 6;
const RECONNECT_DEADLINE_MS = 60_000;

const sleep = (t: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, t));
const mib = (bytes: number): number => Number((bytes / 1024 / 1024).toFixed(2));

/**
 * Windows with the bridge on and off, in a Thue-Morse order (on off off on off on on off ...), so a
 * drift over the run (JIT, heap growth, the machine) falls on both sides alike. Each window is
 * two rounds of the demo's eight steps.
 */
const BRIDGE_ORDER = [...'0110100110010110'].map((c) => c === '0');
const CPU_WINDOW_MS = 6_400;

type CpuSample = { beforeGcMs: number; afterGcMs: number; seq: number };

/**
 * CPU of one node process running the demo with the bridge on against the same process with
 * it off (the node leaves the fleet), in alternating windows. The same process on both sides:
 * two processes doing the same work differ by more than the bridge costs. The node joins
 * before each "on" window and has published what its log holds; joining and leaving happen
 * outside the windows. Each window starts after a forced full GC and ends before the next
 * (see the host's `cpu`), so no major GC carries over from one window into another.
 */
export async function bridgeCpu(host: HostProcess) {
  await host.run({ cmd: 'demo', on: true });
  await sleep(CPU_WARMUP_MS);
  const on = { windows: [] as number[], events: 0 };
  const off = { windows: [] as number[], events: 0 };
  for (const bridged of BRIDGE_ORDER) {
    await host.run({ cmd: 'bridge', on: bridged }, 40_000);
    const before = await host.run<CpuSample>({ cmd: 'cpu' });
    await sleep(CPU_WINDOW_MS);
    const after = await host.run<CpuSample>({ cmd: 'cpu' });
    const side = bridged ? on : off;
    side.windows.push(after.beforeGcMs - before.afterGcMs);
    side.events += after.seq - before.seq;
  }
  await host.run({ cmd: 'demo', on: false });
  const withBridge = sum(on.windows);
  const without = sum(off.windows);
  const extraMs = median(on.windows) - median(off.windows);
  return {
    windowSeconds: CPU_WINDOW_MS / 1000,
    windowsPerSide: BRIDGE_ORDER.length / 2,
    withBridgeCpuMs: Math.round(withBridge),
    withoutCpuMs: Math.round(without),
    withBridgeWindowsMs: on.windows.map(Math.round),
    withoutWindowsMs: off.windows.map(Math.round),
    withBridgeEvents: on.events,
    withoutEvents: off.events,
    withBridgeWindowMs: trialsOf(on.windows, 1),
    withoutWindowMs: trialsOf(off.windows, 1),
    // Of the window medians: a window holding a major GC on either side weighs as one window.
    bridgeCorePercent: Number(((extraMs / CPU_WINDOW_MS) * 100).toFixed(3)),
  };
}

const PUBLISH_COST = join(dirname(fileURLToPath(import.meta.url)), 'publish-cost.ts');
const PUBLISH_COST_DEADLINE_MS = 120_000;

/** The bridge's CPU per published event, in a process where publishing is the only work. */
export async function publishCost(natsUrl: string): Promise<Record<string, unknown>> {
  const child = spawnChild(PUBLISH_COST, [natsUrl], ['--expose-gc']);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const what = 'publish-cost process';
  const answer = await nextMessage(child, (m) => 'result' in m, PUBLISH_COST_DEADLINE_MS, what);
  await exited;
  return answer.result as Record<string, unknown>;
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

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
    resumedCount: drained.doneAt !== null && after.published === after.seq ? 1 : 0,
    catchUpMs: drained.doneAt === null ? null : Math.round(drained.doneAt - restartedAt),
    lostReported: after.lost - up.lost,
  };
}
