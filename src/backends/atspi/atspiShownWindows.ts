/**
 * What the X server showed lately, for an action's settle: each top-level window it mapped
 * (when, whose, titled what), whether a desktop listing ever matched it to an accessible
 * window, and when it went. Java's bridge exposes a dialog after the X server mapped it, at
 * times hundreds of ms later: an action's settle waits for the windows mapped since the action
 * began until a listing holds them, and says which ones it waited for in vain (still unlisted at
 * its deadline, or gone before their app exposed them).
 */
import type { BackendEvent, ShownWindowsWait } from '../backend.js';
import type { XWindowView } from '../x11/index.js';
import type { Wakeups } from './atspiWakeups.js';

/** How long a window's record is kept after it went (the longest settle looks back less). */
const KEEP_MS = 30_000;

export interface Shown {
  xid: number;
  pid: number;
  title: string;
  mappedAt: number;
  goneAt?: number;
  listed: boolean;
  /** The accessible window a listing matched it to. */
  id?: string;
}

type ShownWait = Omit<ShownWindowsWait, 'pending'>;

export class ShownWindows {
  private readonly byXid = new Map<number, Shown>();

  /**
   * Record the X server's view now: new titled top-levels of known pids, and those gone.
   * Answers the windows gone now.
   */
  noteView(view: XWindowView, now = performance.now()): Shown[] {
    const gone: Shown[] = [];
    const mapped = new Set<number>();
    for (const w of view.windows) {
      if (w.popup || w.pid === undefined || w.title === '') continue;
      mapped.add(w.xid);
      const known = this.byXid.get(w.xid);
      if (known === undefined || known.goneAt !== undefined) {
        this.byXid.set(w.xid, {
          xid: w.xid,
          pid: w.pid,
          title: w.title,
          mappedAt: now,
          listed: false,
        });
      } else if (w.title !== '') known.title = w.title;
    }
    for (const [xid, shown] of this.byXid) {
      if (!mapped.has(xid) && shown.goneAt === undefined) {
        shown.goneAt = now;
        gone.push(shown);
      }
      if (shown.goneAt !== undefined && now - shown.goneAt > KEEP_MS) this.byXid.delete(xid);
    }
    return gone;
  }

  /** A listing matched these X windows to accessible windows. */
  noteListed(byXid: ReadonlyMap<number, string>): void {
    for (const [xid, id] of byXid) {
      const shown = this.byXid.get(xid);
      if (shown === undefined) continue;
      shown.listed = true;
      shown.id = id;
    }
  }

  /** Whether accessible window `id` was listed on screen lately (the last KEEP_MS). */
  wasListed(id: string): boolean {
    for (const shown of this.byXid.values()) if (shown.id === id) return true;
    return false;
  }

  /**
   * Wait, at most `limitMs`, until the windows process `pid` mapped since `since` are listed or
   * gone, looking again at each listing; resolves with what was waited for and how many were
   * pending when it began.
   */
  async untilListed(
    pid: number,
    since: number,
    limitMs: number,
    listings: Wakeups,
  ): Promise<ShownWindowsWait> {
    const pending = this.since(pid, since).pending.length;
    if (pending > 0) {
      await listings.whileHolds(() => this.since(pid, since).pending.length > 0, limitMs);
    }
    return { ...this.since(pid, since).wait, pending };
  }

  /** The windows of process `pid` mapped since `since`, sorted out as a settle reports them. */
  since(pid: number, since: number): { pending: number[]; wait: ShownWait } {
    const wait: ShownWait = { listed: [], unlisted: [], unexposed: [] };
    const pending: number[] = [];
    for (const shown of this.byXid.values()) {
      if (shown.pid !== pid || shown.mappedAt < since) continue;
      const title = shown.title;
      if (shown.listed) wait.listed.push(title);
      else if (shown.goneAt !== undefined) wait.unexposed.push(title);
      else {
        wait.unlisted.push(title);
        pending.push(shown.xid);
      }
    }
    return { pending, wait };
  }
}

/**
 * The bridge's own signals for a destroyed window, as the X server's unmap would tell them, for a
 * window that was listed on screen: closed first (`unmapped`: the cache announces a window it
 * still held back, since it was on screen, then closes it), then its removal from the desktop.
 * A Swing dialog that closes itself within a few hundred ms is often destroyed before its
 * contents were read; removed first, it closed as silently as if it had never shown.
 */
export function closeShownFirst(
  events: readonly BackendEvent[],
  wasShown: (id: string) => boolean,
): readonly BackendEvent[] {
  const closed = events.filter(
    (e) => e.type === 'window.closed' && e.unmapped !== true && wasShown(e.id),
  );
  if (closed.length === 0) return events;
  const first = closed.map((e) => ({ ...e, unmapped: true }) as BackendEvent);
  return [...first, ...events.filter((e) => !closed.includes(e))];
}
