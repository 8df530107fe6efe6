/**
 * The publisher's bookkeeping of seqs: the acknowledged prefix, the newest seq handed to NATS,
 * the batches in flight in the order sent, and the ranges to send again (with the bounds they
 * were first sent with, so their msg ids repeat and the stream drops what it already holds).
 * Pure state: no NATS, no timers.
 */

export interface Range {
  first: number;
  last: number;
}

/** `pending`: its acknowledgement is awaited. */
export type BatchState = 'pending' | 'ok' | 'failed';

/** One batch in flight. */
export interface InFlight extends Range {
  state: BatchState;
  /** Sent before a reconnect that re-sends from the cursor: its outcome no longer counts. */
  abandoned?: true;
}

export class BatchWindow {
  /** Newest seq the stream acknowledged with every earlier one acknowledged too. */
  acked = 0;
  /** Newest seq handed to NATS (acknowledged or not). */
  sent = 0;
  /** Batches in flight whose outcome is not known yet. */
  unsettled = 0;
  private inFlight: InFlight[] = [];
  /** Batches sent before a failure or reconnect, to send again with the same bounds. */
  private replay: Range[] = [];

  get size(): number {
    return this.inFlight.length;
  }

  /** Events the next batch may take: a re-sent batch keeps its first bounds. */
  limit(max: number): number {
    while (this.replay.length > 0 && (this.replay[0] as Range).first <= this.sent) {
      this.replay.shift();
    }
    const next = this.replay[0];
    if (next === undefined) return max;
    if (next.first === this.sent + 1) return Math.min(max, next.last - this.sent);
    return Math.min(max, next.first - 1 - this.sent);
  }

  add(first: number, last: number): InFlight {
    const entry: InFlight = { first, last, state: 'pending' };
    this.inFlight.push(entry);
    this.unsettled++;
    this.sent = last;
    return entry;
  }

  /** Record an outcome and advance over the acknowledged prefix; false for an abandoned one. */
  settle(entry: InFlight, state: 'ok' | 'failed'): boolean {
    if (entry.abandoned) return false;
    entry.state = state;
    this.unsettled--;
    while (this.inFlight[0]?.state === 'ok') {
      this.acked = (this.inFlight.shift() as InFlight).last;
    }
    return true;
  }

  /** Back to the acknowledged prefix, keeping the bounds of what was in flight. */
  rewind(): void {
    const ranges = this.inFlight.map(({ first, last }) => ({ first, last }));
    this.replay = [...ranges, ...this.replay.filter((r) => r.first > this.sent)];
    this.inFlight = [];
    this.sent = this.acked;
  }

  /** A reconnect: what is in flight counts for nothing any more, and is sent again. */
  abandon(): void {
    for (const entry of this.inFlight) entry.abandoned = true;
    this.rewind();
    this.unsettled = 0;
  }

  /** The range to send again next, when it starts right after the acknowledged prefix. */
  nextResend(): Range | undefined {
    const next = this.replay[0];
    return next?.first === this.acked + 1 ? next : undefined;
  }

  /** The stream holds the next range to send again: acknowledged without sending it. */
  ackResend(): void {
    const range = this.replay.shift();
    if (range !== undefined) this.acked = range.last;
  }

  /** Everything up to `seq` is done with (delivered, or reported as lost). */
  skipTo(seq: number): void {
    this.acked = seq;
    this.sent = seq;
  }
}
