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
 * it instead of storing it twice. Its life is the state machine of publisher-state.ts.
 */
import type { Subscription } from 'rxjs';
import type { FleetGap, UiEvent } from '../../protocol/src/index.js';
import { fleetSubjects } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';
import { isUiError } from '../errors.js';
import type { StreamWriter } from './acks.js';
import { batchHeaders, encodeBatch, preciseNow, publishGap } from './batch.js';
import { nextState, PublisherState, type PublisherInput } from './publisher-state.js';
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

/** What a publisher that sent nothing yet reports. */
export function noPublisherStats(): PublisherStats {
  return { published: 0, duplicates: 0, lost: 0, gaps: 0, failures: 0, batches: 0 };
}

/** A page of the log after the cursor, or `expired` when the ring dropped some of it. */
type Page = UiEvent[] | 'expired';

export class EventPublisher {
  private readonly w = new BatchWindow();
  private readonly batchSubject: string;
  /** Questions go apart from batches: the stream's dedup is by msg id, whatever the subject. */
  private readonly askSubject: string;
  private current = PublisherState.Idle;
  /** A pump is due in a microtask. */
  private scheduled = false;
  /** Which gap report is current: one left behind by a reconnect stops at its next step. */
  private gapRun = 0;
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
    this.batchSubject = fleetSubjects.batch(options.node);
    this.askSubject = fleetSubjects.stored(options.node);
  }

  get state(): PublisherState {
    return this.current;
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

  /** The one place the state changes. */
  private on(input: PublisherInput): PublisherState {
    this.current = nextState(this.current, input);
    return this.current;
  }

  /**
   * Publish what is pending (after an event, an acknowledgement, a reconnect, a retry) in a
   * microtask, so events raised in one go leave as one batch rather than the first alone and
   * the rest apart (twice the publishes and acknowledgements). Not setImmediate: that waits
   * behind other work of the same process, which would delay every event.
   */
  kick(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Fill the window with what the log produced since the newest batch sent. */
  private pump(): void {
    while (this.current === PublisherState.Idle && this.w.size < this.options.window) {
      const page = this.nextPage();
      if (page === 'expired') {
        // With publishes in flight the cursor may still roll back: decide once they settled.
        if (this.w.size === 0 && this.on('expired') === PublisherState.Gap) void this.fillGap();
        return;
      }
      if (page.length === 0) return;
      this.dispatch(page);
    }
  }

  private nextPage(): Page {
    try {
      const limit = this.w.limit(this.options.maxBatchEvents);
      return this.log.read({ after: this.w.sent, limit }).events;
    } catch (err) {
      if (!isUiError(err) || err.code !== 'cursor_expired') throw err;
      return 'expired';
    }
  }

  /** The connection dropped: hold everything until `online()`. */
  offlineNow(): void {
    this.on('disconnected');
  }

  /**
   * The connection is back: re-send from the acknowledged prefix at once rather than after
   * the lost publishes time out, so the stream receives the seqs in order (what the client
   * flushed on reconnect is dropped by msg id).
   */
  online(): void {
    this.w.abandon();
    this.on('reconnected');
    this.kick();
  }

  /**
   * The ring moved past the cursor. Batches sent before an outage may have reached the stream
   * although unacknowledged: those it holds count as acknowledged, so the gap starts after them.
   */
  private async fillGap(): Promise<void> {
    const run = ++this.gapRun;
    const current = (): boolean => this.current === PublisherState.Gap && run === this.gapRun;
    for (let range = this.w.nextResend(); range !== undefined; range = this.w.nextResend()) {
      const answer = await this.js
        .stored(this.askSubject, this.msgID(range), this.options.ackTimeoutMs)
        .catch(() => 'unknown');
      if (!current() || answer !== 'stored') break;
      this.w.ackResend();
    }
    if (!current()) return;
    if (this.w.acked + 1 >= this.log.oldestSeq) this.w.skipTo(this.w.acked);
    else if (!(await this.reportGap(this.log.oldestSeq - 1))) {
      this.counters.failures++;
      await this.retryAfterFailure();
    }
    if (!current()) return;
    this.on('gapDone');
    this.kick();
  }

  /** Report the events after the acknowledged prefix up to `to` as lost; false: not sent. */
  private async reportGap(to: number): Promise<boolean> {
    const { node, epoch } = this.options;
    const gap: FleetGap = { node, epoch, from: this.w.acked + 1, to, reason: 'buffer_overflow' };
    if (!(await publishGap(this.js, gap, this.options.ackTimeoutMs))) return false;
    this.counters.lost += gap.to - gap.from + 1;
    this.counters.gaps++;
    this.w.skipTo(gap.to);
    return true;
  }

  private dispatch(events: UiEvent[]): void {
    const first = (events[0] as UiEvent).seq;
    const body = encodeBatch(events, this.emitted, this.options.maxBatchBytes);
    const entry = this.w.add(first, body.last);
    const { node, epoch } = this.options;
    this.js
      .publish(this.batchSubject, body.data, {
        msgID: this.msgID(entry),
        headers: batchHeaders(node, epoch, first, body),
        timeout: this.options.ackTimeoutMs,
      })
      .then(
        (ack) => {
          if (ack.duplicate) this.counters.duplicates++;
          this.settle(entry, 'ok');
        },
        () => this.settle(entry, 'failed'),
      );
  }

  /** The cursor advances over the acknowledged prefix; a failure rolls back once all settled. */
  private settle(entry: InFlight, outcome: 'ok' | 'failed'): void {
    if (!this.w.settle(entry, outcome)) return;
    if (outcome === 'failed') this.on('failed');
    else this.counters.batches++;
    if (this.current !== PublisherState.Failed) {
      this.kick();
      return;
    }
    if (this.w.unsettled === 0 && this.on('settled') === PublisherState.Recovering) {
      void this.recover();
    }
  }

  /** Re-send from the acknowledged prefix (the stream drops what it already holds by msg id). */
  private async recover(): Promise<void> {
    this.w.rewind();
    this.counters.failures++;
    await this.retryAfterFailure();
    this.on('retried');
    this.kick();
  }

  private msgID({ first, last }: Range): string {
    const { node, epoch } = this.options;
    return `${node}.${epoch}.${first}-${last}`;
  }

  stats(): PublisherStats {
    return { ...this.counters, published: this.w.acked };
  }

  /** Resolves once everything the log holds is acknowledged (or the deadline passed). */
  async drain(deadlineMs: number): Promise<void> {
    const until = Date.now() + deadlineMs;
    while (this.current !== PublisherState.Stopped && Date.now() < until) {
      if (this.w.acked >= this.log.seq) return;
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): void {
    this.on('stop');
    this.feed?.unsubscribe();
    this.feed = null;
  }
}
