/**
 * Progress: the deadline, abort signal and call log of one action. Every await inside an action
 * goes through `race`, so a backend call that ignores its signal (a modal dialog blocking
 * Invoke) still ends at the deadline: the action rejects with `timeout`, its lane is released,
 * and the hung call is left to finish (or not) on its own, its outcome swallowed. The steps an
 * action takes and the conditions it waits on are logged as it goes, so a timeout says what it
 * was waiting for (`details.log`), as a Playwright call log does.
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
  /** Note a step or a wait ("waiting for "Save" to be enabled") in the call log. */
  step(line: string): void;
  /** The call log so far, oldest first. */
  log(): readonly string[];
  /** Release the deadline timer and the caller-signal listener. Idempotent. */
  dispose(): void;
}

/** Lines a call log keeps (the newest; a retry loop must not grow it without bound). */
const LOG_LINES = 30;

/** A bounded call log: a repeated line counts its repeats instead of growing the log. */
function callLog() {
  const lines: string[] = [];
  let last: string | undefined;
  let repeats = 0;
  return {
    add(line: string): void {
      if (line === last) {
        repeats++;
        lines[lines.length - 1] = `${line} (x${repeats + 1})`;
        return;
      }
      last = line;
      repeats = 0;
      lines.push(line);
      if (lines.length > LOG_LINES) lines.shift();
    },
    lines: (): readonly string[] => [...lines],
  };
}

function timeoutError(label: string, timeoutMs: number, log: readonly string[]): TimeoutError {
  const last = log.at(-1);
  const at = last === undefined ? '' : `; last: ${last}`;
  return new TimeoutError(`${label} did not finish within ${timeoutMs} ms${at}`, {
    details: { timeoutMs, log },
  });
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
  const log = callLog();
  const timer = setTimeout(() => {
    controller.abort(timeoutError(label, options.timeoutMs, log.lines()));
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
    step: (line) => log.add(line),
    log: () => log.lines(),
    dispose,
  };
}
