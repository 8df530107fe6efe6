/**
 * The requestor's half of the selection protocol: ask the owner to convert the CLIPBOARD to a
 * target onto our window's property, wait for its SelectionNotify, read and delete the
 * property; when its type is INCR, deleting it starts the transfer and each chunk arrives as a
 * new value of the property, to be read and deleted in turn, until a zero-length one.
 * Waiters are registered before the request that triggers their event is flushed, and events
 * are only dispatched from a later turn of the event loop, so none is missed.
 */
import { InvalidParamsError } from '../../errors.js';
import type { ClipboardAtoms } from './x11ClipboardServe.js';
import { eventType, longsOf, propertyEvent, selectionNotify } from './x11SelectionEvents.js';
import { PROPERTY_NEW_VALUE, X_SEL, type X11SelectionLib } from './x11SelectionLib.js';

export interface Waiters {
  lib: X11SelectionLib;
  d: unknown;
  window: number;
  atoms: ClipboardAtoms;
  wait(match: (ev: Buffer) => boolean, signal: AbortSignal, what: string): Promise<Buffer>;
}

/** The owner's data for `target`, or undefined when it refused the conversion. */
export async function readIncoming(
  io: Waiters,
  target: number,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array | undefined> {
  const { lib, d, window, atoms } = io;
  lib.deleteProperty(d, window, atoms.TRANSFER);
  const notified = io.wait(
    (ev) => {
      if (eventType(ev) !== X_SEL.SelectionNotify) return false;
      const n = selectionNotify(ev);
      return n.requestor === window && n.selection === atoms.CLIPBOARD && n.target === target;
    },
    signal,
    'SelectionNotify',
  );
  lib.convert(d, atoms.CLIPBOARD, target, atoms.TRANSFER, window, 0);
  lib.flush(d);
  const answer = selectionNotify(await notified);
  if (answer.property === 0) return undefined;
  const first = lib.read(d, window, answer.property, maxBytes + 1, true);
  if (first === null) return undefined;
  if (first.type !== atoms.INCR) {
    if (first.bytes.byteLength > maxBytes || first.after > 0) {
      lib.deleteProperty(d, window, answer.property);
      throw tooLarge(first.bytes.byteLength + first.after, maxBytes);
    }
    return first.bytes;
  }
  const announced = longsOf(first.bytes)[0] ?? 0;
  if (announced > maxBytes) throw tooLarge(announced, maxBytes);
  return readChunks(io, answer.property, maxBytes, signal);
}

async function readChunks(
  io: Waiters,
  property: number,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const { lib, d, window } = io;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // The delete of the previous read (or of the INCR property) made the owner write this one.
    await io.wait(
      (e) => {
        if (eventType(e) !== X_SEL.PropertyNotify) return false;
        const p = propertyEvent(e);
        return p.window === window && p.atom === property && p.state === PROPERTY_NEW_VALUE;
      },
      signal,
      'the next INCR chunk',
    );
    const chunk = lib.read(d, window, property, maxBytes - size + 1, true);
    lib.flush(d);
    if (chunk === null || chunk.bytes.byteLength === 0) break;
    size += chunk.bytes.byteLength;
    if (size > maxBytes || chunk.after > 0) {
      lib.deleteProperty(d, window, property);
      throw tooLarge(size + chunk.after, maxBytes);
    }
    chunks.push(chunk.bytes);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function tooLarge(size: number, limit: number): InvalidParamsError {
  return new InvalidParamsError(
    `the clipboard holds ${size} bytes or more, over the limit ${limit}`,
    { details: { bytes: size, limit } },
  );
}
