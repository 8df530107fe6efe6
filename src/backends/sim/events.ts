/**
 * The sim's event delivery: events raised during a call are queued and delivered as ONE batch
 * on a later tick (or after a configurable latency), like a platform's event thread. Quirks are
 * decided as each event is raised, from a seeded stream, so the same seed and calls give the same batches.
 */
import { Subject, type Observable } from 'rxjs';
import type { BackendEvent } from '../backend.js';
import { createRng, type Rng } from './rng.js';

/** Event quirks as probabilities 0..1. */
export interface Quirks {
  /** An event is lost. */
  dropRate: number;
  /** An event is delivered twice. */
  duplicateRate: number;
  /** A removed element still gets an event in the batch after its removal. */
  lateRate: number;
  /** A structure event loses its ids (only the window hint, if any, is kept). */
  detaillessRate: number;
}

export const NO_QUIRKS: Quirks = { dropRate: 0, duplicateRate: 0, lateRate: 0, detaillessRate: 0 };

export class EventPump {
  private readonly subject = new Subject<readonly BackendEvent[]>();
  private pending: BackendEvent[] = [];
  /** Late events wait one batch, so they arrive after the removal that made them late. */
  private late: BackendEvent[] = [];
  /** Late events queued during the previous batch: they open the next one. */
  private lateDue: BackendEvent[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private waiters: (() => void)[] = [];
  private flowing = false;
  private stopped = false;
  private readonly rng: Rng;
  quirks: Quirks;
  latencyMs: number;

  constructor(seed: number, quirks: Quirks, latencyMs: number) {
    this.rng = createRng(seed ^ 0x5eed);
    this.quirks = { ...quirks };
    this.latencyMs = latencyMs;
  }

  get events$(): Observable<readonly BackendEvent[]> {
    return this.subject.asObservable();
  }

  /** Events raised before start are not delivered (nobody is connected yet). */
  start(): void {
    this.flowing = !this.stopped;
  }

  /** Raise an event; its quirks (drop, duplicate, detail loss) are decided now, as raised. */
  emit(event: BackendEvent): void {
    if (!this.flowing) return;
    const out = this.applyQuirks(event);
    if (out.length === 0) return;
    this.pending.push(...out);
    this.schedule();
  }

  /** Maybe (per lateRate) deliver `event` about a removed element one batch later. */
  emitLate(event: BackendEvent): void {
    if (!this.flowing || this.rng() >= this.quirks.lateRate) return;
    this.late.push(event);
    this.schedule();
  }

  /** Resolves when nothing is pending delivery. */
  quiet(): Promise<void> {
    if (this.timer === undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.flowing = false;
    this.clearTimer();
    this.pending = [];
    this.late = [];
    this.lateDue = [];
    this.releaseWaiters();
    this.subject.complete();
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const deliver = (): void => this.deliver();
    // One-shot and ref'd: a pending delivery is work in flight (someone may await quiet()), and
    // an unref'd immediate would wait until something else woke the event loop. stop() clears it.
    this.timer = this.latencyMs > 0 ? setTimeout(deliver, this.latencyMs) : setImmediate(deliver);
  }

  private deliver(): void {
    this.timer = undefined;
    const batch = [...this.lateDue, ...this.pending];
    this.pending = [];
    this.lateDue = this.late;
    this.late = [];
    if (this.lateDue.length > 0) this.schedule();
    if (batch.length > 0) this.subject.next(batch);
    if (this.timer === undefined) this.releaseWaiters();
  }

  private applyQuirks(event: BackendEvent): BackendEvent[] {
    const q = this.quirks;
    if (q.dropRate > 0 && this.rng() < q.dropRate) return [];
    let out = event;
    if (event.type === 'structure' && q.detaillessRate > 0 && this.rng() < q.detaillessRate) {
      out = { type: 'structure', change: event.change };
      if (event.windowId !== undefined) out.windowId = event.windowId;
    }
    if (q.duplicateRate > 0 && this.rng() < q.duplicateRate) return [out, structuredClone(out)];
    return [out];
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer as NodeJS.Timeout);
    clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = undefined;
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
