/** Abortable waiting for the sim: every wait honours the caller's signal with a typed error. */
import { abortError, throwIfAborted } from '../../errors.js';

/**
 * Wait `ms`, or fail with the signal's typed error (TimeoutError on a deadline). The timer is
 * ref'd on purpose: a call in flight keeps the process alive, as a real platform call does.
 */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settle with `work`, or fail with the signal's typed error when it fires first. */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
