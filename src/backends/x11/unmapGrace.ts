/**
 * When a window the X server stopped showing counts as closed. A shown window whose X window was
 * destroyed is closed at once. One whose X window still exists may only be withdrawn for a
 * moment: GTK 4 withdraws and maps its top-level again soon after start (the window manager
 * then unmanages and manages it anew, 10-600 ms apart under load), while the accessible window
 * and its elements live on. Closing it at once dropped its whole subtree from the cache until a
 * re-list of its app brought it back (new refs), so a locator that matched an on-screen element
 * a moment before matched nothing. Such a window is held open for `graceMs`, and closes only if
 * no X window matches it by then (a Qt dialog hidden by its Close button).
 */

/** How long a withdrawn window that still exists is held open. */
export const UNMAP_GRACE_MS = 250;

export interface UnmapVerdict {
  /** Windows closed now: their X window is destroyed, or the grace is over. */
  closed: string[];
  /** Windows held open a while longer. */
  held: string[];
}

export class UnmapGrace {
  /** Held windows: when the X view was first seen without them. */
  private readonly since = new Map<string, number>();

  constructor(private readonly graceMs = UNMAP_GRACE_MS) {}

  /**
   * Judge the shown windows no X window matches now (`missing`); every window not among them
   * is on screen again and no longer held. `destroyed` tells whether a window's X window is gone
   * for good.
   */
  judge(missing: readonly string[], now: number, destroyed: (id: string) => boolean): UnmapVerdict {
    const still = new Set(missing);
    for (const id of this.since.keys()) if (!still.has(id)) this.since.delete(id);
    const verdict: UnmapVerdict = { closed: [], held: [] };
    for (const id of still) {
      const first = this.since.get(id) ?? now;
      if (now - first >= this.graceMs || destroyed(id)) {
        this.since.delete(id);
        verdict.closed.push(id);
      } else {
        this.since.set(id, first);
        verdict.held.push(id);
      }
    }
    return verdict;
  }

  /** The windows held now. */
  heldIds(): string[] {
    return [...this.since.keys()];
  }

  /** Whether any window is held (it must be judged again, before its grace is over). */
  get holding(): boolean {
    return this.since.size > 0;
  }

  clear(): void {
    this.since.clear();
  }
}
