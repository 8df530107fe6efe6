/**
 * The bridge's CPU per published event, measured where the bridge is the only work (a child
 * process of the fleet bench; argv: the NATS server's URL). Events recorded from the sim's
 * demo are replayed into an event log in the groups the demo raised them in (one group, one
 * batch, as at the demo's pace), each group waiting for its acknowledgement; the same replay
 * with no publisher is the baseline. Trials alternate between the two; each starts after a
 * full GC and counts the garbage it makes. Answers over IPC with its figures.
 */
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { AckInbox, type StreamWriter } from '../../src/fleet/acks.js';
import { publisherOptions } from '../../src/fleet/index.js';
import { EventPublisher } from '../../src/fleet/publisher.js';
import { ensureStream } from '../../src/fleet/setup.js';
import { loadConfig } from '../../src/config.js';
import { trialsOf } from '../lib/stats.js';
import { recordDemo, ReplayLog } from './replay-log.js';

const NODE = 'publish-cost';
const TRIALS = 5;
const GROUPS_PER_TRIAL = 500;
const RING = 10_000;
/** As the bench's nodes ask for (the harness's server allows 512 MB of file store). */
const STREAM_BYTES = 256 * 1024 * 1024;
/** Groups of demo events replayed in turn, recorded at the demo's own pace. */
const RECORD_GROUPS = 24;

type Group = Parameters<ReplayLog['append']>[0];

const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Acknowledgements as they come, so a replay waits for each group's batch. */
class AckedWriter implements StreamWriter {
  private waiter: (() => void) | null = null;
  constructor(private readonly inner: StreamWriter) {}

  publish(...args: Parameters<StreamWriter['publish']>): ReturnType<StreamWriter['publish']> {
    return this.inner.publish(...args).then((ack) => {
      this.waiter?.();
      return ack;
    });
  }

  stored(...args: Parameters<StreamWriter['stored']>): ReturnType<StreamWriter['stored']> {
    return this.inner.stored(...args);
  }

  nextAck(): Promise<void> {
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

/** One trial: every group appended, then (bridged) its acknowledgement, then a macrotask. */
async function trial(log: ReplayLog, groups: Group[], acks: AckedWriter | null) {
  (globalThis as { gc?: () => void }).gc?.();
  const seqBefore = log.seq;
  const before = cpuMs();
  for (let i = 0; i < GROUPS_PER_TRIAL; i++) {
    const acked = acks?.nextAck();
    log.append(groups[i % groups.length] as Group);
    await acked;
    // The publisher settles its batch in the acknowledgement's microtasks: done by now.
    await nextMacrotask();
  }
  return { cpuMs: cpuMs() - before, events: log.seq - seqBefore };
}

async function main(): Promise<void> {
  const url = process.argv[2];
  if (url === undefined) throw new Error('usage: publish-cost <nats-url>');
  const groups = await recordDemo(RECORD_GROUPS);
  const config = loadConfig({ fleet: { url, node: NODE, streamMaxBytes: STREAM_BYTES } }).fleet;
  const nc = await connect({ servers: url, name: 'fleet-bench-publish-cost' });
  await ensureStream(await jetstreamManager(nc), config);
  const bridgedLog = new ReplayLog(RING);
  const plainLog = new ReplayLog(RING);
  const inbox = new AckInbox(nc);
  const acks = new AckedWriter(inbox);
  const publisher = new EventPublisher(
    acks,
    bridgedLog,
    publisherOptions(config, NODE, Date.now()),
    () => new Promise((resolve) => setTimeout(resolve, 250)),
  );
  publisher.start(RING);
  // Warm-up of both sides (JIT, the connection's buffers).
  await trial(bridgedLog, groups, acks);
  await trial(plainLog, groups, null);
  const bridged: { cpuMs: number; events: number }[] = [];
  const plain: { cpuMs: number; events: number }[] = [];
  const batchesBefore = publisher.stats().batches;
  for (let t = 0; t < TRIALS; t++) {
    bridged.push(await trial(bridgedLog, groups, acks));
    plain.push(await trial(plainLog, groups, null));
  }
  const batches = publisher.stats().batches - batchesBefore;
  publisher.stop();
  inbox.close();
  await nc.drain();
  process.send?.({ result: figures(bridged, plain, batches, groups) }, () => process.exit(0));
}

function figures(
  bridged: { cpuMs: number; events: number }[],
  plain: { cpuMs: number; events: number }[],
  batches: number,
  groups: Group[],
) {
  const events = bridged.reduce((n, b) => n + b.events, 0);
  // Each bridged trial against the plain trial after it: the same replay, the same moment.
  const perEvent = bridged.map(
    (b, i) => ((b.cpuMs - (plain[i] as { cpuMs: number }).cpuMs) * 1000) / b.events,
  );
  return {
    trials: TRIALS,
    eventsPerTrial: bridged[0]?.events ?? 0,
    recordedGroups: groups.length,
    eventsPerBatch: Number((events / batches).toFixed(2)),
    bridgedTrialCpuMs: bridged.map((b) => Number(b.cpuMs.toFixed(1))),
    plainTrialCpuMs: plain.map((p) => Number(p.cpuMs.toFixed(1))),
    usPerEvent: trialsOf(perEvent, 1),
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
