/**
 * Rate limit for re-fetches asked for on evidence of a lost structure event (reducer.ts): an
 * event about an element the cache does not hold under a parent it holds, or a children count
 * that disagrees with the cached children. During a fast update (a page filling a table) every
 * event of the burst can be such evidence, so per window the first one is re-read at once and
 * the rest wait until `gapMs` after it, merged: one re-read per distinct parent, and one of the
 * whole window instead once more than `maxHeld` parents wait. A flood costs one re-read of a
 * window per gap, not one per event.
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import type { BackendId } from '../backends/backend.js';
import type { FetchRequest } from './reducer.js';

/** Shortest time between two evidence re-reads of one window. */
export const EVIDENCE_GAP_MS = 250;
/** Distinct parents held per window before the whole window is re-read instead. */
const MAX_HELD = 8;

export class EvidenceLimiter {
  /** Window -> when its last evidence re-read was sent. */
  private readonly sentAt = new Map<BackendId, number>();
  /** Window -> requests waiting for the gap to pass, by fetch root. */
  private readonly held = new Map<BackendId, Map<BackendId, FetchRequest>>();
  private readonly timers = new Set<Subscription>();

  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly send: (request: FetchRequest) => void,
    private readonly gapMs = EVIDENCE_GAP_MS,
  ) {}

  /** Requests waiting for their window's gap to pass. */
  get pending(): number {
    let count = 0;
    for (const waiting of this.held.values()) count += waiting.size;
    return count;
  }

  offer(request: FetchRequest): void {
    const key = request.key;
    const waiting = this.held.get(key);
    if (waiting !== undefined) {
      this.hold(waiting, request);
      return;
    }
    const now = this.scheduler.now();
    const last = this.sentAt.get(key);
    if (last === undefined || now - last >= this.gapMs) {
      this.sentAt.set(key, now);
      this.send(request);
      return;
    }
    this.held.set(key, new Map([[request.id, request]]));
    const timer = this.scheduler.schedule(
      () => {
        this.timers.delete(timer);
        this.flush(key);
      },
      last + this.gapMs - now,
    );
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) timer.unsubscribe();
    this.timers.clear();
    this.held.clear();
  }

  private hold(waiting: Map<BackendId, FetchRequest>, request: FetchRequest): void {
    if (waiting.has(request.key) || waiting.has(request.id)) return;
    if (waiting.size < MAX_HELD) {
      waiting.set(request.id, request);
      return;
    }
    // Too many parents lost their events: one read of the window covers them all.
    waiting.clear();
    waiting.set(request.key, { id: request.key, key: request.key, evidence: true });
  }

  private flush(key: BackendId): void {
    const waiting = this.held.get(key);
    this.held.delete(key);
    if (waiting === undefined) return;
    this.sentAt.set(key, this.scheduler.now());
    for (const request of waiting.values()) this.send(request);
  }
}
