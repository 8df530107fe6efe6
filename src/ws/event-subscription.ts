/**
 * One `events.subscribe` subscription on one connection. Events are coalesced into one
 * notification per flush; while the connection is congested they are held, and when holding
 * them would pass the connection's byte cap they are dropped and reported as
 * `events.gap {from, to}` before anything newer, so nothing is silently lost.
 */
import type { UiEvent } from '../../protocol/src/index.js';
import { HeldSubscription } from './held-subscription.js';
import { Outbox } from './outbox.js';

export class EventSubscription extends HeldSubscription<UiEvent> {
  private gap: { from: number; to: number } | null = null;
  /** Newest seq delivered or reported as a gap. */
  lastSeq: number;

  constructor(
    readonly id: string,
    private readonly matches: (event: UiEvent) => boolean,
    out: Outbox,
    startSeq: number,
  ) {
    super(out);
    this.lastSeq = startSeq;
  }

  push(event: UiEvent): void {
    if (event.seq <= this.lastSeq || !this.matches(event)) return;
    this.lastSeq = event.seq;
    if (this.gap !== null) {
      this.gap.to = event.seq;
      return;
    }
    this.pending.push(event);
    this.pendingBytes += Outbox.sizeOf(event);
    // Past the cap the held events become a gap; one event alone is always allowed through.
    if (this.pending.length > 1 && this.out.overCap) {
      this.dropPending();
    }
  }

  private dropPending(): void {
    const first = this.pending[0];
    const last = this.pending[this.pending.length - 1];
    if (first !== undefined && last !== undefined) this.gap = { from: first.seq, to: last.seq };
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Send what can go now. `force` ignores congestion (used when the queue has drained). */
  override flush(): void {
    if (this.held) return;
    const queue = this.out.queue;
    if (this.gap !== null) {
      const frame = this.out.notification('events.gap', { subscription: this.id, ...this.gap });
      if (!queue.offer(frame)) return;
      this.gap = null;
    }
    if (this.pending.length === 0) return;
    // Congested: hold and coalesce until the queue drains.
    if (queue.congested) return;
    const frame = this.out.events(this.id, this.pending);
    if (queue.offer(frame)) {
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.dropPending();
    this.flush();
  }

  get hasPending(): boolean {
    return this.pending.length > 0 || this.gap !== null;
  }
}
