/**
 * Event batching: events are mapped concurrently (a mapping may re-read the element) but
 * delivered in the order their signals arrived, in batches flushed once per event-loop turn.
 */
import { Subject, type Observable } from 'rxjs';
import type { BackendEvent } from '../backend.js';

export class OrderedBatcher {
  private readonly subject = new Subject<readonly BackendEvent[]>();
  readonly events$: Observable<readonly BackendEvent[]> = this.subject.asObservable();
  private pending: BackendEvent[] = [];
  private flushScheduled = false;
  private ordered: Promise<void> = Promise.resolve();
  /** Test hook (off by default): events it matches are dropped, as a lossy bus would. */
  dropping: ((event: BackendEvent) => boolean) | undefined;

  /** Queue events now (after everything enqueued before). */
  emit(events: readonly BackendEvent[]): void {
    this.enqueue(Promise.resolve(events));
  }

  /**
   * Deliver events with the next flush, ahead of signals still being mapped: for events that do
   * not follow from them (the X server's view of windows), which must not wait behind an app's
   * slow re-reads.
   */
  emitNow(events: readonly BackendEvent[]): void {
    this.push(events);
  }

  /** Queue events that are still being mapped; they keep their place in the order. */
  enqueue(mapped: Promise<readonly BackendEvent[]>): void {
    const settled = mapped.catch(() => [] as BackendEvent[]);
    this.ordered = this.ordered.then(async () => this.push(await settled));
  }

  /** Resolve once everything queued so far has been delivered. */
  async drained(): Promise<void> {
    await this.ordered;
    // The flush of what was pushed last runs in the check phase this waits for.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Deliver what is queued, then complete the stream. */
  async complete(): Promise<void> {
    await this.ordered;
    this.flush();
    this.subject.complete();
  }

  private push(all: readonly BackendEvent[]): void {
    const drop = this.dropping;
    const events = drop === undefined ? all : all.filter((e) => !drop(e));
    if (events.length === 0 || this.subject.closed) return;
    this.pending.push(...events);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || this.subject.closed) return;
    const batch = this.pending;
    this.pending = [];
    this.subject.next(batch);
  }
}
