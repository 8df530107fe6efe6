/**
 * The lanes: FIFO queues that run one job at a time each, all lanes side by side. Input (one
 * keyboard, one mouse) is a single global lane; pattern actions get one lane per window. The
 * whole queue is bounded: a job beyond the limit is refused with `rate_limited` instead of
 * growing memory without end. A pending job whose signal fires leaves its lane at once.
 */
import { abortError, UiError } from '../errors.js';

/** The global lane of keyboard and mouse input. */
export const INPUT_LANE = 'input';

/** The lane of pattern actions on one window (or of actions with no window). */
export function windowLane(windowRef: string | null): string {
  return windowRef === null ? 'window:none' : `window:${windowRef}`;
}

interface Job {
  run: () => Promise<unknown>;
  signal: AbortSignal;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
  onAbort: () => void;
}

interface Lane {
  running: boolean;
  pending: Job[];
}

export interface QueueStats {
  queued: number;
  running: number;
  completed: number;
  failed: number;
}

export class LaneQueue {
  private readonly lanes = new Map<string, Lane>();
  private queued = 0;
  private running = 0;
  private completed = 0;
  private failed = 0;

  constructor(private readonly limit: number) {}

  /**
   * Run `run` on `lane` after every job submitted to that lane before it. Settles exactly
   * once: with run's outcome, or with the typed abort error if `signal` fires while pending.
   */
  submit<T>(lane: string, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (this.queued + this.running >= this.limit) {
      return Promise.reject(
        new UiError('rate_limited', `the action queue is full (${this.limit} actions)`, {
          details: { queueLimit: this.limit, queued: this.queued, running: this.running },
        }),
      );
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const job: Job = {
        run,
        signal,
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', job.onAbort);
          if (outcome.ok) resolve(outcome.value as T);
          // The error is whatever the job threw; the executor only throws UiErrors.
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          else reject(outcome.error);
        },
        onAbort: () => this.dropPending(lane, job),
      };
      signal.addEventListener('abort', job.onAbort, { once: true });
      this.laneOf(lane).pending.push(job);
      this.queued += 1;
      this.pump(lane);
    });
  }

  stats(): QueueStats {
    return {
      queued: this.queued,
      running: this.running,
      completed: this.completed,
      failed: this.failed,
    };
  }

  private laneOf(name: string): Lane {
    let lane = this.lanes.get(name);
    if (lane === undefined) {
      lane = { running: false, pending: [] };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private dropPending(laneName: string, job: Job): void {
    const lane = this.lanes.get(laneName);
    const index = lane?.pending.indexOf(job) ?? -1;
    if (lane === undefined || index < 0) return; // already running: the job handles its abort
    lane.pending.splice(index, 1);
    this.queued -= 1;
    this.failed += 1;
    job.settle({ ok: false, error: abortError(job.signal) });
    this.forgetIfIdle(laneName, lane);
  }

  private pump(laneName: string): void {
    const lane = this.lanes.get(laneName);
    if (lane === undefined || lane.running) return;
    const job = lane.pending.shift();
    if (job === undefined) return this.forgetIfIdle(laneName, lane);
    lane.running = true;
    this.queued -= 1;
    this.running += 1;
    void this.execute(laneName, lane, job);
  }

  /** Run a job; free its lane and update the counts before its caller hears the outcome. */
  private async execute(laneName: string, lane: Lane, job: Job): Promise<void> {
    let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await job.run() };
      this.completed += 1;
    } catch (error) {
      outcome = { ok: false, error };
      this.failed += 1;
    }
    lane.running = false;
    this.running -= 1;
    job.settle(outcome);
    this.pump(laneName);
  }

  private forgetIfIdle(name: string, lane: Lane): void {
    if (!lane.running && lane.pending.length === 0) this.lanes.delete(name);
  }
}
