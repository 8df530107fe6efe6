/**
 * The safety gate, configured once at start: read-only mode, the deny list of apps, and a
 * per-client rate limit. Dry-run is decided here too, so every action asks one place.
 */
import { UiError } from '../errors.js';

export interface SafetyConfig {
  readOnly: boolean;
  dryRun: boolean;
  /** App names (case-insensitive) or pids (as decimal strings) no action may touch. */
  denyApps: readonly string[];
  /** Sustained actions per second per client; bursts up to one second's worth. */
  rateLimitPerSec: number;
}

/** The app a target belongs to, as far as the cache knows it. */
export interface TargetOwner {
  app?: string | undefined;
  pid?: number | undefined;
  window?: string | null | undefined;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Client buckets kept before full ones are pruned (clients come and go). */
const MAX_BUCKETS = 10_000;

/** Methods that only read and therefore stay allowed in read-only mode. */
const READ_METHODS: ReadonlySet<string> = new Set(['actions.waitFor']);

export class SafetyGate {
  private readonly buckets = new Map<string, Bucket>();
  private readonly denied: ReadonlySet<string>;

  constructor(
    private readonly config: SafetyConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.denied = new Set(config.denyApps.map((a) => a.trim().toLowerCase()));
  }

  /** True when the action must only be validated and resolved. */
  isDryRun(requested: boolean): boolean {
    return this.config.dryRun || requested;
  }

  /** Refuse a changing method in read-only mode. */
  checkReadOnly(method: string): void {
    if (this.config.readOnly && !READ_METHODS.has(method)) {
      throw new UiError('read_only', `${method} is refused: the server runs read-only`, {
        details: { method },
      });
    }
  }

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

  /** True when a deny list is configured (so callers can skip looking up owners). */
  get hasDenyList(): boolean {
    return this.denied.size > 0;
  }

  /** Refuse a target whose app or pid is on the deny list. */
  checkTarget(owner: TargetOwner): void {
    if (this.denied.size === 0) return;
    const app = owner.app?.toLowerCase();
    const pid = owner.pid === undefined ? undefined : String(owner.pid);
    const hit =
      (app !== undefined && this.denied.has(app) ? owner.app : undefined) ??
      (pid !== undefined && this.denied.has(pid) ? pid : undefined);
    if (hit !== undefined) {
      throw new UiError('forbidden_target', `actions on ${hit} are forbidden on this server`, {
        details: { app: owner.app, pid: owner.pid, window: owner.window },
      });
    }
  }

  /** Forget a client's bucket (on disconnect). */
  forget(clientId: string): void {
    this.buckets.delete(clientId);
  }
}
