/**
 * Windows the window system unmapped before the cache held them. A listing read before such a
 * close can be applied after it (Java's bridge lists a dialog late, and a Swing dialog that
 * closes itself 400 ms on is often unmapped while that listing is in flight): the window it
 * brings is gone already, and a later re-list would drop it while it is still held unannounced,
 * so nothing ever told that it opened. Remembering the close lets the listing's step tell both.
 * Bounded in count and in time (a close only explains listings read about when it happened);
 * the time is the store's clock, handed to the reducer, which reads none itself.
 */
import type { BackendId } from '../backends/backend.js';

/** Closes remembered at most; the oldest are forgotten first. */
export const RECENTLY_CLOSED_LIMIT = 32;
/** How long a close is remembered: past the slowest listing a close can race (a fetch's bound). */
export const RECENTLY_CLOSED_MS = 5_000;

export class RecentlyClosed {
  private readonly closedAt = new Map<BackendId, number>();

  get size(): number {
    return this.closedAt.size;
  }

  /** Remember that the window `id`, unknown to the cache, was unmapped at `now`. */
  note(id: BackendId, now: number): void {
    this.closedAt.delete(id);
    this.closedAt.set(id, now);
    for (const oldest of this.closedAt.keys()) {
      if (this.closedAt.size <= RECENTLY_CLOSED_LIMIT) break;
      this.closedAt.delete(oldest);
    }
  }

  /**
   * The remembered closes still in bound at `now`, each answered once (forgotten as it is
   * taken); closes past the bound are forgotten.
   */
  take(now: number, matches: (id: BackendId) => boolean): BackendId[] {
    const taken: BackendId[] = [];
    for (const [id, at] of this.closedAt) {
      if (now - at > RECENTLY_CLOSED_MS) this.closedAt.delete(id);
      else if (matches(id)) {
        this.closedAt.delete(id);
        taken.push(id);
      }
    }
    return taken;
  }
}
