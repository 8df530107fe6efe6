import type { SchedulerLike, Subscription } from 'rxjs';
import type { TreeState } from './tree.js';

/** Longest a new window waits for its contents before it is announced anyway (partial). */
const OPENING_DEADLINE_MS = 5_000;

/**
 * One timer per window held unannounced (state.opening): when it fires, `expire` announces the
 * window with what is cached, so a window whose contents never arrive cannot hide forever.
 */
export class OpeningDeadlines {
  private readonly scheduled = new Set<string>();

  constructor(
    private readonly scheduler: SchedulerLike,
    /** Timers are added here so that stopping the store cancels them. */
    private readonly timers: Subscription,
    private readonly fetchTimeoutMs: number,
    private readonly expire: (windowRef: string) => void,
  ) {}

  /** Start a deadline for each opening window that has none yet. */
  schedule(state: TreeState): void {
    for (const win of state.opening) {
      const ref = win.window;
      if (ref === null || this.scheduled.has(ref)) continue;
      this.scheduled.add(ref);
      const deadline = Math.min(this.fetchTimeoutMs, OPENING_DEADLINE_MS);
      const timer = this.scheduler.schedule(() => {
        this.timers.remove(timer);
        this.scheduled.delete(ref);
        this.expire(ref);
      }, deadline);
      this.timers.add(timer);
    }
  }
}
