/**
 * Shown windows the X view lost, held open while they may come back (see unmapGrace.ts): their
 * last X windows (one destroyed closes at once) and the timer that judges them again. The app is
 * asked once about each held window (atspiWindowShown.ts): one it hid (Qt hides a dialog closed
 * by its Close button; X alone cannot tell that from GTK 4's withdraw and re-map after start) or
 * no longer has closes at once, without the grace.
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
  /** Held windows whose app was asked whether it still shows them. */
  private readonly asked = new Set<string>();
  /** Held windows their app says it hid: closed at the next judgement. */
  private readonly hiddenByApp = new Set<string>();

  /**
   * `recheck` is called RECHECK_MS after a judgement that left windows held, and at once when
   * `appShows` (the app's own word, undefined when it did not answer) says a held one is hidden.
   */
  constructor(
    private readonly exists: (xid: number) => boolean,
    private readonly recheck: () => void,
    private readonly appShows: (id: string) => Promise<boolean | undefined> = () =>
      Promise.resolve(undefined),
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
      return (xid !== undefined && !this.exists(xid)) || this.hiddenByApp.has(id);
    };
    const verdict = this.grace.judge(missing, performance.now(), destroyed);
    this.askAbout(verdict.held);
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

  /** Ask the app once about each newly held window; forget the ones no longer held. */
  private askAbout(held: readonly string[]): void {
    const now = new Set(held);
    for (const id of [...this.asked]) if (!now.has(id)) this.asked.delete(id);
    for (const id of [...this.hiddenByApp]) if (!now.has(id)) this.hiddenByApp.delete(id);
    for (const id of held) {
      if (this.asked.has(id)) continue;
      this.asked.add(id);
      void this.appShows(id).then((shows) => {
        if (shows !== false || !this.asked.has(id)) return;
        this.hiddenByApp.add(id);
        this.recheck();
      });
    }
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
    this.asked.clear();
    this.hiddenByApp.clear();
    this.judgements.wakeAll();
  }
}
