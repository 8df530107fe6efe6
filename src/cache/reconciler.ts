/**
 * The background reconcile: events are hints and some never come (a timer-driven label whose
 * toolkit sends nothing, a list filled while the bus was busy), so on a bounded schedule the
 * cache asks the backend to re-read part of the desktop and lets the keyed diff patch only what
 * differs. Each tick re-lists the top level, re-reads the focused (or foreground) window, and one
 * more visible window in turn, so a missed change in the window in use is repaired within about
 * one period, and in any visible window within one period per window.
 *
 * It never harms the target: one tick at a time, every read under its own deadline and never
 * retried, and the next tick waits until the reads of the last one used at most `duty` of the
 * time since (an app that answers slowly is asked less often). It never walks a platform API
 * itself: the re-reads are the backend's own bulk fetches, run by the store's fetch runner.
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { FETCH_FAILED } from './fetcher.js';
import type { FetchRequest } from './reducer.js';
import type { CachedNode, TreeState } from './tree.js';

/** What the reconcile did so far, for health and benchmarks. */
export interface ReconcileStats {
  /** Ticks run. */
  ticks: number;
  /** Window (and top-level) re-reads made. */
  checks: number;
  /** Re-reads that found the cache differing from the app. */
  drifted: number;
  /** Patches those re-reads applied. */
  repaired: number;
  /** Re-reads that failed or missed their deadline. */
  failed: number;
  /** Current wait between ticks (grows when the app is slow). */
  periodMs: number;
}

export interface ReconcilerOptions {
  periodMs: number;
  /** Greatest share of the time the reconcile's reads may keep the desktop busy. */
  duty: number;
  /** Deadline of one re-read. */
  deadlineMs: number;
  scheduler: SchedulerLike;
  state: TreeState;
  /** Re-read through the store (its patches count as drift); resolves with the patches applied
   * or FETCH_FAILED. */
  reread: (request: FetchRequest) => Promise<number>;
  /** Windows whose every change the backend reports (backend.eventComplete): not re-read. */
  eventComplete?: (windowId: string) => boolean;
}

/** Longest wait between two ticks, however slow the app. */
const MAX_PERIOD_MS = 60_000;

export class Reconciler {
  private timer: Subscription | undefined;
  private stopped = false;
  /** Round-robin position among the visible windows besides the focused one. */
  private cursor = 0;
  /** How long the last tick's reads took. */
  private busyMs = 0;
  /** Moving average of how long ticks' reads take. */
  private typicalBusyMs = 0;
  private readonly counts: ReconcileStats;

  constructor(private readonly options: ReconcilerOptions) {
    this.counts = {
      ticks: 0,
      checks: 0,
      drifted: 0,
      repaired: 0,
      failed: 0,
      periodMs: options.periodMs,
    };
  }

  get stats(): ReconcileStats {
    return { ...this.counts };
  }

  start(): void {
    this.schedule(this.options.periodMs);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.unsubscribe();
  }

  /** One pass over the top level, the window in use and the next visible window. */
  async tick(): Promise<number> {
    const { scheduler, deadlineMs } = this.options;
    const started = scheduler.now();
    let repaired = 0;
    for (const request of this.targets()) {
      if (this.stopped) break;
      const patches = await this.options.reread({ ...request, deadlineMs, retried: true });
      this.counts.checks++;
      if (patches === FETCH_FAILED) {
        this.counts.failed++;
        continue;
      }
      if (patches > 0) this.counts.drifted++;
      this.counts.repaired += patches;
      repaired += patches;
    }
    this.counts.ticks++;
    this.busyMs = scheduler.now() - started;
    // Smoothed, so one stall of a loaded machine does not stretch the period by itself.
    this.typicalBusyMs =
      this.counts.ticks === 1 ? this.busyMs : 0.7 * this.typicalBusyMs + 0.3 * this.busyMs;
    const period = Math.max(this.options.periodMs, this.typicalBusyMs / this.options.duty);
    this.counts.periodMs = Math.min(MAX_PERIOD_MS, Math.round(period));
    return repaired;
  }

  /** Ticks start one period apart (the period counts the tick's own reads). */
  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.options.scheduler.schedule(() => {
      void this.tick().then(() => this.schedule(Math.max(0, this.counts.periodMs - this.busyMs)));
    }, delayMs);
  }

  /** The re-reads of one tick, most useful first. */
  private targets(): FetchRequest[] {
    const s = this.options.state;
    if (s.root === null) return [];
    const requests: FetchRequest[] = [{ id: s.root.id, key: s.root.id, maxDepth: 1 }];
    const complete = this.options.eventComplete ?? (() => false);
    const inUse = s.foreground ?? (s.focused === null ? null : s.windowOf(s.focused));
    if (inUse !== null && !complete(inUse.id)) requests.push({ id: inUse.id, key: inUse.id });
    const others = visibleWindows(s).filter((w) => w !== inUse && !complete(w.id));
    if (others.length > 0) {
      const next = others[this.cursor % others.length] as CachedNode;
      this.cursor = (this.cursor + 1) % others.length;
      requests.push({ id: next.id, key: next.id });
    }
    return requests;
  }
}

function visibleWindows(state: TreeState): CachedNode[] {
  return (state.root?.children ?? []).filter(
    (w) => !w.props.states.includes('minimized') && !state.opening.has(w),
  );
}
