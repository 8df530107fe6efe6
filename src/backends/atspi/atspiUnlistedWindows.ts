/**
 * X windows a toolkit mapped before it exposed them: a dialog is on screen before its toolkit
 * exposes it (Swing's bridge adds it after the map, and the re-list the map caused comes back
 * without it). An action's settle waits for them (atspiWindowTruth.ts), and a listing that lacks
 * one for a known app re-lists the desktop again a little later, backing off, until a listing
 * holds it, it is unmapped or the tries run out: the app's own announcement may come late or
 * never, and nothing else would look again.
 */
import type { AccessibleTopLevel, XWindowView } from '../x11/index.js';

/** An X window mapped this recently and not yet listed is worth an action's wait. */
const YOUNG_MS = 2_000;
/**
 * Re-lists asked for one X window its app has not exposed yet, the first after this delay and
 * each next one after twice the last (25 ms ... 1.6 s): a few cheap calls each, bounded.
 */
const CHASE_FIRST_MS = 25;
const CHASE_TRIES = 7;

export class UnlistedWindows {
  /** When each mapped X window was first seen: only young unlisted ones are waited for. */
  private readonly firstSeen = new Map<number, number>();
  /** Re-lists asked so far for each X window no listing has matched yet. */
  private readonly chased = new Map<number, number>();
  private chaseTimer: NodeJS.Timeout | undefined;

  constructor(private readonly relist: () => void) {}

  stop(): void {
    clearTimeout(this.chaseTimer);
    this.chaseTimer = undefined;
  }

  /** The X view changed: note the windows first mapped now, forget the unmapped ones. */
  noteView(view: XWindowView, now: number): void {
    const mapped = new Set(view.windows.map((w) => w.xid));
    for (const xid of this.firstSeen.keys()) if (!mapped.has(xid)) this.firstSeen.delete(xid);
    for (const xid of this.chased.keys()) if (!mapped.has(xid)) this.chased.delete(xid);
    for (const xid of mapped) if (!this.firstSeen.has(xid)) this.firstSeen.set(xid, now);
  }

  /**
   * X windows mapped in the last YOUNG_MS, of a process with a window in `windows`, that no
   * listed accessible window matches: its toolkit maps before it exposes the window (Swing).
   */
  young(
    view: XWindowView,
    windows: readonly AccessibleTopLevel[],
    byXid: ReadonlyMap<number, string>,
  ): number[] {
    const pids = new Set(windows.map((w) => w.pid));
    const now = performance.now();
    return view.windows
      .filter(
        (x) =>
          !x.popup &&
          x.title !== '' &&
          x.pid !== undefined &&
          pids.has(x.pid) &&
          now - (this.firstSeen.get(x.xid) ?? 0) < YOUNG_MS &&
          !byXid.has(x.xid),
      )
      .map((x) => x.xid);
  }

  /** After a listing: re-list again later while it lacks a young X window (bounded). */
  chase(
    view: XWindowView,
    listed: readonly AccessibleTopLevel[],
    byXid: ReadonlyMap<number, string>,
  ): void {
    if (this.chaseTimer !== undefined) return;
    const missing = this.young(view, listed, byXid);
    for (const xid of this.chased.keys()) if (!missing.includes(xid)) this.chased.delete(xid);
    const tries = Math.min(...missing.map((xid) => this.chased.get(xid) ?? 0));
    if (missing.length === 0 || tries >= CHASE_TRIES) return;
    for (const xid of missing) this.chased.set(xid, (this.chased.get(xid) ?? 0) + 1);
    this.chaseTimer = setTimeout(
      () => {
        this.chaseTimer = undefined;
        this.relist();
      },
      CHASE_FIRST_MS * 2 ** tries,
    );
    this.chaseTimer.unref();
  }
}
