/**
 * The selection events' layouts in Xlib's XEvent union on LP64 (X.h / Xlib.h / Xfixes.h), read
 * and written at their byte offsets: type (int) at 0, serial at 8, send_event at 16, display at
 * 24, then the event's own fields from 32, each a C long (8 bytes) unless said otherwise.
 */
import { XEVENT_SIZE, X_SEL } from './x11SelectionLib.js';

const long = (ev: Buffer, at: number): number => Number(ev.readBigUInt64LE(at));

export function eventType(ev: Buffer): number {
  return ev.readInt32LE(0);
}

/** XSelectionRequestEvent. */
export interface SelectionRequest {
  owner: number;
  requestor: number;
  selection: number;
  target: number;
  property: number;
  time: number;
}

export function selectionRequest(ev: Buffer): SelectionRequest {
  return {
    owner: long(ev, 32),
    requestor: long(ev, 40),
    selection: long(ev, 48),
    target: long(ev, 56),
    property: long(ev, 64),
    time: long(ev, 72),
  };
}

/** XSelectionEvent (SelectionNotify): `property` 0 means the conversion was refused. */
export interface SelectionNotify {
  requestor: number;
  selection: number;
  target: number;
  property: number;
  time: number;
}

export function selectionNotify(ev: Buffer): SelectionNotify {
  return {
    requestor: long(ev, 32),
    selection: long(ev, 40),
    target: long(ev, 48),
    property: long(ev, 56),
    time: long(ev, 64),
  };
}

/** The SelectionNotify an owner sends to answer a request (property 0 = refused). */
export function notifyEvent(req: SelectionRequest, property: number): Buffer {
  const ev = Buffer.alloc(XEVENT_SIZE);
  ev.writeInt32LE(X_SEL.SelectionNotify, 0);
  ev.writeInt32LE(1, 16);
  ev.writeBigUInt64LE(BigInt(req.requestor), 32);
  ev.writeBigUInt64LE(BigInt(req.selection), 40);
  ev.writeBigUInt64LE(BigInt(req.target), 48);
  ev.writeBigUInt64LE(BigInt(property), 56);
  ev.writeBigUInt64LE(BigInt(req.time), 64);
  return ev;
}

/** XSelectionClearEvent. */
export function selectionClear(ev: Buffer): { window: number; selection: number; time: number } {
  return { window: long(ev, 32), selection: long(ev, 40), time: long(ev, 48) };
}

/** XPropertyEvent: state 0 = new value, 1 = deleted. */
export function propertyEvent(ev: Buffer): {
  window: number;
  atom: number;
  time: number;
  state: number;
} {
  return {
    window: long(ev, 32),
    atom: long(ev, 40),
    time: long(ev, 48),
    state: ev.readInt32LE(56),
  };
}

/** XFixesSelectionNotifyEvent: the new owner window (0: none) of `selection`. */
export function fixesSelection(ev: Buffer): { owner: number; selection: number } {
  return { owner: long(ev, 48), selection: long(ev, 56) };
}

/** 32-bit property items as Xlib returns them (C longs) as numbers. */
export function longsOf(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: number[] = [];
  for (let at = 0; at + 8 <= bytes.byteLength; at += 8)
    out.push(Number(view.getBigUint64(at, true)));
  return out;
}
