/**
 * How fresh a read is: the age of the oldest confirmation from the app behind it. A window is
 * confirmed when a read of its whole subtree lands (the initial sync, an event's re-fetch, the
 * reconcile, a `fresh` read); the top level when the desktop is re-listed. Events patch single
 * elements and confirm nothing else, so they do not count.
 */
import type { BackendId, BackendNode } from '../backends/backend.js';
import type { TreeState } from './tree.js';

export class Confirmations {
  /** Window id -> when a read of its whole subtree last landed. */
  private readonly windows = new Map<BackendId, number>();
  private syncedAt: number;
  private listedAt: number;

  constructor(private readonly now: () => number) {
    this.syncedAt = now();
    this.listedAt = this.syncedAt;
  }

  /** Record a fetch the cache just applied (`depth` absent: the whole subtree was read). */
  note(state: TreeState, nodes: readonly BackendNode[], depth: number | undefined): void {
    const top = nodes[0];
    if (top === undefined || state.root === null) return;
    const at = this.now();
    if (top.id === state.root.id) {
      this.listedAt = at;
      if (depth !== undefined) return;
      this.syncedAt = at;
      this.windows.clear();
      return;
    }
    const node = state.byId.get(top.id);
    if (depth === undefined && node !== undefined && state.isWindow(node))
      this.windows.set(top.id, at);
  }

  /**
   * Milliseconds since the oldest confirmation behind a read of these windows (by window ref);
   * null: the whole desktop (every window and the top level).
   */
  ageMs(state: TreeState, windowRefs: readonly string[] | null): number {
    let oldest = windowRefs === null ? this.listedAt : Infinity;
    const refs = windowRefs ?? [...state.windows.keys()];
    for (const ref of refs) {
      const win = state.windows.get(ref);
      if (win === undefined) continue;
      oldest = Math.min(oldest, this.windows.get(win.id) ?? this.syncedAt);
    }
    if (oldest === Infinity) oldest = this.listedAt;
    return Math.max(0, this.now() - oldest);
  }

  /** Forget windows no longer in the cache. */
  prune(state: TreeState): void {
    for (const id of this.windows.keys()) if (!state.byId.has(id)) this.windows.delete(id);
  }
}
