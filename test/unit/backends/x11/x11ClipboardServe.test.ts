/** The owner's INCR transfers: chunks as the requestor deletes, and a stuck requestor dropped. */
import { describe, expect, it } from 'vitest';
import {
  INCR_IDLE_MS,
  SelectionServer,
  type ClipboardAtoms,
} from '../../../../src/backends/x11/x11ClipboardServe.js';
import type { X11SelectionLib } from '../../../../src/backends/x11/x11SelectionLib.js';

const NAMES = [
  'CLIPBOARD',
  'TARGETS',
  'TIMESTAMP',
  'MULTIPLE',
  'INCR',
  'ATOM',
  'INTEGER',
  'UTF8_STRING',
  'STRING',
  'TEXT',
  'TEXT_PLAIN_UTF8',
  'TEXT_PLAIN',
  'HTML',
  'PNG',
  'TRANSFER',
] as const;
const atoms = Object.fromEntries(NAMES.map((n, i) => [n, i + 1])) as unknown as ClipboardAtoms;

/** A lib that records property writes and event masks instead of talking to a server. */
function fakeLib() {
  const writes: { type: number; bytes: number }[] = [];
  const masks: number[] = [];
  const lib = {
    change: (_d: unknown, _w: number, _p: number, type: number, data: ArrayLike<number>) => {
      writes.push({ type, bytes: data.length });
    },
    sendEvent: () => undefined,
    flush: () => undefined,
    dropErrors: () => undefined,
    selectInput: (_d: unknown, _w: number, mask: number) => masks.push(mask),
  };
  return { lib: lib as unknown as X11SelectionLib, writes, masks };
}

const REQUESTOR = 77;
const PROPERTY = 99;

function startTransfer(now: number) {
  const { lib, writes, masks } = fakeLib();
  const server = new SelectionServer(lib, null, atoms, 4);
  server.own({ text: 'abcdefghij' }, 1);
  server.answer(
    {
      owner: 1,
      requestor: REQUESTOR,
      selection: atoms.CLIPBOARD,
      target: atoms.UTF8_STRING,
      property: PROPERTY,
      time: 0,
    },
    now,
  );
  return { server, writes, masks };
}

describe('SelectionServer INCR', () => {
  it('sends the data in chunks as the requestor deletes the property, then ends', () => {
    const { server, writes, masks } = startTransfer(0);
    expect(writes[0]).toEqual({ type: atoms.INCR, bytes: 1 });
    for (let i = 0; i < 4; i++) server.onPropertyDeleted(REQUESTOR, PROPERTY, i);
    expect(writes.slice(1).map((w) => w.bytes)).toEqual([4, 4, 2, 0]);
    expect(server.busy).toBe(false);
    expect(masks.at(-1)).toBe(0);
  });

  it('keeps a transfer whose requestor is taking chunks, drops one that stopped', () => {
    const { server, masks } = startTransfer(0);
    server.onPropertyDeleted(REQUESTOR, PROPERTY, INCR_IDLE_MS);
    expect(server.expire(INCR_IDLE_MS + 1)).toBe(0);
    expect(server.busy).toBe(true);
    expect(server.expire(2 * INCR_IDLE_MS + 1)).toBe(1);
    expect(server.busy).toBe(false);
    expect(masks.at(-1)).toBe(0);
  });
});
