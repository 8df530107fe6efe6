import type { PubAck } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import { describe, expect, it, vi } from 'vitest';
import { FLEET_HEADERS, FleetBatch } from '../../../protocol/src/index.js';
import { RingEventLog } from '../../../src/cache/events.js';
import { TreeState } from '../../../src/cache/tree.js';
import type { StoredAnswer, StreamWriter } from '../../../src/fleet/acks.js';
import { EventPublisher, type PublisherOptions } from '../../../src/fleet/publisher.js';

interface Sent {
  /** `first-last` as the msg id names it. */
  range: string;
  /** Whether its acknowledgement was asked for as it was sent. */
  acked: boolean;
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

/** A question whether the stream holds a batch, answered by the test. */
interface Asked {
  range: string;
  answer: (a: StoredAnswer) => void;
}

/** A stand-in for JetStream whose acknowledgements and answers the test hands out one by one. */
class HeldAcks {
  readonly sent: Sent[] = [];
  readonly asked: Asked[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly js = {
    publish: (
      subject: string,
      data: Uint8Array,
      opts: { msgID: string; headers: MsgHdrs },
    ): Promise<PubAck> => {
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
          acked: true,
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
    send: (subject: string, data: Uint8Array, opts: { msgID: string; headers: MsgHdrs }) => {
      const none = (): void => undefined;
      this.sent.push({
        range: rangeOf(opts.msgID),
        acked: false,
        subject,
        headers: opts.headers,
        body: batchOf(data),
        ack: none,
        fail: none,
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
      confirmAfterMs: 0,
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

  it('sends with no acknowledgement asked, then asks about the batches in one go', async () => {
    const acks = new HeldAcks();
    const log = logWith(2);
    const p = publisher(acks, log, { window: 8, confirmAfterMs: 20 });
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2']));
    append(log, 3);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2', '3-5']));
    expect(acks.sent.map((s) => s.acked)).toEqual([false, false]);
    expect(p.stats().published).toBe(0);
    // Nothing more is sent: the idle timer asks about both at once.
    await vi.waitFor(() => expect(acks.asked.map((a) => a.range)).toEqual(['1-2', '3-5']));
    for (const a of acks.asked) a.answer('stored');
    await vi.waitFor(() => expect(p.stats()).toMatchObject({ published: 5, batches: 2, asked: 2 }));
    p.stop();
  });

  it('asks about batches that are due in the same go as sending the next one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const acks = new HeldAcks();
      const log = logWith(2);
      const p = publisher(acks, log, { window: 8, confirmAfterMs: 1_000 });
      await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-2']));
      expect(acks.asked).toHaveLength(0);
      // Past the delay, well before the idle timer (2 s of real time): the next batch asks.
      vi.setSystemTime(Date.now() + 1_500);
      append(log, 3);
      await vi.waitFor(() => expect(acks.asked.map((a) => a.range)).toEqual(['1-2', '3-5']));
      expect(acks.ranges()).toEqual(['1-2', '3-5']);
      p.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks at once when the window is full', async () => {
    const acks = new HeldAcks();
    const p = publisher(acks, logWith(6), { window: 2, maxBatchEvents: 3, confirmAfterMs: 60_000 });
    await vi.waitFor(() => expect(acks.asked.map((a) => a.range)).toEqual(['1-3', '4-6']));
    p.stop();
  });

  it('sends a batch the stream does not hold again, with its acknowledgement asked', async () => {
    const acks = new HeldAcks();
    const p = publisher(acks, logWith(6), { window: 2, maxBatchEvents: 3, confirmAfterMs: 60_000 });
    await vi.waitFor(() => expect(acks.asked).toHaveLength(2));
    acks.asked[0]?.answer('missing');
    acks.asked[1]?.answer('stored');
    // From the acknowledged prefix, with the first bounds: 4-6 again, dropped by its msg id.
    await vi.waitFor(() => expect(acks.ranges(2)).toEqual(['1-3', '4-6']));
    expect(acks.sent.slice(2).map((s) => s.acked)).toEqual([true, true]);
    acks.sent[2]?.ack();
    acks.sent[3]?.ack();
    await vi.waitFor(() => expect(p.stats()).toMatchObject({ published: 6, failures: 1 }));
    p.stop();
  });

  it('acknowledges every batch once an answer proves wrong', async () => {
    const acks = new HeldAcks();
    const log = logWith(3);
    const p = publisher(acks, log, { window: 1, confirmAfterMs: 60_000 });
    await vi.waitFor(() => expect(acks.asked).toHaveLength(1));
    acks.asked[0]?.answer('missing');
    await vi.waitFor(() => expect(acks.sent).toHaveLength(2));
    // Said missing, yet the re-send is a duplicate: the stream held it all along.
    expect(acks.sent[1]?.acked).toBe(true);
    acks.sent[1]?.ack(true);
    await vi.waitFor(() => expect(p.stats().published).toBe(3));
    append(log, 2);
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-3', '1-3', '4-5']));
    expect(acks.sent[2]?.acked).toBe(true);
    p.stop();
  });

  it('sends a batch whose question was stored under another msg id, acknowledged', async () => {
    const acks = new HeldAcks();
    const p = publisher(acks, logWith(3), { window: 1, confirmAfterMs: 60_000 });
    await vi.waitFor(() => expect(acks.asked).toHaveLength(1));
    acks.asked[0]?.answer('unsupported');
    await vi.waitFor(() => expect(acks.ranges()).toEqual(['1-3', '1-3.r']));
    expect(acks.sent[1]?.acked).toBe(true);
    p.stop();
  });
});
