/**
 * Real demo events, replayed: `recordDemo` runs the sim's demo in a node composed as
 * `uistream serve` composes it and keeps its events in the groups they were raised in (one
 * group per task of the event loop: what a publisher sends as one batch); `ReplayLog` is an
 * event log that hands them out again with fresh seqs, so the publisher can be driven with
 * thousands of them without the desktop's own work in the same process.
 */
import { Subject } from 'rxjs';
import type { UiEvent } from '../../protocol/src/index.js';
import { createApp } from '../../src/app.js';
import { SimBackend, startDemo } from '../../src/backends/sim/index.js';
import type { EventLog, EventReadParams } from '../../src/cache/api.js';
import { loadConfig } from '../../src/config.js';
import { UiError } from '../../src/errors.js';

const POLL_MS = 50;

/** The demo's first `count` groups of events, each raised by one task of the event loop. */
export async function recordDemo(count: number): Promise<UiEvent[][]> {
  const app = await createApp(loadConfig({ backend: 'sim', port: 0 }));
  if (!(app.platform instanceof SimBackend)) throw new Error('recording needs the sim');
  const groups: UiEvent[][] = [];
  let open: UiEvent[] | null = null;
  const feed = app.cache.events.events$.subscribe((event) => {
    if (open === null) {
      const group: UiEvent[] = [];
      groups.push(group);
      open = group;
      queueMicrotask(() => (open = null));
    }
    open.push(structuredClone(event));
  });
  const demo = new AbortController();
  const running = startDemo(app.platform, demo.signal);
  const deadline = Date.now() + 60_000;
  while (groups.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  demo.abort();
  await running.catch(() => undefined);
  feed.unsubscribe();
  await app.stop();
  if (groups.length === 0) throw new Error('the demo raised no events');
  return groups;
}

/** An event log fed by hand: a ring of `capacity`, read by cursor as the cache's log is. */
export class ReplayLog implements EventLog {
  private readonly ring: UiEvent[];
  private next = 1;
  private readonly subject = new Subject<UiEvent>();
  readonly events$ = this.subject.asObservable();

  constructor(private readonly capacity: number) {
    this.ring = new Array<UiEvent>(capacity);
  }

  get seq(): number {
    return this.next - 1;
  }

  get oldestSeq(): number {
    return Math.max(1, this.next - this.capacity);
  }

  /** Append copies of `events` with the next seqs, as one task of the event loop. */
  append(events: readonly UiEvent[]): void {
    for (const e of events) {
      const event = { ...e, seq: this.next, time: Date.now() };
      this.ring[this.next % this.capacity] = event;
      this.next++;
      this.subject.next(event);
    }
  }

  read(p: EventReadParams): { events: UiEvent[]; cursor: number; hasMore: boolean } {
    const after = p.after ?? 0;
    if (after + 1 < this.oldestSeq) {
      throw new UiError('cursor_expired', `seq ${after + 1} is no longer held`);
    }
    const last = Math.min(this.seq, after + (p.limit ?? 100));
    const events: UiEvent[] = [];
    for (let s = after + 1; s <= last; s++) events.push(this.ring[s % this.capacity] as UiEvent);
    return { events, cursor: last, hasMore: last < this.seq };
  }
}
