/**
 * What every subscription shares: items it holds back (until its subscribe answer has gone out,
 * or while the connection is congested), counted against the connection's byte cap.
 */
import type { Outbox } from './outbox.js';

export abstract class HeldSubscription<T> {
  protected pending: T[] = [];
  /** True until release(): nothing is sent before the subscribe answer. */
  protected held = true;
  private heldBytes = 0;

  constructor(protected readonly out: Outbox) {}

  /** Bytes this subscription holds, kept in step with the connection's total. */
  protected set pendingBytes(bytes: number) {
    this.out.held += bytes - this.heldBytes;
    this.heldBytes = bytes;
  }

  protected get pendingBytes(): number {
    return this.heldBytes;
  }

  /** Stop: give back what it held. */
  dispose(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** The subscribe answer went out: deliver from now on. */
  release(): void {
    this.held = false;
    this.flush();
  }

  /** Send what is pending, if the connection can take it. */
  abstract flush(): void;
}
