import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { describe, expect, it, vi } from 'vitest';
import { RingEventLog } from '../../../src/cache/events.js';
import { TreeState } from '../../../src/cache/tree.js';
import { EventPublisher } from '../../../src/fleet/publisher.js';

/** A stand-in for JetStream whose acknowledgements the test hands out one by one. */
class HeldAcks {
  readonly sent: { seq: number; ack: () => void; fail: () => void }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly js = {
    publish: (_subject: string, _data: Uint8Array, opts: { msgID: string }): Promise<PubAck> => {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      const seq = Number(opts.msgID.split('.').pop());
      return new Promise<PubAck>((resolve, reject) => {
        const done = (): void => {
          this.inFlight--;
        };
        this.sent.push({
          seq,
          ack: () => {
            done();
            resolve({ stream: 'S', seq, duplicate: false, domain: '' });
          },
          fail: () => {
            done();
            reject(new Error('no ack'));
          },
        });
      });
    },
  } as unknown as JetStreamClient;
}

function logWith(count: number): RingEventLog {
  const log = new RingEventLog(new TreeState(), 1000);
  for (let i = 0; i < count; i++) log.appendStatus('sim', i % 2 === 0 ? 'ok' : 'degraded');
  return log;
}

function publisher(
  acks: HeldAcks,
  log: RingEventLog,
  retry = (): Promise<void> => Promise.resolve(),
): EventPublisher {
  const p = new EventPublisher(
    acks.js,
    log,
    { node: 'n1', epoch: 1, window: 4, ackTimeoutMs: 1000 },
    retry,
  );
  p.start(1000);
  return p;
}

describe('event publisher', () => {
  it('sends the next event as soon as one acknowledgement frees a slot in the window', async () => {
    const acks = new HeldAcks();
    const p = publisher(acks, logWith(10));
    await vi.waitFor(() => expect(acks.sent.length).toBe(4));
    acks.sent[0]?.ack();
    // Page by page would wait for seq 2..4 too; the sliding window sends seq 5 at once.
    await vi.waitFor(() => expect(acks.sent.map((s) => s.seq)).toEqual([1, 2, 3, 4, 5]));
    expect(p.stats().published).toBe(1);
    for (let i = 1; i < 10; i++) {
      await vi.waitFor(() => expect(acks.sent.length).toBeGreaterThan(i));
      acks.sent[i]?.ack();
    }
    await vi.waitFor(() => expect(p.stats().published).toBe(10));
    expect(acks.maxInFlight).toBe(4);
    p.stop();
  });

  it('advances only over the acknowledged prefix and re-sends from it after a failure', async () => {
    const acks = new HeldAcks();
    let retries = 0;
    const p = publisher(acks, logWith(6), () => {
      retries++;
      return Promise.resolve();
    });
    await vi.waitFor(() => expect(acks.sent.length).toBe(4));
    acks.sent[0]?.ack();
    acks.sent[2]?.ack();
    acks.sent[1]?.fail();
    await vi.waitFor(() => expect(p.stats().published).toBe(1));
    acks.sent[3]?.ack();
    // Once every publish in flight settled, it retries from seq 2 (seq 3 and 4 again too).
    await vi.waitFor(() => expect(acks.sent.length).toBe(8));
    expect(acks.sent.slice(4).map((s) => s.seq)).toEqual([2, 3, 4, 5]);
    expect(retries).toBe(1);
    expect(p.stats()).toMatchObject({ published: 1, failures: 1 });
    for (let i = 4; i < 9; i++) {
      await vi.waitFor(() => expect(acks.sent.length).toBeGreaterThan(i));
      acks.sent[i]?.ack();
    }
    await vi.waitFor(() => expect(p.stats().published).toBe(6));
    p.stop();
  });

  it('holds events while offline and re-sends from the acknowledged prefix on reconnect', async () => {
    const acks = new HeldAcks();
    const log = logWith(2);
    const p = publisher(acks, log);
    await vi.waitFor(() => expect(acks.sent.length).toBe(2));
    acks.sent[0]?.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(1));
    // Seq 2 went to a connection that then dropped; seq 3 and 4 are made while it is down.
    p.offlineNow();
    log.appendStatus('sim', 'ok');
    log.appendStatus('sim', 'degraded');
    expect(acks.sent.length).toBe(2);
    p.online();
    // In order from seq 2 at once, without waiting for seq 2's first publish to time out.
    await vi.waitFor(() => expect(acks.sent.map((s) => s.seq)).toEqual([1, 2, 2, 3, 4]));
    // The first publish of seq 2 settling late counts for nothing.
    acks.sent[1]?.fail();
    for (const sent of acks.sent.slice(2)) sent.ack();
    await vi.waitFor(() => expect(p.stats().published).toBe(4));
    expect(p.stats().failures).toBe(0);
    p.stop();
  });
});
