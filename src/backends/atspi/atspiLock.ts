/**
 * A per-app gate: calls share it, while a call made alone (the first of its kind on a toolkit)
 * waits for the app's calls in flight to end and holds others back until it answers. Exclusive
 * requests go first so a stream of shared calls cannot starve them.
 */
import { abortError } from '../../errors.js';

export class AppLock {
  private shared = 0;
  private exclusive = false;
  private exclusiveWaiting = 0;
  private readonly wakers = new Set<() => void>();

  /**
   * Wait for the gate. `needsAlone` is asked again at every wake-up: calls of one kind queued
   * behind the first of their kind go in together once it has answered, instead of one by one.
   * Returns whether the call goes in alone, and the release (call it exactly once).
   */
  async acquire(
    needsAlone: () => boolean,
    signal: AbortSignal,
  ): Promise<{ alone: boolean; release: () => void }> {
    let alone = needsAlone();
    if (alone) this.exclusiveWaiting++;
    try {
      while (
        alone ? this.exclusive || this.shared > 0 : this.exclusive || this.exclusiveWaiting > 0
      ) {
        await this.change(signal);
        if (alone && !needsAlone()) {
          alone = false;
          // It may have been the last lone call holding shared ones back.
          if (--this.exclusiveWaiting === 0) this.wakeAll();
        }
      }
    } catch (err) {
      // A lone call that gives up may be all that held the shared calls back.
      if (alone) this.wakeAll();
      throw err;
    } finally {
      if (alone) this.exclusiveWaiting--;
    }
    return { alone, release: this.enter(alone) };
  }

  private enter(alone: boolean): () => void {
    if (alone) this.exclusive = true;
    else this.shared++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (alone) this.exclusive = false;
      else this.shared--;
      // Waking every waiter on each shared release made a large fetch quadratic: shared calls
      // never wait on each other, so only the last one out can let a lone call in.
      if (alone || this.shared === 0) this.wakeAll();
    };
  }

  private change(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        this.wakers.delete(wake);
        reject(abortError(signal));
      };
      this.wakers.add(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private wakeAll(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const wake of wakers) wake();
  }
}
