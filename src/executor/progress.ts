/**
 * Progress: the deadline and abort signal of one action. Every await inside an action goes
 * through `race`, so a backend call that ignores its signal (a modal dialog blocking Invoke)
 * still ends at the deadline: the action rejects with `timeout`, its lane is released, and the
 * hung call is left to finish (or not) on its own, its outcome swallowed.
 */
import { abortError, raceSignal, TimeoutError } from '../errors.js';

export interface Progress {
  /** Fires at the deadline (reason: TimeoutError) or when the caller aborts (CancelledError). */
  readonly signal: AbortSignal;
  /** Epoch ms at which the action times out. */
  readonly deadline: number;
  /** Milliseconds left before the deadline (never negative). */
  remaining(): number;
  /** Throw the typed abort error when the signal has fired. */
  check(): void;
  /** Settle with `work`, or reject with the typed abort error as soon as the signal fires. */
  race<T>(work: Promise<T>): Promise<T>;
  /** Release the deadline timer and the caller-signal listener. Idempotent. */
  dispose(): void;
}

export interface ProgressOptions {
  timeoutMs: number;
  /** The caller's signal(s); any firing aborts the action as cancelled. */
  signals?: readonly AbortSignal[];
  /** What the action was doing, for the timeout message. */
  label?: string;
  now?: () => number;
}

/** Start the clock of one action. */
export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  const deadline = now() + options.timeoutMs;
  const label = options.label ?? 'action';
  const timer = setTimeout(() => {
    controller.abort(
      new TimeoutError(`${label} did not finish within ${options.timeoutMs} ms`, {
        details: { timeoutMs: options.timeoutMs },
      }),
    );
  }, options.timeoutMs);
  const parents = options.signals ?? [];
  const onParentAbort = (event: Event): void => {
    controller.abort(abortError(event.target as AbortSignal));
  };
  for (const parent of parents) {
    if (parent.aborted) controller.abort(abortError(parent));
    else parent.addEventListener('abort', onParentAbort, { once: true });
  }
  const dispose = (): void => {
    clearTimeout(timer);
    for (const parent of parents) parent.removeEventListener('abort', onParentAbort);
  };
  const signal = controller.signal;
  return {
    signal,
    deadline,
    remaining: () => Math.max(0, deadline - now()),
    check: () => {
      if (signal.aborted) throw abortError(signal);
    },
    race: <T>(work: Promise<T>) => raceSignal(work, signal),
    dispose,
  };
}
