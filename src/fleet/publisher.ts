/**
 * Event log -> JetStream. The publisher keeps one cursor into the cache's event log: the
 * newest seq the stream has acknowledged. Everything the log produced since the last flush
 * goes out as ONE message (a FleetBatch, bounded in events and bytes), so a busy node pays one
 * body, one set of headers and one acknowledgement per flush instead of per event. Batches go
 * with a sliding window of acknowledgements in flight (each acknowledgement frees a slot at
 * once, and the events that piled up meanwhile leave as the next batch), and the log's own ring
 * is the buffer while NATS is away (no second copy, memory bounded by the ring). When the ring
 * has moved past the cursor, the lost range is published as a gap record. Every batch carries
 * the node, its epoch and its first and last seq in headers, and `Nats-Msg-Id` =
 * node.epoch.first-last; a re-send keeps the bounds it was first sent with, so the stream drops
 * it instead of storing it twice.
 */
import type { Subscription } from 'rxjs';
import type { FleetGap, UiEvent } from '../../protocol/src/index.js';
import { fleetSubjects } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';
import { isUiError } from '../errors.js';
import type { StreamWriter } from './acks.js';
import { type BatchBody, batchHeaders, encodeBatch, preciseNow } from './batch.js';

export interface PublisherOptions {
  node: string;
  epoch: number;
  /** Batches awaiting acknowledgement at once. */
  window: number;
  /** How long one publish waits for its acknowledgement. */
  ackTimeoutMs: number;
  /** Most events in one batch. */
  maxBatchEvents: number;
  /** Most body bytes in one batch (a single larger event still goes, alone). */
  maxBatchBytes: number;
}

export interface PublisherStats {
  /** Newest seq acknowledged by the stream. */
  published: number;
  /** Batches the stream reported as duplicates (re-sent after a lost acknowledgement). */
  duplicates: number;
  /** Events lost because the log's ring moved past the cursor while NATS was away. */
  lost: number;
  gaps: number;
  failures: number;
  /** Batches acknowledged (published / batches is the mean batch size). */
  batches: number;
}

export { preciseNow };

const encoder = new TextEncoder();

interface Range {
  first: number;
  last: number;
}

/** One batch awaiting its acknowledgement, in the order sent. */
interface InFlight extends Range {
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
  /** A pump is due in a microtask. */
  private scheduled = false;
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
  /** Batches sent before a failure or reconnect: re-sent with the same bounds (same msg id). */
  private replay: Range[] = [];
  private feed: Subscription | null = null;
  /**
   * When each event left the log, for the batch's `emitted`, by seq modulo the log's capacity:
   * a slot is only read for an event the log still holds, so no newer seq has taken it.
   */
  private emitted = new Float64Array(0);
  private readonly counters = { duplicates: 0, lost: 0, gaps: 0, failures: 0, batches: 0 };

  constructor(
    private readonly js: StreamWriter,
    private readonly log: EventLog,
    private readonly options: PublisherOptions,
    /** Resolves when it is worth trying again after a failed publish. */
    private readonly retryAfterFailure: () => Promise<void>,
  ) {}

  /** Start from the oldest event the log still holds; earlier ones are reported as lost. */
  start(capacity: number): void {
    const emitted = new Float64Array(capacity);
    this.emitted = emitted;
    this.feed = this.log.events$.subscribe((event) => {
      emitted[event.seq % capacity] = preciseNow();
      this.kick();
    });
    this.kick();
  }

  /**
   * Publish what is pending (after an event, an acknowledgement, a reconnect, a retry) in a
   * microtask, so events raised in one go leave as one batch (pumping at the first event sent it
   * alone and the rest apart: twice the publishes and acknowledgements, each a wakeup). Not
   * setImmediate: behind other nodes' work in the same process that doubled the latency p50.
   */
  kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.startPump();
    });
  }

  private startPump(): void {
    if (this.stopped || this.failed || this.offline) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
      // A kick between the pump's last look and here would otherwise be lost.
      if (this.again) this.kick();
    });
  }

  /**
   * Fill the window: every acknowledgement frees a slot at once (a sliding window, not page
   * by page), and what the log produced meanwhile leaves as one batch.
   */
  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && !this.failed && !this.offline) {
        if (this.inFlight.length >= this.options.window) break;
        const events = await this.nextPage(this.batchLimit());
        if (events.length === 0 || this.failed || this.stopped || this.offline) break;
        this.dispatch(events);
      }
    } while (this.again && !this.stopped && !this.failed && !this.offline);
  }

  /** Events the next batch may take: a re-sent batch keeps its first bounds. */
  private batchLimit(): number {
    while (this.replay.length > 0 && (this.replay[0] as Range).first <= this.sent) {
      this.replay.shift();
    }
    const next = this.replay[0];
    const max = this.options.maxBatchEvents;
    if (next === undefined) return max;
    if (next.first === this.sent + 1) return Math.min(max, next.last - this.sent);
    return Math.min(max, next.first - 1 - this.sent);
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
    this.rewind();
    this.unsettled = 0;
    this.failed = false;
    this.offline = false;
    this.kick();
  }

  /** Back to the acknowledged prefix, keeping the bounds of what was in flight. */
  private rewind(): void {
    const ranges = this.inFlight.map(({ first, last }) => ({ first, last }));
    this.replay = [...ranges, ...this.replay.filter((r) => r.first > this.sent)];
    this.inFlight = [];
    this.sent = this.acked;
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
      this.counters.lost += gap.to - gap.from + 1;
      this.counters.gaps++;
      this.acked = gap.to;
      this.sent = gap.to;
      return this.nextPage(this.batchLimit());
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

  private dispatch(events: UiEvent[]): void {
    const first = (events[0] as UiEvent).seq;
    const body = encodeBatch(events, this.emitted, this.options.maxBatchBytes);
    const entry: InFlight = { first, last: body.last, state: 'pending' };
    this.inFlight.push(entry);
    this.unsettled++;
    this.sent = body.last;
    this.publishBatch(first, body).then(
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
    else this.counters.batches++;
    while (this.inFlight[0]?.state === 'ok') {
      this.acked = (this.inFlight.shift() as InFlight).last;
    }
    if (!this.failed) {
      this.kick();
      return;
    }
    if (this.unsettled === 0) void this.recover();
  }

  /** Re-send from the acknowledged prefix (the stream drops what it already holds by msg id). */
  private async recover(): Promise<void> {
    this.rewind();
    this.counters.failures++;
    await this.retryAfterFailure();
    this.failed = false;
    this.kick();
  }

  private publishBatch(first: number, body: BatchBody): Promise<{ duplicate: boolean }> {
    const { node, epoch } = this.options;
    return this.js.publish(fleetSubjects.batch(node), body.data, {
      msgID: `${node}.${epoch}.${first}-${body.last}`,
      headers: batchHeaders(node, epoch, first, body),
      timeout: this.options.ackTimeoutMs,
    });
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
