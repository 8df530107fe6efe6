/** Repeating timers of the sim's apps: unref'd (they never keep the process alive), cleared on stop. */
export class Timers {
  private readonly running = new Set<NodeJS.Timeout>();

  /** Call `tick` every `ms`; returns the function that stops it. */
  every(ms: number, tick: () => void): () => void {
    const timer = setInterval(tick, ms).unref();
    this.running.add(timer);
    return () => {
      clearInterval(timer);
      this.running.delete(timer);
    };
  }

  /** Timers still running (tests check that none outlive their use). */
  get active(): number {
    return this.running.size;
  }

  stopAll(): void {
    for (const t of this.running) clearInterval(t);
    this.running.clear();
  }
}
