/**
 * The event log: protocol UiEvents derived from patch batches (event-derive.ts), numbered with
 * one global gapless seq, held in a ring buffer of `capacity` for replay and filtered on read.
 */
import { Subject, type Observable } from 'rxjs';
import {
  typeAllowed,
  type BackendStatus,
  type ClipboardFormat,
  type ClipboardOwner,
  type PatchBatch,
  type UiEvent,
} from '../../protocol/src/index.js';
import { UiError } from '../errors.js';
import type { EventLog, EventReadParams } from './api.js';
import {
  deriveEvents,
  detachedContext,
  type EventContext,
  type EventDraft,
} from './event-derive.js';
import { jsonSize } from './json-size.js';
import { windowForSelector } from './queries/resolve.js';
import type { TreeState } from './tree.js';

/** A held event with the context its filters match on (event-derive.ts). */
interface Entry extends EventContext {
  event: UiEvent;
}

/** Approximate bytes an event holds: its JSON size (what it costs on the wire too). */
const eventBytes = (event: UiEvent): number => jsonSize(event);

/**
 * The event log: the newest `capacity` events, and never more than `maxBytes` of them, so a
 * run of large events (text changes of a long document) cannot grow the server's memory.
 */
export class RingEventLog implements EventLog {
  private readonly ring: (Entry | undefined)[];
  private readonly sizes: number[];
  private bytes = 0;
  /** The oldest seq still held (by count or bytes, whichever evicted more). */
  private floorSeq = 1;
  private nextSeq = 1;
  private readonly subject = new Subject<UiEvent>();
  readonly events$: Observable<UiEvent> = this.subject.asObservable();

  constructor(
    private readonly state: TreeState,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = Infinity,
  ) {
    this.ring = new Array<Entry | undefined>(capacity);
    this.sizes = new Array<number>(capacity).fill(0);
  }

  /** Bytes the held events take, approximately. */
  get heldBytes(): number {
    return this.bytes;
  }

  get seq(): number {
    return this.nextSeq - 1;
  }

  get oldestSeq(): number {
    return Math.max(1, this.nextSeq - this.capacity, this.floorSeq);
  }

  /** Derive and append the events of one batch (the state already reflects it). */
  appendBatch(batch: PatchBatch): void {
    for (const patch of batch.patches) deriveEvents(this.state, patch, this.appendDraft);
  }

  private readonly appendDraft = (draft: EventDraft, ctx: EventContext): void =>
    this.append(draft, ctx);

  appendStatus(backend: string, status: BackendStatus, reason?: string): void {
    const draft: EventDraft =
      reason === undefined
        ? { type: 'backend.status', backend, status }
        : { type: 'backend.status', backend, status, reason };
    this.append(draft, detachedContext());
  }

  /** A change of the clipboard's formats or owner (an opt-in event: see OPT_IN_EVENT_TYPES). */
  appendClipboard(formats: ClipboardFormat[], owner: ClipboardOwner | null): void {
    this.append(
      { type: 'clipboard.changed', formats, owner },
      detachedContext(null, owner?.app, owner?.pid),
    );
  }

  read(p: EventReadParams): { events: UiEvent[]; cursor: number; hasMore: boolean } {
    const after = p.after ?? this.seq;
    if (after < this.oldestSeq - 1) {
      throw new UiError(
        'cursor_expired',
        `events after ${after} are no longer held (oldest is ${this.oldestSeq})`,
        {
          details: { after, oldestSeq: this.oldestSeq },
        },
      );
    }
    const matches = this.filter(p);
    const limit = p.limit ?? 100;
    const events: UiEvent[] = [];
    let cursor = Math.min(after, this.seq);
    for (let seq = Math.max(after + 1, this.oldestSeq); seq <= this.seq; seq++) {
      const entry = this.ring[seq % this.capacity] as Entry;
      if (!matches(entry)) {
        cursor = seq;
        continue;
      }
      if (events.length === limit) return { events, cursor, hasMore: true };
      events.push(entry.event);
      cursor = seq;
    }
    return { events, cursor, hasMore: false };
  }

  complete(): void {
    this.subject.complete();
  }

  private filter(p: EventReadParams): (e: Entry) => boolean {
    const types = p.types === undefined ? null : new Set<string>(p.types);
    const windows =
      p.windows === undefined ? null : new Set(p.windows.flatMap((s) => this.windowRefs(s)));
    const apps = p.apps === undefined ? null : p.apps.map((a) => a.toLowerCase());
    const controlTypes = p.controlTypes === undefined ? null : new Set<string>(p.controlTypes);
    const within = p.within;
    return (e) =>
      typeAllowed(types, e.event.type) &&
      (windows === null || (e.window !== null && windows.has(e.window))) &&
      (apps === null || apps.some((a) => a === e.app?.toLowerCase() || a === String(e.pid))) &&
      (within === undefined || e.path.includes(within)) &&
      (controlTypes === null || (e.controlType !== undefined && controlTypes.has(e.controlType)));
  }

  /** Window refs a selector names: a literal ref (even of a closed window) or title matches. */
  private windowRefs(selector: string): string[] {
    if (/^w\d+$/.test(selector)) return [selector];
    try {
      return [windowForSelector(this.state, selector).window ?? ''];
    } catch {
      return [...this.state.windows.values()]
        .filter((w) => w.nameKey.includes(selector.toLowerCase()))
        .map((w) => w.window ?? '');
    }
  }

  private append(draft: EventDraft, ctx: EventContext): void {
    // Stamp the draft and the (fresh) context in place: no copies on the hot path.
    const event = draft as UiEvent;
    event.seq = this.nextSeq;
    event.time = this.now();
    const entry = ctx as Entry;
    entry.event = event;
    const slot = this.nextSeq % this.capacity;
    const size = eventBytes(event);
    this.bytes += size - (this.sizes[slot] ?? 0);
    this.sizes[slot] = size;
    this.ring[slot] = entry;
    this.nextSeq++;
    this.evictOverBytes();
    this.subject.next(event);
  }

  /** Drop the oldest events until the held ones fit maxBytes (the newest always stays). */
  private evictOverBytes(): void {
    this.floorSeq = Math.max(this.floorSeq, this.nextSeq - this.capacity);
    while (this.bytes > this.maxBytes && this.floorSeq < this.nextSeq - 1) {
      const slot = this.floorSeq % this.capacity;
      this.bytes -= this.sizes[slot] ?? 0;
      this.sizes[slot] = 0;
      this.ring[slot] = undefined;
      this.floorSeq++;
    }
  }
}
