/**
 * The node's JetStream publishes acknowledged on its one inbox, on a real nats-server: stored
 * with the stream's answer, a repeated msg id reported as a duplicate, a subject no stream
 * captures refused, an unanswered publish failed by the sweep, and the question whether the
 * stream holds a message (asked after an outage, so a gap starts after what it holds).
 */
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { headers } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckInbox } from '../../../src/fleet/acks.js';
import { connectConsumer, startNats, type NatsServer } from './harness.js';

let nats: NatsServer;
let nc: NatsConnection;

beforeAll(async () => {
  nats = await startNats();
  nc = await connectConsumer(nats.url);
  const jsm = await jetstreamManager(nc);
  await jsm.streams.add({ name: 'ACKS', subjects: ['acks.>'], max_bytes: 1024 * 1024 });
}, 60_000);

afterAll(async () => {
  await nc?.close();
  await nats?.stop();
});

const body = new TextEncoder().encode('{}');

describe('publishes acknowledged on one inbox', () => {
  it('stores, reports a repeated msg id as a duplicate, and the stream holds it once', async () => {
    const acks = new AckInbox(nc);
    const first = await acks.publish('acks.a', body, { msgID: 'm1', timeout: 5_000 });
    const again = await acks.publish('acks.a', body, {
      msgID: 'm1',
      headers: headers(),
      timeout: 5_000,
    });
    const other = await acks.publish('acks.a', body, { msgID: 'm2', timeout: 5_000 });
    expect([first.duplicate, again.duplicate, other.duplicate]).toEqual([false, true, false]);
    const info = await (await jetstreamManager(nc)).streams.info('ACKS');
    expect(info.state.messages).toBe(2);
    acks.close();
  });

  it('answers whether the stream holds a message, storing nothing for the question', async () => {
    const acks = new AckInbox(nc);
    const jsm = await jetstreamManager(nc);
    const before = (await jsm.streams.info('ACKS')).state.messages;
    await acks.publish('acks.q', body, { msgID: 'q1', timeout: 5_000 });
    expect(await acks.stored('acks.q', 'q1', 5_000)).toBe('stored');
    expect(await acks.stored('acks.q', 'q-never-sent', 5_000)).toBe('missing');
    expect(await acks.stored('acks.q', 'q1', 5_000)).toBe('stored');
    expect((await jsm.streams.info('ACKS')).state.messages).toBe(before + 1);
    await expect(acks.stored('nostream.q', 'q1', 5_000)).rejects.toThrow(/refused/);
    acks.close();
  });

  it('fails a publish no stream takes, and one nobody answers in time', async () => {
    const acks = new AckInbox(nc);
    await expect(acks.publish('nostream.a', body, { msgID: 'x', timeout: 5_000 })).rejects.toThrow(
      /refused/,
    );
    // Someone listens on the subject but never answers: the deadline fails it.
    const mute = nc.subscribe('mute.a');
    await expect(acks.publish('mute.a', body, { msgID: 'y', timeout: 50 })).rejects.toThrow(
      /in time/,
    );
    mute.unsubscribe();
    acks.close();
  });

  it('fails a short deadline first though a longer one was waiting before it', async () => {
    const acks = new AckInbox(nc);
    const mute = nc.subscribe('mute.b');
    const long = acks.publish('mute.b', body, { msgID: 'l', timeout: 60_000 });
    long.catch(() => undefined);
    await expect(acks.publish('mute.b', body, { msgID: 's', timeout: 50 })).rejects.toThrow(
      /in time/,
    );
    acks.close();
    await expect(long).rejects.toThrow(/stopped/);
    mute.unsubscribe();
  });
});
