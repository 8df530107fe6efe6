/**
 * The event log: protocol UiEvents derived from patch batches, numbered with one global
 * gapless seq, held in a ring buffer of `capacity` for replay. Each entry remembers what the
 * filters need at the time it happened (window, app, ancestor refs, control type), because by
 * the time a client reads it the elements may be gone.
 */
import { Subject, type Observable } from 'rxjs';
import {
  typeAllowed,
  type BackendStatus,
  type ClipboardFormat,
  type ClipboardOwner,
  type ControlType,
  type ElementSummary,
  type Patch,
  type PatchBatch,
  type UiEvent,
} from '../../protocol/src/index.js';
import { UiError } from '../errors.js';
import type { EventLog, EventReadParams } from './api.js';
import { jsonSize } from './json-size.js';
import { previousOf } from './props.js';
import { windowForSelector } from './queries/resolve.js';
import { textChange } from './text-change.js';
import type { CachedNode, TreeState } from './tree.js';

/** A UiEvent without its seq and time (stamped on append). */
type Draft = UiEvent extends infer E
  ? E extends UiEvent
    ? Omit<E, 'seq' | 'time'>
    : never
  : never;

interface Entry {
  event: UiEvent;
  window: string | null;
  app: string | undefined;
  pid: number | undefined;
  /** Refs from the element up to its window, for `within`. */
  path: string[];
  controlType: ControlType | undefined;
}

interface Context {
  window: string | null;
  app: string | undefined;
  pid: number | undefined;
  path: string[];
  controlType: ControlType | undefined;
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
    for (const patch of batch.patches) this.derive(patch);
  }

  appendStatus(backend: string, status: BackendStatus, reason?: string): void {
    const draft: Draft =
      reason === undefined
        ? { type: 'backend.status', backend, status }
        : { type: 'backend.status', backend, status, reason };
    this.append(draft, {
      window: null,
      app: undefined,
      pid: undefined,
      path: [],
      controlType: undefined,
    });
  }

  /** A change of the clipboard's formats or owner (an opt-in event: see OPT_IN_EVENT_TYPES). */
  appendClipboard(formats: ClipboardFormat[], owner: ClipboardOwner | null): void {
    this.append(
      { type: 'clipboard.changed', formats, owner },
      { window: null, app: owner?.app, pid: owner?.pid, path: [], controlType: undefined },
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

  private append(draft: Draft, ctx: Context): void {
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

  private context(node: CachedNode | undefined, fallbackWindow: string | null = null): Context {
    if (node === undefined)
      return {
        window: fallbackWindow,
        app: undefined,
        pid: undefined,
        path: [],
        controlType: undefined,
      };
    const win = this.state.windowOf(node);
    const path: string[] = [];
    for (let n: CachedNode | null = node; n !== null && n !== this.state.root; n = n.parent)
      path.push(n.ref);
    return {
      window: node.window,
      app: win?.props.app,
      pid: win?.props.pid,
      path,
      controlType: node.props.controlType,
    };
  }

  private summary(node: CachedNode): ElementSummary {
    const s: ElementSummary = {
      ref: node.ref,
      controlType: node.props.controlType,
      name: node.props.name,
      rect: node.props.rect === null ? null : { ...node.props.rect },
      window: node.window,
    };
    if (node.props.automationId !== undefined) s.automationId = node.props.automationId;
    return s;
  }

  private byRef(ref: string | null): CachedNode | undefined {
    return ref === null ? undefined : this.state.byRef.get(ref);
  }

  /** One structure.changed per add / remove / reorder, placed in the parent's window. */
  private deriveStructure(patch: Extract<Patch, { op: 'add' | 'remove' | 'reorder' }>): void {
    const parentRef = patch.parent;
    const parent = this.byRef(parentRef);
    const atTop = parent === undefined || parent === this.state.root;
    let window = parent?.window ?? null;
    let subject = parent;
    const added: string[] = [];
    const removed: string[] = [];
    if (patch.op === 'add') {
      const first = patch.nodes[0];
      if (first === undefined) return;
      added.push(first.ref);
      if (atTop) {
        window = first.window;
        subject = this.byRef(first.ref);
      }
    } else if (patch.op === 'remove') {
      removed.push(patch.ref);
      if (atTop) {
        window = null;
        subject = undefined;
      }
    }
    this.append(
      { type: 'structure.changed', parent: parentRef, window, added, removed },
      this.context(subject, window),
    );
  }

  private derive(patch: Patch): void {
    const byRef = (ref: string | null): CachedNode | undefined => this.byRef(ref);
    switch (patch.op) {
      case 'add':
      case 'remove':
      case 'reorder':
        return this.deriveStructure(patch);
      case 'update':
        return this.deriveUpdate(patch, byRef(patch.ref));
      case 'focus': {
        const node = byRef(patch.ref);
        const element = node === undefined ? null : this.summary(node);
        this.append(
          { type: 'focus.changed', element, previous: patch.previous },
          this.context(node),
        );
        return;
      }
      case 'window.opened':
        this.append(
          patch.partial === true
            ? { type: 'window.opened', window: patch.window, partial: true }
            : { type: 'window.opened', window: patch.window },
          this.context(byRef(patch.window.element)),
        );
        return;
      case 'window.closed':
        this.append(
          { type: 'window.closed', window: patch.window, title: patch.title },
          this.context(undefined, patch.window),
        );
        return;
      case 'window.activated':
        this.append(
          { type: 'window.activated', window: patch.window, title: patch.title },
          this.context(this.state.windows.get(patch.window), patch.window),
        );
        return;
    }
  }

  private deriveUpdate(
    patch: Extract<Patch, { op: 'update' }>,
    node: CachedNode | undefined,
  ): void {
    if (node === undefined) return;
    const keys = Object.keys(patch.props).filter((k) => k !== 'childCount');
    if (keys.length === 0) return;
    const element = this.summary(node);
    const previous = previousOf(patch.props);
    if (keys.length === 1 && keys[0] === 'value') {
      const before = typeof previous['value'] === 'string' ? previous['value'] : '';
      const after = patch.props.value ?? '';
      const change = textChange(before, after);
      this.append(
        { type: 'text.changed', element, change, length: after.length },
        this.context(node),
      );
      return;
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const k of keys)
      changes[k] = { from: previous[k], to: (patch.props as Record<string, unknown>)[k] };
    this.append({ type: 'property.changed', element, changes }, this.context(node));
  }
}
