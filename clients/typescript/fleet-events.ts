/**
 * Events of many nodes from the fleet stream as one Observable. A node publishes its events
 * in batches (one message each, seqs first..last in headers); the reader unpacks them into one
 * item per event, filters by type itself (a batch holds several types; its type list header
 * lets it skip a batch unread), and tells per node, by epoch and gapless seq, a re-delivery
 * (skipped, also part of a batch re-sent with other bounds) from a hole (reported as a `gap`
 * item, as are the gap records a node publishes after its buffer overflowed). Resuming:
 * `cursors` (per node, as the items carry them) start an ordered consumer at the oldest
 * cursor's message; `durable` names a JetStream durable consumer, whose
 * acknowledged position the server keeps across restarts of the reader.
 */
import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { Observable, type Subscriber } from 'rxjs';
import type { FleetBatch, UiEvent } from '../../protocol/src/index.js';
import {
  BATCH_TOKEN,
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
      ? // The cursor's own message: a batch may hold events after the cursor's seq.
        { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: Math.min(...starts) }
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
  private readonly types: Set<string> | null;

  constructor(
    private readonly o: FleetEventsOptions,
    cursors: FleetCursors,
  ) {
    for (const [node, cursor] of Object.entries(cursors)) this.last.set(node, cursor);
    this.types = o.types === undefined ? null : new Set(o.types);
  }

  items(m: JsMsg): FleetItem[] {
    const at = parseEventSubject(m.subject);
    if (at === null || (this.o.nodes !== undefined && !this.o.nodes.includes(at.node))) return [];
    const prev = this.last.get(at.node);
    // The cursor's own message may hold events after it (a batch): only earlier ones are old.
    if (prev !== undefined && m.seq < prev.streamSeq) return [];
    if (at.type === GAP_TOKEN) return this.gapRecord(at.node, m, prev);
    if (at.type !== BATCH_TOKEN) return [];
    const epoch = Number(m.headers?.get(FLEET_HEADERS.epoch));
    const first = Number(m.headers?.get(FLEET_HEADERS.firstSeq));
    const lastSeq = Number(m.headers?.get(FLEET_HEADERS.seq));
    const sameEpoch = prev !== undefined && prev.epoch === epoch;
    if (sameEpoch && lastSeq <= prev.seq) return [];
    const cursor = { streamSeq: m.seq, epoch, seq: lastSeq };
    const out: FleetItem[] = [];
    const from = sameEpoch ? prev.seq + 1 : first;
    if (sameEpoch && first > from) {
      const hole = { epoch, from, to: first - 1, reason: 'missing' as const };
      out.push({ kind: 'gap', node: at.node, ...hole, cursor: { ...cursor, seq: first - 1 } });
    }
    this.last.set(at.node, cursor);
    if (!this.wanted(m)) return out;
    const batch = m.json<FleetBatch>();
    batch.events.forEach((event, i) => {
      if (event.seq < from || (this.types !== null && !this.types.has(event.type))) return;
      const emittedAt = batch.emitted[i] as number;
      const c = { streamSeq: m.seq, epoch, seq: event.seq };
      out.push({ kind: 'event', node: at.node, event, emittedAt, cursor: c });
    });
    return out;
  }

  /** Without a type filter, or when the batch's type list names one of the wanted types. */
  private wanted(m: JsMsg): boolean {
    if (this.types === null) return true;
    const listed = m.headers?.get(FLEET_HEADERS.types);
    return listed === undefined || listed.split(',').some((t) => this.types?.has(t));
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
