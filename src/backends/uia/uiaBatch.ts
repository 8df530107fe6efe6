/**
 * Batching of events inside the host. UIA calls handler callbacks on its own threads and each
 * call blocks that thread until JS has run it, so callbacks only append here; a batch leaves
 * for the server when it is full or when the flush interval has passed since its first event.
 * Property events about one element collapse into the latest (they carry full properties), and
 * consecutive focus events into the last one, like UIA's own CoalesceEvents.
 */
import type { BackendEvent } from '../backend.js';

export interface BatcherTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface BatcherOptions {
  /** Longest a first event waits before its batch is sent. */
  flushMs: number;
  /** A batch is sent at once when it reaches this many events. */
  maxBatch: number;
  timers?: BatcherTimers;
}

const REAL_TIMERS: BatcherTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class EventBatcher {
  private pending: BackendEvent[] = [];
  private timer: unknown = undefined;
  private readonly timers: BatcherTimers;

  constructor(
    private readonly options: BatcherOptions,
    private readonly send: (batch: BackendEvent[]) => void,
  ) {
    this.timers = options.timers ?? REAL_TIMERS;
  }

  /** Number of events waiting. */
  get size(): number {
    return this.pending.length;
  }

  push(event: BackendEvent): void {
    this.coalesce(event);
    if (this.pending.length >= this.options.maxBatch) {
      this.flush();
      return;
    }
    if (this.timer === undefined) {
      this.timer = this.timers.set(() => this.flush(), this.options.flushMs);
    }
  }

  /** Send what is pending now (also on shutdown). */
  flush(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.send(batch);
  }

  private coalesce(event: BackendEvent): void {
    const last = this.pending[this.pending.length - 1];
    if (event.type === 'focus' && last?.type === 'focus') {
      this.pending[this.pending.length - 1] = event;
      return;
    }
    if (event.type === 'property') {
      const earlier = this.pending.findIndex((e) => e.type === 'property' && e.id === event.id);
      if (earlier >= 0) this.pending.splice(earlier, 1);
    }
    this.pending.push(event);
  }
}
