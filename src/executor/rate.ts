/**
 * The per-client action rate: a token bucket per client, so one client cannot flood the
 * desktop. (Who may act at all is the access policy's to say: src/policy/access.ts.)
 */
import { UiError } from '../errors.js';

export interface RateConfig {
  /** Sustained actions per second per client; bursts up to one second's worth. */
  rateLimitPerSec: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Client buckets kept before full ones are pruned (clients come and go). */
const MAX_BUCKETS = 10_000;

export class ActionRateLimit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly config: RateConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take one token from the client's bucket, or refuse with `rate_limited`. */
  checkRate(clientId: string): void {
    const capacity = Math.max(1, this.config.rateLimitPerSec);
    const now = this.now();
    const bucket = this.buckets.get(clientId) ?? { tokens: capacity, at: now };
    const refilled = Math.min(
      capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this.config.rateLimitPerSec,
    );
    if (refilled < 1) {
      this.buckets.set(clientId, { tokens: refilled, at: now });
      const retryAfterMs = Math.ceil(((1 - refilled) / this.config.rateLimitPerSec) * 1000);
      throw new UiError('rate_limited', `client ${clientId} exceeds its action rate`, {
        details: { limitPerSec: this.config.rateLimitPerSec, retryAfterMs },
      });
    }
    this.buckets.set(clientId, { tokens: refilled - 1, at: now });
    if (this.buckets.size > MAX_BUCKETS) this.pruneFull(now, capacity);
  }

  /** Drop buckets that have refilled completely: they hold nothing a new bucket would not. */
  private pruneFull(now: number, capacity: number): void {
    for (const [client, bucket] of this.buckets) {
      const tokens = bucket.tokens + ((now - bucket.at) / 1000) * this.config.rateLimitPerSec;
      if (tokens >= capacity) this.buckets.delete(client);
    }
  }

  /** Clients with a rate bucket held (a diagnostic). */
  get rateClients(): number {
    return this.buckets.size;
  }

  /** Forget a client's bucket (on disconnect). */
  forget(clientId: string): void {
    this.buckets.delete(clientId);
  }
}
