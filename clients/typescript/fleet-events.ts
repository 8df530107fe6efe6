/**
 * Events of many nodes from the fleet stream as one Observable. Each node's events carry its
 * epoch and gapless seq, so the reader can tell, per node, a re-delivery (skipped) from a hole
 * (reported as a `gap` item, as are the gap records a node publishes after its buffer
 * overflowed). Resuming: `cursors` (per node, as the items carry them) start an ordered
 * consumer just after the oldest cursor; `durable` names a JetStream durable consumer, whose
 * acknowledged position the server keeps across restarts of the reader.
 */
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Observable, type Subscriber } from 'rxjs';
import type { UiEvent } from '../../protocol/src/index.js';
import {
  FLEET_HEADERS,
  FLEET_STREAM,
  FleetGap,
  GAP_TOKEN,
  fleetSubjects,
  parseEventSubject,
} from '../../protocol/src/index.js';

/** Where a reader is in one node's events. */
export interface FleetCursor {
  streamSeq: number;
  epoch: number;
  seq: number;
}
export type FleetCursors = Record<string, FleetCursor>;

export type FleetItem =
  | {
      kind: 'event';
      node: string;
      event: UiEvent;
      /** Node wall clock (ms) when its log emitted the event. */
      emittedAt: number;
      cursor: FleetCursor;
    }
  | {
      kind: 'gap';
      node: string;
      epoch: number;
      /** Lost seqs, inclusive. */
      from: number;
      to: number;
      /** `buffer_overflow`: the node said so; `missing`: the seqs are not in the stream. */
      reason: 'buffer_overflow' | 'missing';
      cursor: FleetCursor;
    };

export interface FleetEventsOptions {
  /** Only these nodes (default: all). */
  nodes?: string[];
  /** Only these event types (gap items always pass). */
  types?: string[];
  /** Resume each node after its cursor. */
  cursors?: FleetCursors;
  /** Use (and create when missing) this durable consumer; items are acknowledged once emitted. */
  durable?: string;
  /** Without cursors or a known durable: `all` held events, or only `new` ones (default). */
  from?: 'all' | 'new';
}

function filterSubject(nodes: string[] | undefined): string {
  return nodes?.length === 1 ? fleetSubjects.events(nodes[0] as string) : fleetSubjects.stream;
}

async function openMessages(nc: NatsConnection, o: FleetEventsOptions): Promise<ConsumerMessages> {
  const js = jetstream(nc);
  const filter = filterSubject(o.nodes);
  const starts = Object.values(o.cursors ?? {}).map((c) => c.streamSeq);
  const start =
    starts.length > 0
      ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Math.min(...starts) + 1 }
      : { deliver_policy: o.from === 'all' ? DeliverPolicy.All : DeliverPolicy.New };
  if (o.durable === undefined) {
    const consumer = await js.consumers.get(FLEET_STREAM, { filter_subjects: filter, ...start });
    return await consumer.consume();
  }
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.consumers.info(FLEET_STREAM, o.durable);
  } catch {
    await jsm.consumers.add(FLEET_STREAM, {
      durable_name: o.durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: filter,
      ...start,
    });
  }
  return await (await js.consumers.get(FLEET_STREAM, o.durable)).consume();
}

/** Turns stream messages into items, per node: skips re-deliveries, reports holes. */
class NodeTracker {
  private readonly last = new Map<string, FleetCursor>();

  constructor(
    private readonly o: FleetEventsOptions,
    cursors: FleetCursors,
  ) {
    for (const [node, cursor] of Object.entries(cursors)) this.last.set(node, cursor);
  }

  items(m: JsMsg): FleetItem[] {
    const at = parseEventSubject(m.subject);
    if (at === null || (this.o.nodes !== undefined && !this.o.nodes.includes(at.node))) return [];
    const prev = this.last.get(at.node);
    if (prev !== undefined && m.seq <= prev.streamSeq) return [];
    if (at.type === GAP_TOKEN) return this.gapRecord(at.node, m, prev);
    const epoch = Number(m.headers?.get(FLEET_HEADERS.epoch));
    const seq = Number(m.headers?.get(FLEET_HEADERS.seq));
    const cursor = { streamSeq: m.seq, epoch, seq };
    const sameEpoch = prev !== undefined && prev.epoch === epoch;
    if (sameEpoch && seq <= prev.seq) return [];
    this.last.set(at.node, cursor);
    const out: FleetItem[] = [];
    if (sameEpoch && seq > prev.seq + 1) {
      const hole = { epoch, from: prev.seq + 1, to: seq - 1, reason: 'missing' as const };
      out.push({ kind: 'gap', node: at.node, ...hole, cursor });
    }
    if (this.o.types === undefined || this.o.types.includes(at.type)) {
      const emittedAt = Number(m.headers?.get(FLEET_HEADERS.emitted));
      out.push({ kind: 'event', node: at.node, event: m.json<UiEvent>(), emittedAt, cursor });
    }
    return out;
  }

  private gapRecord(node: string, m: JsMsg, prev: FleetCursor | undefined): FleetItem[] {
    const gap = FleetGap.safeParse(m.json());
    if (!gap.success) return [];
    const { epoch, to, reason } = gap.data;
    const sameEpoch = prev !== undefined && prev.epoch === epoch;
    if (sameEpoch && prev.seq >= to) return [];
    // A range partly delivered already (a gap re-sent with a longer range) is reported once.
    const from = sameEpoch ? Math.max(gap.data.from, prev.seq + 1) : gap.data.from;
    const cursor = { streamSeq: m.seq, epoch, seq: to };
    this.last.set(node, cursor);
    return [{ kind: 'gap', node, epoch, from, to, reason, cursor }];
  }
}

async function pump(
  messages: ConsumerMessages,
  tracker: NodeTracker,
  durable: boolean,
  subscriber: Subscriber<FleetItem>,
): Promise<void> {
  for await (const m of messages) {
    for (const item of tracker.items(m)) subscriber.next(item);
    if (durable) m.ack();
    if (subscriber.closed) break;
  }
}

export function fleetEvents(nc: NatsConnection, o: FleetEventsOptions): Observable<FleetItem> {
  return new Observable<FleetItem>((subscriber) => {
    let messages: ConsumerMessages | null = null;
    let closed = false;
    const tracker = new NodeTracker(o, o.cursors ?? {});
    openMessages(nc, o)
      .then((m) => {
        messages = m;
        if (closed) return void m.stop();
        return pump(m, tracker, o.durable !== undefined, subscriber);
      })
      .then(
        () => subscriber.complete(),
        (err: unknown) => subscriber.error(err),
      );
    return () => {
      closed = true;
      messages?.stop();
    };
  });
}
