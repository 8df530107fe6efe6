/**
 * The owner's half of the selection protocol (ICCCM §2.2): while we own CLIPBOARD, every
 * SelectionRequest is answered — TARGETS, TIMESTAMP, the text targets, text/html and image/png —
 * by writing the data on the requestor's property and sending SelectionNotify; a target we do
 * not hold is refused (property None). Data larger than one request goes by INCR: the property
 * first holds the total size with type INCR, then each time the requestor deletes it the next
 * chunk is written, and a zero-length chunk ends the transfer.
 */
import type { ClipboardContent } from '../clipboard.js';
import { notifyEvent, type SelectionRequest } from './x11SelectionEvents.js';
import { PROPERTY_CHANGE_MASK, type X11SelectionLib } from './x11SelectionLib.js';

/** The atoms the clipboard speaks, interned once per display. */
export interface ClipboardAtoms {
  CLIPBOARD: number;
  TARGETS: number;
  TIMESTAMP: number;
  MULTIPLE: number;
  INCR: number;
  ATOM: number;
  INTEGER: number;
  UTF8_STRING: number;
  STRING: number;
  TEXT: number;
  TEXT_PLAIN_UTF8: number;
  TEXT_PLAIN: number;
  HTML: number;
  PNG: number;
  /** Our own property for conversions we request. */
  TRANSFER: number;
}

export function internAtoms(lib: X11SelectionLib, d: unknown): ClipboardAtoms {
  const a = (name: string): number => lib.atom(d, name);
  return {
    CLIPBOARD: a('CLIPBOARD'),
    TARGETS: a('TARGETS'),
    TIMESTAMP: a('TIMESTAMP'),
    MULTIPLE: a('MULTIPLE'),
    INCR: a('INCR'),
    ATOM: a('ATOM'),
    INTEGER: a('INTEGER'),
    UTF8_STRING: a('UTF8_STRING'),
    STRING: a('STRING'),
    TEXT: a('TEXT'),
    TEXT_PLAIN_UTF8: a('text/plain;charset=utf-8'),
    TEXT_PLAIN: a('text/plain'),
    HTML: a('text/html'),
    PNG: a('image/png'),
    TRANSFER: a('UISTREAM_CLIPBOARD'),
  };
}

/** One INCR transfer to a requestor: the rest of the data, sent chunk by chunk. */
interface Outgoing {
  requestor: number;
  property: number;
  type: number;
  data: Uint8Array;
  offset: number;
  /** When the requestor last took a chunk (ms, the caller's clock). */
  lastProgress: number;
}

/** A requestor that takes no chunk for this long is gone or stuck: its transfer is dropped. */
export const INCR_IDLE_MS = 10_000;

const encoder = new TextEncoder();

export class SelectionServer {
  private content: ClipboardContent = {};
  /** Server time we took ownership at (answers TIMESTAMP; older requests are refused). */
  private ownTime = 0;
  private readonly outgoing = new Map<string, Outgoing>();
  /** Requestor windows we selected PropertyChange on, with their transfers in flight. */
  private readonly watched = new Map<number, number>();

  constructor(
    private readonly lib: X11SelectionLib,
    private readonly d: unknown,
    private readonly atoms: ClipboardAtoms,
    /** Bytes one property write may carry; larger data goes by INCR. */
    private readonly chunkBytes: number,
  ) {}

  get held(): ClipboardContent {
    return this.content;
  }

  /** INCR transfers still running (the connection pumps fast while there are any). */
  get busy(): boolean {
    return this.outgoing.size > 0;
  }

  own(content: ClipboardContent, time: number): void {
    this.content = content;
    this.ownTime = time;
  }

  /** Another client took the selection: forget the data (running transfers finish). */
  lose(): void {
    this.content = {};
  }

  /** The targets we can convert to, for TARGETS. */
  targets(): number[] {
    const a = this.atoms;
    const list = [a.TARGETS, a.TIMESTAMP];
    if (this.content.text !== undefined) {
      list.push(a.UTF8_STRING, a.TEXT_PLAIN_UTF8, a.STRING, a.TEXT, a.TEXT_PLAIN);
    }
    if (this.content.html !== undefined) list.push(a.HTML);
    if (this.content.image !== undefined) list.push(a.PNG);
    return list;
  }

  answer(req: SelectionRequest, now = Date.now()): void {
    const property = req.property === 0 ? req.target : req.property;
    const ok = req.selection === this.atoms.CLIPBOARD && this.convert(req, property, now);
    this.lib.sendEvent(this.d, req.requestor, notifyEvent(req, ok ? property : 0));
    this.lib.flush(this.d);
    this.lib.dropErrors();
  }

  /** The requestor deleted a property: the next INCR chunk, if that was one of ours. */
  onPropertyDeleted(window: number, property: number, now = Date.now()): void {
    const out = this.outgoing.get(`${window}:${property}`);
    if (out === undefined) return;
    out.lastProgress = now;
    const chunk = out.data.subarray(out.offset, out.offset + this.chunkBytes);
    this.lib.change(this.d, window, property, out.type, chunk);
    out.offset += chunk.byteLength;
    if (chunk.byteLength === 0) this.finish(out);
    this.lib.flush(this.d);
    this.lib.dropErrors();
  }

  /** Whether PropertyNotify events from this window are ours to handle. */
  watches(window: number): boolean {
    return this.watched.has(window);
  }

  private convert(req: SelectionRequest, property: number, now: number): boolean {
    const a = this.atoms;
    if (req.time !== 0 && req.time < this.ownTime) return false;
    if (req.target === a.TARGETS) {
      this.lib.change(this.d, req.requestor, property, a.ATOM, this.targets());
      return true;
    }
    if (req.target === a.TIMESTAMP) {
      this.lib.change(this.d, req.requestor, property, a.INTEGER, [this.ownTime]);
      return true;
    }
    const data = this.dataFor(req.target);
    if (data === undefined) return false;
    const type = req.target === a.TEXT ? a.UTF8_STRING : req.target;
    if (data.byteLength <= this.chunkBytes) {
      this.lib.change(this.d, req.requestor, property, type, data);
      return true;
    }
    this.startIncr({
      requestor: req.requestor,
      property,
      type,
      data,
      offset: 0,
      lastProgress: now,
    });
    return true;
  }

  private dataFor(target: number): Uint8Array | undefined {
    const a = this.atoms;
    const { text, html, image } = this.content;
    if (text !== undefined && (target === a.STRING || target === a.TEXT_PLAIN)) {
      // STRING is Latin-1 (ICCCM); characters beyond it become '?'.
      return Uint8Array.from(text, (c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 63));
    }
    const textual = [a.UTF8_STRING, a.TEXT, a.TEXT_PLAIN_UTF8];
    if (text !== undefined && textual.includes(target)) return encoder.encode(text);
    if (html !== undefined && target === a.HTML) return encoder.encode(html);
    if (image !== undefined && target === a.PNG) return image;
    return undefined;
  }

  private startIncr(out: Outgoing): void {
    const key = `${out.requestor}:${out.property}`;
    this.outgoing.set(key, out);
    const count = this.watched.get(out.requestor) ?? 0;
    if (count === 0) this.lib.selectInput(this.d, out.requestor, PROPERTY_CHANGE_MASK);
    this.watched.set(out.requestor, count + 1);
    this.lib.change(this.d, out.requestor, out.property, this.atoms.INCR, [out.data.byteLength]);
  }

  private finish(out: Outgoing): void {
    this.outgoing.delete(`${out.requestor}:${out.property}`);
    const count = (this.watched.get(out.requestor) ?? 1) - 1;
    if (count > 0) {
      this.watched.set(out.requestor, count);
      return;
    }
    this.watched.delete(out.requestor);
    this.lib.selectInput(this.d, out.requestor, 0);
  }

  /** Abandon transfers to requestors that went away (their window is gone). */
  abandon(): void {
    for (const out of [...this.outgoing.values()]) this.finish(out);
  }

  /** Drop transfers whose requestor took no chunk for `idleMs`; the count dropped. */
  expire(now: number, idleMs = INCR_IDLE_MS): number {
    const stale = [...this.outgoing.values()].filter((o) => now - o.lastProgress > idleMs);
    for (const out of stale) this.finish(out);
    return stale.length;
  }
}
