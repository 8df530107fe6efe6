/**
 * What the X server showed lately, for an action's settle: each top-level window it mapped
 * (when, whose, titled what), whether a desktop listing ever matched it to an accessible
 * window, and when it went. Java's bridge exposes a dialog after the X server mapped it, at
 * times hundreds of ms later: an action's settle waits for the windows mapped since the action
 * began until a listing holds them, and says which ones it waited for in vain (still unlisted at
 * its deadline, or gone before their app exposed them).
 */
import type { ShownWindowsWait } from '../backend.js';
import type { XWindowView } from '../x11/index.js';
import type { Wakeups } from './atspiWakeups.js';

/** How long a window's record is kept after it went (the longest settle looks back less). */
const KEEP_MS = 30_000;

interface Shown {
  xid: number;
  pid: number;
  title: string;
  mappedAt: number;
  goneAt?: number;
  listed: boolean;
}

type ShownWait = ShownWindowsWait;

export class ShownWindows {
  private readonly byXid = new Map<number, Shown>();

  /** Record the X server's view now: new titled top-levels of known pids, and those gone. */
  noteView(view: XWindowView, now = performance.now()): void {
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
      if (!mapped.has(xid) && shown.goneAt === undefined) shown.goneAt = now;
      if (shown.goneAt !== undefined && now - shown.goneAt > KEEP_MS) this.byXid.delete(xid);
    }
  }

  /** A listing matched these X windows to accessible windows. */
  noteListed(xids: Iterable<number>): void {
    for (const xid of xids) {
      const shown = this.byXid.get(xid);
      if (shown !== undefined) shown.listed = true;
    }
  }

  /**
   * Wait, at most `limitMs`, until the windows process `pid` mapped since `since` are listed or
   * gone, looking again at each listing; resolves with what was waited for.
   */
  async untilListed(
    pid: number,
    since: number,
    limitMs: number,
    listings: Wakeups,
  ): Promise<ShownWait> {
    await listings.whileHolds(() => this.since(pid, since).pending.length > 0, limitMs);
    return this.since(pid, since).wait;
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
