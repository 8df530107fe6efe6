/**
 * CF_DIB (a BITMAPINFOHEADER and its pixels) as PNG bytes, so an image an app copied as a
 * bitmap reads back as the PNG the protocol speaks. 24- and 32-bit uncompressed (BI_RGB) and
 * 32-bit BI_BITFIELDS DIBs, bottom-up or top-down; others answer null. Pure: no platform code.
 */
import { deflateSync } from 'node:zlib';

const BI_RGB = 0;
const BI_BITFIELDS = 3;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** RGB or RGBA rows (filter byte 0 each) as a PNG. */
export function encodePng(width: number, height: number, alpha: boolean, rows: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A packed DIB as PNG bytes, or null when its layout is not one read here. */
export function dibToPng(dib: Uint8Array): Uint8Array | null {
  const b = Buffer.from(dib.buffer, dib.byteOffset, dib.byteLength);
  if (b.byteLength < 40) return null;
  const headerSize = b.readUInt32LE(0);
  const width = b.readInt32LE(4);
  const rawHeight = b.readInt32LE(8);
  const bits = b.readUInt16LE(14);
  const compression = b.readUInt32LE(16);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || (bits !== 24 && bits !== 32)) return null;
  if (compression !== BI_RGB && !(compression === BI_BITFIELDS && bits === 32)) return null;
  // A 40-byte header with BI_BITFIELDS is followed by its three masks.
  const offset = headerSize + (compression === BI_BITFIELDS && headerSize === 40 ? 12 : 0);
  const stride = Math.floor((width * bits + 31) / 32) * 4;
  if (offset + stride * height > b.byteLength) return null;
  const step = bits / 8;
  const rowAt = (y: number): number => offset + stride * (rawHeight > 0 ? height - 1 - y : y);
  // Many apps leave a 32-bit DIB's fourth byte 0: then it carries no alpha.
  let alpha = false;
  if (bits === 32)
    for (let y = 0; y < height && !alpha; y++)
      for (let x = 0; x < width && !alpha; x++) alpha = (b[rowAt(y) + x * 4 + 3] ?? 0) !== 0;
  const channels = alpha ? 4 : 3;
  const rows = Buffer.alloc(height * (1 + width * channels));
  let out = 0;
  for (let y = 0; y < height; y++) {
    rows[out++] = 0;
    const row = rowAt(y);
    for (let x = 0; x < width; x++) {
      const p = row + x * step;
      rows[out++] = b[p + 2] ?? 0;
      rows[out++] = b[p + 1] ?? 0;
      rows[out++] = b[p] ?? 0;
      if (alpha) rows[out++] = b[p + 3] ?? 0;
    }
  }
  return encodePng(width, height, alpha, rows);
}
