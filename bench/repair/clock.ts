/**
 * Repair times per kind of change: from the app's change (it reports each tick once made, while
 * its events are dropped) until the cache shows that change or a later one. A tick the cache
 * shows before the app's report of it arrived counts as repaired at once.
 */
import { CHANGE_KINDS, type ChangeKind } from '../../scripts/harness/timerFixtures.js';

export class RepairClock {
  private readonly changedAt = new Map<number, number>();
  private readonly shown: Record<ChangeKind, number>;
  readonly lags: Record<ChangeKind, number[]> = { label: [], list: [], document: [] };
  /** The newest tick the app reported. */
  private newest = -1;

  constructor(shownAtStart: Record<ChangeKind, number>) {
    this.shown = { ...shownAtStart };
  }

  changed(tick: number): void {
    const now = performance.now();
    this.changedAt.set(tick, now);
    this.newest = Math.max(this.newest, tick);
    for (const kind of CHANGE_KINDS) if (this.shown[kind] >= tick) this.lags[kind].push(0);
  }

  cacheShows(shown: Record<ChangeKind, number>): void {
    const now = performance.now();
    for (const kind of CHANGE_KINDS) {
      const upTo = Math.min(shown[kind], this.newest);
      for (let t = this.shown[kind] + 1; t <= upTo; t++) {
        const at = this.changedAt.get(t);
        if (at !== undefined) this.lags[kind].push(now - at);
      }
      this.shown[kind] = Math.max(this.shown[kind], shown[kind]);
    }
  }

  /** Changes the app made that the cache never showed (nor a later one). */
  unrepaired(): number {
    let count = 0;
    for (const kind of CHANGE_KINDS) count += Math.max(0, this.newest - this.shown[kind]);
    return count;
  }
}

/** How late the app's own timer reported each tick after the one before (its period taken off). */
export class TimerLateness {
  readonly lateMs: number[] = [];
  private last: number | undefined;

  constructor(private readonly periodMs: number) {}

  tick(): void {
    const now = performance.now();
    if (this.last !== undefined) this.lateMs.push(Math.max(0, now - this.last - this.periodMs));
    this.last = now;
  }
}
