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

  /** Resolve once `holds()` is false, checked now and at each wakeAll, or when `limitMs` passed. */
  async whileHolds(holds: () => boolean, limitMs: number): Promise<void> {
    const deadline = performance.now() + limitMs;
    while (holds()) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      await this.next(left);
    }
  }

  /** The next wakeAll, or `limitMs`, whichever comes first. */
  private next(limitMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, limitMs);
      this.waiters.add(wake);
    });
  }
}
