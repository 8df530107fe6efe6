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
 *
 * With `confirmAfterMs` set, a batch goes with no acknowledgement asked and the stream is asked
 * later whether it holds it (see confirm.ts; also when the window is full or before a stop). A
 * batch it does not hold fails as an unacknowledged one did: everything from the acknowledged
 * prefix is sent again, each re-send asking for its acknowledgement. Events leave at once.
 */
import type { Subscription } from 'rxjs';
import type { FleetGap, UiEvent } from '../../protocol/src/index.js';
import { fleetSubjects } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';
import { isUiError } from '../errors.js';
import type { StreamWriter } from './acks.js';
import { type BatchBody, batchHeaders, encodeBatch, preciseNow, publishGap } from './batch.js';
import { Confirmations } from './confirm.js';
import { BatchWindow, type InFlight, type Range } from './window.js';

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
  /** Ask whether the stream holds batches this old (see confirm.ts); 0: acknowledge each. */
  confirmAfterMs: number;
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
  /** Questions whether the stream holds a batch sent with no acknowledgement asked. */
  asked: number;
}

export { preciseNow };

/** What a publisher that sent nothing yet reports. */
export function noPublisherStats(): PublisherStats {
  return { published: 0, duplicates: 0, lost: 0, gaps: 0, failures: 0, batches: 0, asked: 0 };
}

export class EventPublisher {
  private readonly w = new BatchWindow();
  private readonly confirm: Confirmations;
  private readonly batchSubject: string;
  /** Questions go apart from batches: the stream's dedup is by msg id, whatever the subject. */
  private readonly askSubject: string;
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
  private feed: Subscription | null = null;
  /**
   * When each event left the log, for the batch's `emitted`, by seq modulo the log's capacity:
   * a slot is only read for an event the log still holds, so no newer seq has taken it.
   */
  private emitted = new Float64Array(0);
  private readonly counters = noPublisherStats();
  constructor(
    private readonly js: StreamWriter,
    private readonly log: EventLog,
    private readonly options: PublisherOptions,
    /** Resolves when it is worth trying again after a failed publish. */
    private readonly retryAfterFailure: () => Promise<void>,
  ) {
    this.confirm = new Confirmations(options.confirmAfterMs);
    this.batchSubject = fleetSubjects.batch(options.node);
    this.askSubject = fleetSubjects.stored(options.node);
  }

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
        if (this.w.size >= this.options.window) {
          this.confirmSent();
          break;
        }
        const events = await this.nextPage();
        if (events.length === 0 || this.failed || this.stopped || this.offline) break;
        this.dispatch(events);
        // Writing anyway: batches sent long enough ago are asked about in the same write.
        if (this.confirm.due(this.w.oldestUnasked())) this.confirmSent();
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
    this.confirm.clear();
    this.w.abandon();
    this.failed = false;
    this.offline = false;
    this.kick();
  }

  /** The events after the newest sent; a range the ring dropped is reported first. */
  private async nextPage(): Promise<UiEvent[]> {
    try {
      const limit = this.w.limit(this.options.maxBatchEvents);
      return this.log.read({ after: this.w.sent, limit }).events;
    } catch (err) {
      if (!isUiError(err) || err.code !== 'cursor_expired') throw err;
      // With publishes in flight the cursor may still roll back to `acked`: decide once settled.
      if (this.w.size > 0) return [];
      await this.ackStoredResends();
      if (this.w.acked + 1 >= this.log.oldestSeq) this.w.skipTo(this.w.acked);
      else if (!(await this.reportGap(this.log.oldestSeq - 1))) return [];
      return this.nextPage();
    }
  }

  /** Report the events after the acknowledged prefix up to `to` as lost; false: try later. */
  private async reportGap(to: number): Promise<boolean> {
    const { node, epoch } = this.options;
    const gap: FleetGap = { node, epoch, from: this.w.acked + 1, to, reason: 'buffer_overflow' };
    if (!(await publishGap(this.js, gap, this.options.ackTimeoutMs))) {
      this.counters.failures++;
      await this.retryAfterFailure();
      this.again = true;
      return false;
    }
    this.counters.lost += gap.to - gap.from + 1;
    this.counters.gaps++;
    this.w.skipTo(gap.to);
    return true;
  }

  /**
   * Batches sent before an outage whose events the ring has since dropped may have reached the
   * stream before it: those it holds count as acknowledged, so the gap starts after them.
   */
  private async ackStoredResends(): Promise<void> {
    for (let range = this.w.nextResend(); range !== undefined; range = this.w.nextResend()) {
      if (!this.confirm.enabled) return;
      const answer = await this.js
        .stored(this.askSubject, this.msgID(range), this.options.ackTimeoutMs)
        .catch(() => 'unknown');
      if (answer !== 'stored') return;
      this.w.ackResend();
    }
  }

  private dispatch(events: UiEvent[]): void {
    const first = (events[0] as UiEvent).seq;
    const body = encodeBatch(events, this.emitted, this.options.maxBatchBytes);
    // A re-send always asks: the stream may have answered wrongly about it.
    const later = this.confirm.later(this.w.isResend(first));
    const entry = this.w.add(first, body.last, later ? 'sent' : 'pending');
    if (later) {
      this.js.send(this.batchSubject, body.data, {
        msgID: this.msgID(entry),
        headers: batchHeaders(this.options.node, this.options.epoch, first, body),
      });
      this.confirm.arm(() => this.confirmSent());
      return;
    }
    this.publishBatch(entry, body).then(
      (ack) => {
        if (ack.duplicate) this.counters.duplicates++;
        this.confirm.resent(first, ack.duplicate);
        this.settle(entry, 'ok');
      },
      () => this.settle(entry, 'failed'),
    );
  }

  /** Ask the stream about every batch sent with no acknowledgement asked. */
  private confirmSent(): void {
    this.confirm.clear();
    if (this.offline || this.stopped) return;
    for (const entry of this.w.unasked()) {
      entry.state = 'pending';
      this.counters.asked++;
      this.js.stored(this.askSubject, this.msgID(entry), this.options.ackTimeoutMs).then(
        (answer) => this.settle(entry, this.confirm.outcome(entry.first, answer)),
        () => this.settle(entry, 'failed'),
      );
    }
  }

  /** The cursor advances over the acknowledged prefix; a failure rolls back once all settled. */
  private settle(entry: InFlight, state: 'ok' | 'failed'): void {
    if (!this.w.settle(entry, state)) return;
    if (state === 'failed') {
      this.failed = true;
      // The rollback waits for every batch in flight: those not asked about yet are asked now.
      this.confirmSent();
    } else this.counters.batches++;
    if (!this.failed) {
      this.kick();
      return;
    }
    if (this.w.unsettled === 0) void this.recover();
  }

  /** Re-send from the acknowledged prefix (the stream drops what it already holds by msg id). */
  private async recover(): Promise<void> {
    this.w.rewind();
    this.counters.failures++;
    await this.retryAfterFailure();
    this.failed = false;
    this.kick();
  }

  private publishBatch(entry: InFlight, body: BatchBody): Promise<{ duplicate: boolean }> {
    const { node, epoch } = this.options;
    return this.js.publish(this.batchSubject, body.data, {
      msgID: this.msgID(entry),
      headers: batchHeaders(node, epoch, entry.first, body),
      timeout: this.options.ackTimeoutMs,
    });
  }

  private msgID({ first, last }: Range): string {
    const { node, epoch } = this.options;
    return `${node}.${epoch}.${first}-${last}${this.confirm.suffix(first)}`;
  }

  stats(): PublisherStats {
    return { ...this.counters, published: this.w.acked };
  }

  /** Resolves once nothing is pending (or the deadline passed): for a clean stop. */
  async drain(deadlineMs: number): Promise<void> {
    const until = Date.now() + deadlineMs;
    while (!this.stopped && Date.now() < until && (this.pumping || this.w.acked < this.log.seq)) {
      this.confirmSent();
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): void {
    this.stopped = true;
    this.confirm.clear();
    this.feed?.unsubscribe();
    this.feed = null;
  }
}
