/**
 * Image bytes on the wire: a Uint8Array whose JSON form is base64. The MessagePack codec writes
 * it as binary (it ignores toJSON), the JSON codec as a base64 string, with no per-message cost
 * for anything else.
 */
export class WireBytes extends Uint8Array {
  toJSON(): string {
    return Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString('base64');
  }
}

export function wireBytes(buf: Uint8Array): WireBytes {
  const out = new WireBytes(buf.byteLength);
  out.set(buf);
  return out;
}

/** Base64 of image bytes, whatever form they arrived in. */
export function toBase64(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}
