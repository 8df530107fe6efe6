/**
 * `coalesceByKey`: per-key quiet-period batching. Items with the same key are collected until
 * no new item for that key arrived for `quietMs`, then emitted together as one array; a key
 * that never goes quiet is still flushed after `maxWaitMs` so a chatty window cannot starve
 * its own re-fetch. On completion every pending batch is flushed, in first-arrival order.
 */
import {
  asyncScheduler,
  Observable,
  type OperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';

interface Pending<T> {
  items: T[];
  firstAt: number;
  timer: Subscription | undefined;
}

export function coalesceByKey<T>(
  keyOf: (item: T) => string,
  quietMs: number,
  maxWaitMs: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, T[]> {
  return (source) =>
    new Observable<T[]>((subscriber) => {
      const pending = new Map<string, Pending<T>>();
      const flush = (key: string): void => {
        const entry = pending.get(key);
        if (entry === undefined) return;
        pending.delete(key);
        entry.timer?.unsubscribe();
        subscriber.next(entry.items);
      };
      const sub = source.subscribe({
        next(item) {
          const key = keyOf(item);
          const now = scheduler.now();
          let entry = pending.get(key);
          if (entry === undefined) {
            entry = { items: [], firstAt: now, timer: undefined };
            pending.set(key, entry);
          }
          entry.items.push(item);
          entry.timer?.unsubscribe();
          const wait = Math.max(0, Math.min(quietMs, entry.firstAt + maxWaitMs - now));
          entry.timer = scheduler.schedule(() => flush(key), wait);
        },
        error(err: unknown) {
          subscriber.error(err);
        },
        complete() {
          for (const key of [...pending.keys()]) flush(key);
          subscriber.complete();
        },
      });
      return () => {
        sub.unsubscribe();
        for (const entry of pending.values()) entry.timer?.unsubscribe();
        pending.clear();
      };
    });
}
