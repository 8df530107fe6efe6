/**
 * What the fleet stream holds, counted by the stream rather than by the nodes: its state, and
 * the events in its messages after a point, read from each batch's headers (bodies unread).
 */
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  BATCH_TOKEN,
  FLEET_HEADERS,
  FLEET_STREAM,
  fleetSubjects,
  parseEventSubject,
} from '../../protocol/src/index.js';

export async function streamState(
  nc: NatsConnection,
): Promise<{ messages: number; bytes: number; lastSeq: number }> {
  const info = await (await jetstreamManager(nc)).streams.info(FLEET_STREAM);
  return { messages: info.state.messages, bytes: info.state.bytes, lastSeq: info.state.last_seq };
}

/**
 * Distinct events in the stream's messages after stream seq `after`: each batch names its
 * node, epoch and first and last seq; seqs a re-sent batch repeats count once.
 */
export async function streamEvents(nc: NatsConnection, after: number): Promise<number> {
  const { lastSeq } = await streamState(nc);
  if (lastSeq <= after) return 0;
  const consumer = await jetstream(nc).consumers.get(FLEET_STREAM, {
    filter_subjects: fleetSubjects.stream,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: after + 1,
    headers_only: true,
  });
  const messages = await consumer.consume();
  const newest = new Map<string, number>();
  let count = 0;
  for await (const m of messages) {
    if (parseEventSubject(m.subject)?.type === BATCH_TOKEN) {
      const key = `${m.headers?.get(FLEET_HEADERS.node)}.${m.headers?.get(FLEET_HEADERS.epoch)}`;
      const first = Number(m.headers?.get(FLEET_HEADERS.firstSeq));
      const last = Number(m.headers?.get(FLEET_HEADERS.seq));
      const from = Math.max(first, (newest.get(key) ?? 0) + 1);
      if (last >= from) count += last - from + 1;
      newest.set(key, Math.max(last, newest.get(key) ?? 0));
    }
    if (m.seq >= lastSeq) break;
  }
  await messages.close();
  return count;
}
