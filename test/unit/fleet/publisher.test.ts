import type { PubAck } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { describe, expect, it, vi } from 'vitest';
import { FLEET_HEADERS, FleetBatch } from '../../../protocol/src/index.js';
import { RingEventLog } from '../../../src/cache/events.js';
import { TreeState } from '../../../src/cache/tree.js';
import type { StoredAnswer, StreamWriter } from '../../../src/fleet/acks.js';
import { EventPublisher, type PublisherOptions } from '../../../src/fleet/publisher.js';
import { PublisherState } from '../../../src/fleet/publisher-state.js';

interface Sent {
  /** `first-last` as the msg id names it. */
  range: string;
  subject: string;
  headers: MsgHdrs;
  body: FleetBatch;
  ack: (duplicate?: boolean) => void;
  fail: () => void;
}

/** `first-last` (and any suffix) of a msg id `node.epoch.first-last`. */
const rangeOf = (msgID: string): string => msgID.split('.').slice(2).join('.');
const batchOf = (data: Uint8Array): FleetBatch =>
  FleetBatch.parse(JSON.parse(new TextDecoder().decode(data)));

/** A gap record, acknowledged by the test. */
interface Gap {
  body: unknown;
  ack: () => void;
}

/** A question whether the stream holds a batch, answered by the test. */
interface Asked {
  range: string;
  answer: (a: StoredAnswer) => void;
}

/** A stand-in for JetStream whose acknowledgements and answers the test hands out one by one. */
class HeldAcks {
  readonly sent: Sent[] = [];
  readonly asked: Asked[] = [];
  readonly gaps: Gap[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly js = {
    publish: (
      subject: string,
      data: Uint8Array,
      opts: { msgID: string; headers: MsgHdrs },
    ): Promise<PubAck> => {
      if (subject.endsWith('._gap')) {
        const body: unknown = JSON.parse(new TextDecoder().decode(data));
        return new Promise<PubAck>((resolve) => {
          const ack = (): void => resolve({ stream: 'S', seq: 0, duplicate: false, domain: '' });
          this.gaps.push({ body, ack });
        });
      }
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const range = rangeOf(opts.msgID);
      const body = batchOf(data);
      return new Promise<PubAck>((resolve, reject) => {
        const done = (): void => {
          this.inFlight--;
        };
        this.sent.push({
          range,
          subject,
          headers: opts.headers,
          body,
          ack: (duplicate = false) => {
            done();
            resolve({ stream: 'S', seq: this.sent.length, duplicate, domain: '' });
          },
          fail: () => {
            done();
            reject(new Error('no ack'));
          },
        });
      });
    },
    stored: (_subject: string, msgID: string): Promise<StoredAnswer> =>
      new Promise((answer) => this.asked.push({ range: rangeOf(msgID), answer })),
  } as unknown as StreamWriter;

  ranges(from = 0): string[] {
    return this.sent.slice(from).map((s) => s.range);
  }
}

function append(log: RingEventLog, count: number): void {
  for (let i = 0; i < count; i++) log.appendStatus('sim', i % 2 === 0 ? 'ok' : 'degraded');
}

function logWith(count: number): RingEventLog {
  const log = new RingEventLog(new TreeState(), 1000);
  append(log, count);
  return log;
}

function publisher(
  acks: HeldAcks,
  log: RingEventLog,
  options: Partial<PublisherOptions> = {},
  retry = (): Promise<void> => Promise.resolve(),
): EventPublisher {
  const p = new EventPublisher(
    acks.js,
    log,
    {
      node: 'n1',
      epoch: 1,
      window: 2,
      ackTimeoutMs: 1000,
      maxBatchEvents: 100,
      maxBatchBytes: 64 * 1024,
      ...options,
    },
    retry,
  );
  p.start(1000);
  return p;
}

describe('event publisher', () => {
  it('sends what the log holds as one batch: every event, its emission time and headers', async () => {
    const acks = new HeldAcks();
    const log = logWith(10);
    const p = publisher(acks, log);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-10']));
    const sent = acks.sent[0] as Sent;
    expect(sent.subject).toBe('uistream.n1.events._batch');
    expect(sent.body.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(sent.body.emitted).toHaveLength(10);
    expect(sent.headers.get(FLEET_HEADERS.firstSeq)).toBe('1');
    expect(sent.headers.get(FLEET_HEADERS.seq)).toBe('10');
    expect(sent.headers.get(FLEET_HEADERS.types)).toBe('backend.status');
    sent.ack();
    await vi.waitFor(() => expect(p.stats()).toMatchObject({ published: 10, batches: 1 }));
    p.stop();
  });

  it('sends what piled up as the next batch as soon as one acknowledgement frees a slot', async () => {
    const acks = new HeldAcks();
    const log = logWith(1);
    const p = publisher(acks, log);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1']));
    append(log, 1);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1', '2-2']));
    // The window (2) is full: these wait, and leave together.
    append(log, 3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks.sent).toHaveLength(2);
    // Batch 1 acknowledged, batch 2 not: the sliding window sends 3-5 at once.
    acks.sent[0]?.ack();
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1', '2-2', '3-5']));
    expect(p.stats().published).toBe(1);
    acks.sent[1]?.ack();
    acks.sent[2]?.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(5));
    expect(acks.maxInFlight).toBe(2);
    p.stop();
  });

  it('sends events appended in one go as one batch, not the first alone', async () => {
    const acks = new HeldAcks();
    const log = logWith(1);
    const p = publisher(acks, log);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1']));
    acks.sent[0]?.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(1));
    append(log, 5);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1', '2-6']));
    p.stop();
  });

  it('bounds a batch by events and by bytes, at least one event each', async () => {
    const acks = new HeldAcks();
    const p = publisher(acks, logWith(10), { window: 10, maxBatchEvents: 4 });
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-4', '5-8', '9-10']));
    p.stop();
    const bytes = new HeldAcks();
    const q = publisher(bytes, logWith(3), { window: 10, maxBatchBytes: 10 });
    await vi.waitFor(() => expect(bytes.ranges()).toEqual(['1-1', '2-2', '3-3']));
    q.stop();
  });

  it('advances only over the acknowledged prefix and re-sends from it with the same bounds', async () => {
    const acks = new HeldAcks();
    let retries = 0;
    const log = logWith(6);
    const p = publisher(acks, log, { maxBatchEvents: 3 }, () => {
      retries++;
      return Promise.resolve();
    });
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-3', '4-6']));
    append(log, 2);
    acks.sent[0]?.fail();
    acks.sent[1]?.ack();
    // Once every batch in flight settled, it retries from seq 1, as 1-3 and 4-6 again (the
    // stream drops a batch it holds by msg id), then what came meanwhile.
    await vi.waitFor(() => expect(acks.ranges(2)).toEqual(['1-3', '4-6']));
    expect(retries).toBe(1);
    expect(p.stats()).toMatchObject({ published: 0, failures: 1 });
    acks.sent[2]?.ack();
    await vi.waitFor(() => expect(acks.ranges(2)).toEqual(['1-3', '4-6', '7-8']));
    acks.sent[3]?.ack();
    acks.sent[4]?.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(8));
    p.stop();
  });

  it('holds events while offline and re-sends from the acknowledged prefix on reconnect', async () => {
    const acks = new HeldAcks();
    const log = logWith(1);
    const p = publisher(acks, log);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1']));
    append(log, 1);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1', '2-2']));
    acks.sent[0]?.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(1));
    // Seq 2 went to a connection that then dropped; seq 3 and 4 are made while it is down.
    p.offlineNow();
    append(log, 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks.sent.length).toBe(2);
    p.online();
    // In order from seq 2 at once (its first bounds kept), without waiting for its first
    // publish to time out; then what was made while down.
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-1', '2-2', '2-2', '3-4']));
    // The first publish of seq 2 settling late counts for nothing.
    acks.sent[1]?.fail();
    for (const sent of acks.sent.slice(2)) sent.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(4));
    expect(p.stats().failures).toBe(0);
    p.stop();
  });

  it('moves through failed and recovering back to idle, and holds everything while offline', async () => {
    const acks = new HeldAcks();
    let release: () => void = () => undefined;
    const log = logWith(2);
    const p = publisher(acks, log, {}, () => new Promise<void>((r) => (release = r)));
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2']));
    expect(p.state).toBe(PublisherState.Idle);
    acks.sent[0]?.fail();
    // Nothing in flight any more: it waits for the retry pause, sending nothing.
    await vi.waitFor(() => expect(p.state).toBe(PublisherState.Recovering));
    append(log, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks.sent).toHaveLength(1);
    release();
    // Again from the acknowledged prefix with its first bounds, then what came meanwhile.
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2', '1-2', '3-3']));
    expect(p.state).toBe(PublisherState.Idle);
    p.offlineNow();
    expect(p.state).toBe(PublisherState.Offline);
    acks.sent[1]?.ack();
    append(log, 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(acks.sent).toHaveLength(3);
    p.stop();
    expect(p.state).toBe(PublisherState.Stopped);
  });

  it('starts a gap after the batches the stream holds although their acknowledgement was lost', async () => {
    const acks = new HeldAcks();
    const log = new RingEventLog(new TreeState(), 10);
    append(log, 4);
    const p = publisher(acks, log, { maxBatchEvents: 2 });
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2', '3-4']));
    // Both publishes reached the stream; the connection dropped before their acknowledgements.
    p.offlineNow();
    append(log, 20);
    p.online();
    // The ring (10) no longer holds seq 1: the publisher asks whether the stream holds 1-2, 3-4.
    await vi.waitFor(() => expect(acks.asked.map((a) => a.range)).toEqual(['1-2']));
    acks.asked[0]?.answer('stored');
    await vi.waitFor(() => expect(acks.asked.map((a) => a.range)).toEqual(['1-2', '3-4']));
    acks.asked[1]?.answer('stored');
    // The gap record is acknowledged like a batch: seqs 5..14 are lost, 15..24 follow.
    await vi.waitFor(() => expect(acks.gaps).toHaveLength(1));
    expect(acks.gaps[0]?.body).toMatchObject({ from: 5, to: 14, reason: 'buffer_overflow' });
    acks.gaps[0]?.ack();
    await vi.waitFor(() => expect(acks.ranges(2)).toEqual(['15-16', '17-18']));
    expect(p.stats()).toMatchObject({ lost: 10, gaps: 1 });
    p.stop();
  });
});
