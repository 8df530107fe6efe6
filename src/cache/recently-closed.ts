/**
 * A window the window system unmapped while a listing raced its close. Java's bridge lists a
 * dialog late, and a Swing dialog that closes itself 400 ms on is often unmapped about when a
 * listing holding it is read, in either order for the cache:
 * - the unmap comes first (an id the cache does not hold), then the listing adds the window;
 * - the listing adds it, held unannounced until its contents are read (opening.ts), and the
 *   next listing drops it silently before the unmap arrives.
 * Either way it was on screen, and nothing told that it opened. Each side is remembered so that
 * the other tells it opened (partial) and closed, and an action spanning both names it in both.
 * An unmap that only confirms a close already told (the app's own listing dropped the window
 * first) is not remembered: Qt shows a hidden dialog again under the same id, and a listing
 * bringing it back must not close it.
 * Bounded in count and in time (a close only explains a listing read about when it happened):
 * the time is the store's clock, handed to each reducer step, which reads none itself.
 */
import type { WindowInfo } from '../../protocol/src/index.js';
import type { BackendId } from '../backends/backend.js';

/** Entries remembered at most, each way; the oldest are forgotten first. */
export const RECENTLY_CLOSED_LIMIT = 32;
/** How long an entry is remembered: past the slowest listing a close can race (a fetch's bound). */
export const RECENTLY_CLOSED_MS = 5_000;

class Recent<T> {
  private readonly entries = new Map<BackendId, { at: number; value: T }>();

  get size(): number {
    return this.entries.size;
  }

  note(id: BackendId, at: number, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, { at, value });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= RECENTLY_CLOSED_LIMIT) break;
      this.entries.delete(oldest);
    }
  }

  /** The entries still in bound at `now` that `matches`, each answered once; stale ones go. */
  take(now: number, matches: (id: BackendId) => boolean): { id: BackendId; value: T }[] {
    const taken: { id: BackendId; value: T }[] = [];
    for (const [id, entry] of this.entries) {
      if (now - entry.at > RECENTLY_CLOSED_MS) this.entries.delete(id);
      else if (matches(id)) {
        this.entries.delete(id);
        taken.push({ id, value: entry.value });
      }
    }
    return taken;
  }
}

export class RecentlyClosed {
  /** The store's clock at the current reducer step (ms). */
  now = 0;
  private readonly unmapped = new Recent<true>();
  private readonly dropped = new Recent<WindowInfo>();
  private readonly told = new Recent<true>();

  /** Windows remembered for a listing or an unmap still to come (not the closes told). */
  get size(): number {
    return this.unmapped.size + this.dropped.size;
  }

  /** The cache told the window `id` closed. */
  noteToldClosed(id: BackendId): void {
    this.told.note(id, this.now, true);
  }

  /** Whether the cache told the window `id` closed lately (answered once). */
  takeToldClosed(id: BackendId): boolean {
    if (this.told.size === 0) return false;
    return this.told.take(this.now, (other) => other === id).length > 0;
  }

  /** The window `id`, which the cache does not hold, was unmapped. */
  noteUnmapped(id: BackendId): void {
    this.unmapped.note(id, this.now, true);
  }

  /** Unmapped windows that `listed` now holds, each answered once. */
  takeUnmapped(listed: (id: BackendId) => boolean): BackendId[] {
    if (this.unmapped.size === 0) return [];
    return this.unmapped.take(this.now, listed).map((e) => e.id);
  }

  /** A listing dropped the window `id` while it was held unannounced. */
  noteDropped(id: BackendId, window: WindowInfo): void {
    this.dropped.note(id, this.now, window);
  }

  /** The window as it was when a listing dropped it unannounced, if it was lately. */
  takeDropped(id: BackendId): WindowInfo | undefined {
    if (this.dropped.size === 0) return undefined;
    return this.dropped.take(this.now, (other) => other === id)[0]?.value;
  }
}
