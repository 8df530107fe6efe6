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
