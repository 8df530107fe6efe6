/** GUID text <-> the 16 bytes COM passes by reference (REFIID / REFCLSID). Pure. */
import { InvalidParamsError } from '../../errors.js';

const GUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The in-memory GUID layout: Data1 (LE u32), Data2 (LE u16), Data3 (LE u16), Data4 (8 bytes). */
export function guidBytes(text: string): Buffer {
  if (!GUID_TEXT.test(text)) throw new InvalidParamsError(`not a GUID: ${text}`);
  const hex = text.replace(/-/g, '');
  const out = Buffer.alloc(16);
  out.writeUInt32LE(Number.parseInt(hex.slice(0, 8), 16), 0);
  out.writeUInt16LE(Number.parseInt(hex.slice(8, 12), 16), 4);
  out.writeUInt16LE(Number.parseInt(hex.slice(12, 16), 16), 6);
  Buffer.from(hex.slice(16), 'hex').copy(out, 8);
  return out;
}

/** Back to lower-case text (for comparing a riid a caller passed in). */
export function guidText(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, 16);
  const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
  return [
    hex(b.readUInt32LE(0), 8),
    hex(b.readUInt16LE(4), 4),
    hex(b.readUInt16LE(6), 4),
    b.subarray(8, 10).toString('hex'),
    b.subarray(10, 16).toString('hex'),
  ].join('-');
}
