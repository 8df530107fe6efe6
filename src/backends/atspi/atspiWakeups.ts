/**
 * Bounded waits on a condition that only changes at known moments (a desktop listing, a
 * verdict on withdrawn windows): the waiter checks again when that moment comes, not on a poll.
 */
export class Wakeups {
  private readonly waiters = new Set<() => void>();

  /** The moment came: every waiter checks its condition again. */
  wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * Resolve once `holds()` is false, checked now and at each wakeAll, or when `limitMs` passed
   * or `signal` aborted (the caller decides what an abort means).
   */
  async whileHolds(holds: () => boolean, limitMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = performance.now() + limitMs;
    while (signal?.aborted !== true && holds()) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await this.next(left, signal);
    }
  }

  /** The next wakeAll, or `limitMs`, or the abort, whichever comes first. */
  private next(limitMs: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', wake);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, limitMs);
      signal?.addEventListener('abort', wake, { once: true });
      this.waiters.add(wake);
    });
  }
}
