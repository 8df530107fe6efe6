/**
 * Event log -> JetStream. The publisher keeps one cursor into the cache's event log: the
 * newest seq the stream has acknowledged. It publishes the events after it with a sliding
 * window of acknowledgements in flight (each acknowledgement frees a slot at once), so the log's own ring is the buffer
 * while NATS is away (no second copy, memory bounded by the ring). When the ring has moved past
 * the cursor, the lost range is published as a gap record. Every message carries the node, its
 * epoch and its gapless seq in headers, and `Nats-Msg-Id` = node.epoch.seq, so a re-send after
 * a reconnect is dropped by the stream instead of duplicated.
 */
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import type { Subscription } from 'rxjs';
import type { FleetGap, UiEvent } from '../../protocol/src/index.js';
import { FLEET_HEADERS, fleetSubjects } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';
import { isUiError } from '../errors.js';

export interface PublisherOptions {
  node: string;
  epoch: number;
  /** Publishes awaiting acknowledgement at once. */
  window: number;
  /** How long one publish waits for its acknowledgement. */
  ackTimeoutMs: number;
}

export interface PublisherStats {
  /** Newest seq acknowledged by the stream. */
  published: number;
  /** Events the stream reported as duplicates (re-sent after a lost acknowledgement). */
  duplicates: number;
  /** Events lost because the log's ring moved past the cursor while NATS was away. */
  lost: number;
  gaps: number;
  failures: number;
}

/** Wall clock with sub-millisecond resolution, comparable across processes on one host. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

const encoder = new TextEncoder();

/** One publish awaiting its acknowledgement, in the order sent. */
interface InFlight {
  seq: number;
  state: 'pending' | 'ok' | 'failed';
  /** Sent before a reconnect that re-sends from the cursor: its outcome no longer counts. */
  abandoned?: true;
}

export class EventPublisher {
  /** Newest seq the stream acknowledged with every earlier one acknowledged too. */
  private acked = 0;
  /** Newest seq handed to NATS (acknowledged or not). */
  private sent = 0;
  private pumping = false;
  private again = false;
  private stopped = false;
  /** A publish failed: nothing new is sent until every one in flight settled and a retry. */
  private failed = false;
  /**
   * The connection is down. The client would buffer publishes and flush them on reconnect
   * while earlier ones written to the dying socket are lost: later seqs would reach the stream
   * before earlier ones, so nothing is handed to it until it is back.
   */
  private offline = false;
  private unsettled = 0;
  private inFlight: InFlight[] = [];
  private feed: Subscription | null = null;
  /** When each event left the log, for the latency header; bounded by the log's ring. */
  private readonly emitted = new Map<number, number>();
  private readonly counters = { duplicates: 0, lost: 0, gaps: 0, failures: 0 };

  constructor(
    private readonly js: JetStreamClient,
    private readonly log: EventLog,
    private readonly options: PublisherOptions,
    /** Resolves when it is worth trying again after a failed publish. */
    private readonly retryAfterFailure: () => Promise<void>,
  ) {}

  /** Start from the oldest event the log still holds; earlier ones are reported as lost. */
  start(capacity: number): void {
    this.feed = this.log.events$.subscribe((event) => {
      if (this.emitted.size < capacity) this.emitted.set(event.seq, preciseNow());
      this.kick();
    });
    this.kick();
  }

  /** Publish whatever is pending (after an event, an acknowledgement, a reconnect, a retry). */
  kick(): void {
    if (this.stopped || this.failed || this.offline) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  /**
   * Fill the window: every acknowledgement frees a slot at once (a sliding window, not page
   * by page), so one slow acknowledgement does not hold back the events behind it.
   */
  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && !this.failed && !this.offline) {
        const room = this.options.window - this.inFlight.length;
        if (room <= 0) break;
        const events = await this.nextPage(room);
        if (events.length === 0 || this.failed || this.stopped || this.offline) break;
        for (const event of events) this.dispatch(event);
      }
    } while (this.again && !this.stopped && !this.failed && !this.offline);
  }

  /** The connection dropped: hold everything until `online()`. */
  offlineNow(): void {
    this.offline = true;
  }

  /**
   * The connection is back: re-send from the acknowledged prefix at once rather than after
   * the lost publishes time out, so the stream receives the seqs in order (what the client
   * flushed on reconnect is dropped by msg id).
   */
  online(): void {
    for (const entry of this.inFlight) entry.abandoned = true;
    this.inFlight = [];
    this.unsettled = 0;
    this.failed = false;
    this.sent = this.acked;
    this.offline = false;
    this.kick();
  }

  /** The events after the newest sent; a range the ring dropped is reported first. */
  private async nextPage(limit: number): Promise<UiEvent[]> {
    try {
      return this.log.read({ after: this.sent, limit }).events;
    } catch (err) {
      if (!isUiError(err) || err.code !== 'cursor_expired') throw err;
      // With publishes in flight the cursor may still roll back to `acked`: decide once settled.
      if (this.inFlight.length > 0) return [];
      const oldest = this.log.oldestSeq;
      const gap: FleetGap = {
        node: this.options.node,
        epoch: this.options.epoch,
        from: this.acked + 1,
        to: oldest - 1,
        reason: 'buffer_overflow',
      };
      if (!(await this.publishGap(gap))) {
        this.counters.failures++;
        await this.retryAfterFailure();
        this.again = true;
        return [];
      }
      for (let seq = gap.from; seq <= gap.to; seq++) this.emitted.delete(seq);
      this.counters.lost += gap.to - gap.from + 1;
      this.counters.gaps++;
      this.acked = gap.to;
      this.sent = gap.to;
      return this.nextPage(limit);
    }
  }

  private async publishGap(gap: FleetGap): Promise<boolean> {
    const { node, epoch } = this.options;
    try {
      await this.js.publish(fleetSubjects.gap(node), encoder.encode(JSON.stringify(gap)), {
        // The range is in the id: a retry after a lost acknowledgement may name a longer one.
        msgID: `${node}.${epoch}.gap.${gap.from}-${gap.to}`,
        timeout: this.options.ackTimeoutMs,
      });
      return true;
    } catch {
      return false;
    }
  }

  private dispatch(event: UiEvent): void {
    const entry: InFlight = { seq: event.seq, state: 'pending' };
    this.inFlight.push(entry);
    this.unsettled++;
    this.sent = event.seq;
    this.publishOne(event).then(
      (ack) => {
        if (ack.duplicate) this.counters.duplicates++;
        this.settle(entry, 'ok');
      },
      () => this.settle(entry, 'failed'),
    );
  }

  /** The cursor advances over the acknowledged prefix; a failure rolls back once all settled. */
  private settle(entry: InFlight, state: 'ok' | 'failed'): void {
    if (entry.abandoned) return;
    entry.state = state;
    this.unsettled--;
    if (state === 'failed') this.failed = true;
    while (this.inFlight[0]?.state === 'ok') {
      const seq = (this.inFlight.shift() as InFlight).seq;
      this.acked = seq;
      this.emitted.delete(seq);
    }
    if (!this.failed) {
      this.kick();
      return;
    }
    if (this.unsettled === 0) void this.recover();
  }

  /** Re-send from the acknowledged prefix (the stream drops what it already holds by msg id). */
  private async recover(): Promise<void> {
    this.inFlight = [];
    this.sent = this.acked;
    this.counters.failures++;
    await this.retryAfterFailure();
    this.failed = false;
    this.kick();
  }

  private publishOne(event: UiEvent): Promise<PubAck> {
    const { node, epoch } = this.options;
    const h = headers();
    h.set(FLEET_HEADERS.node, node);
    h.set(FLEET_HEADERS.epoch, String(epoch));
    h.set(FLEET_HEADERS.seq, String(event.seq));
    h.set(FLEET_HEADERS.emitted, String(this.emitted.get(event.seq) ?? event.time));
    return this.js.publish(
      fleetSubjects.events(node, event.type),
      encoder.encode(JSON.stringify(event)),
      { msgID: `${node}.${epoch}.${event.seq}`, headers: h, timeout: this.options.ackTimeoutMs },
    );
  }

  stats(): PublisherStats {
    return { published: this.acked, ...this.counters };
  }

  /** Resolves once nothing is pending (or the deadline passed): for a clean stop. */
  async drain(deadlineMs: number): Promise<void> {
    const until = Date.now() + deadlineMs;
    while (!this.stopped && Date.now() < until && (this.pumping || this.acked < this.log.seq)) {
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): void {
    this.stopped = true;
    this.feed?.unsubscribe();
    this.feed = null;
  }
}
