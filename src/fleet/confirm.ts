/**
 * When the publisher asks the stream whether it holds batches sent with no acknowledgement
 * asked, and what it makes of the answers. On a small VM each acknowledgement woke the node
 * a fraction of a millisecond after its publish, and those wakes were about half of what the
 * bridge cost an otherwise idle node; asked later, several batches' answers come in one wake.
 *
 * The questions go in the same write as a batch once the oldest unasked batch is `afterMs`
 * old, or from a timer at twice that when the node stays idle. The stream's duplicate window
 * answers them, so `afterMs` must stay well under it (the caller's choice; 0 turns the scheme
 * off). Answers that prove wrong switch it off for good: a batch said missing that the stream
 * then reports as a duplicate, or a question stored as a message.
 */
import type { StoredAnswer } from './acks.js';

export class Confirmations {
  /** 0: every batch asks for its acknowledgement as it is sent. */
  private afterMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** First seqs of batches the stream said it does not hold (re-sent with acknowledgement). */
  private readonly saidMissing = new Set<number>();
  /** First seqs whose question was stored as a message: re-sent under another msg id. */
  private readonly renamed = new Set<number>();

  constructor(afterMs: number) {
    this.afterMs = afterMs;
  }

  /** Whether stored-or-not may be asked at all (0: acknowledgements only). */
  get enabled(): boolean {
    return this.afterMs > 0;
  }

  /** Whether a batch goes with no acknowledgement asked: never a re-send. */
  later(resend: boolean): boolean {
    return this.enabled && !resend;
  }

  /** Whether the oldest unasked batch, sent at `oldestSentAt`, is due to be asked about. */
  due(oldestSentAt: number): boolean {
    return oldestSentAt <= Date.now() - this.afterMs;
  }

  /** Arm the idle timer (once): twice the delay, so a node that keeps sending asks first. */
  arm(ask: () => void): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      ask();
    }, 2 * this.afterMs);
  }

  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** What an answer means for the batch: held, or to be sent again. */
  outcome(first: number, answer: StoredAnswer): 'ok' | 'failed' {
    if (answer === 'stored') return 'ok';
    if (answer === 'missing') this.saidMissing.add(first);
    else {
      // The question was stored under the batch's msg id: a re-send needs another one.
      this.renamed.add(first);
      this.afterMs = 0;
    }
    return 'failed';
  }

  /** A re-send's acknowledgement: said missing, yet a duplicate, so the answers are wrong. */
  resent(first: number, duplicate: boolean): void {
    if (this.saidMissing.delete(first) && duplicate) this.afterMs = 0;
  }

  /** What a batch's msg id ends with: a renamed one is told apart from its stored question. */
  suffix(first: number): string {
    return this.renamed.has(first) ? '.r' : '';
  }
}
