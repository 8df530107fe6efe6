/**
 * Shown windows the X view lost, held open while they may come back (see unmapGrace.ts): their
 * last X windows (one destroyed closes at once) and the timer that judges them again.
 */
import { UNMAP_GRACE_MS, UnmapGrace, type UnmapVerdict } from '../x11/index.js';
import { Wakeups } from './atspiWakeups.js';

/** How often a withdrawn window held open is judged again (destroyed meanwhile: closed then). */
const RECHECK_MS = 25;
/** Longest an action's settle waits for a verdict (one comes within the grace while X runs). */
const JUDGED_WAIT_MS = UNMAP_GRACE_MS + 250;

export class WithdrawnWindows {
  private readonly grace = new UnmapGrace();
  /** The X window each listed window last matched. */
  private lastXid = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** Woken after each judgement. */
  private readonly judgements = new Wakeups();

  /** `recheck` is called RECHECK_MS after a judgement that left windows held. */
  constructor(
    private readonly exists: (xid: number) => boolean,
    private readonly recheck: () => void,
  ) {}

  /** Remember each listed window's X window; one unmatched now keeps the one it had. */
  noteXids(byXid: ReadonlyMap<number, string>, listed: readonly { id: string }[]): void {
    const xids = new Map([...byXid].map(([xid, id]) => [id, xid]));
    for (const { id } of listed) {
      const before = this.lastXid.get(id);
      if (!xids.has(id) && before !== undefined) xids.set(id, before);
    }
    this.lastXid = xids;
  }

  /** Judge the shown windows among `hidden`; while some are held, judge again soon. */
  judge(shown: ReadonlySet<string>, hidden: ReadonlySet<string>): UnmapVerdict {
    const missing = [...shown].filter((id) => hidden.has(id));
    const destroyed = (id: string): boolean => {
      const xid = this.lastXid.get(id);
      return xid !== undefined && !this.exists(xid);
    };
    const verdict = this.grace.judge(missing, performance.now(), destroyed);
    if (this.grace.holding && this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.recheck();
      }, RECHECK_MS);
      this.timer.unref();
    }
    this.judgements.wakeAll();
    return verdict;
  }

  /**
   * Wait, at most `limitMs`, until no window `mine` picks is held: an action that hid a window
   * (a Qt dialog's Close button) tells its changes once the window is judged closed.
   */
  untilJudged(mine: (id: string) => boolean, limitMs = JUDGED_WAIT_MS): Promise<void> {
    return this.judgements.whileHolds(() => this.grace.heldIds().some(mine), limitMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.grace.clear();
    this.judgements.wakeAll();
  }
}
