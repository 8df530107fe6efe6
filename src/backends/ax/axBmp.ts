/**
 * BMP -> RGBA, for `screencapture -t bmp` (ImageIO writes uncompressed 24- or 32-bit rows,
 * bottom-up, with channel masks for 32-bit). Decoding here keeps image libraries out of the
 * backend folder (only src/pixels encodes images) and needs no extra process.
 */
import { ActionFailedError } from '../../errors.js';

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;

function shiftOf(mask: number): number {
  if (mask === 0) return -1;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return shift;
}

interface Layout {
  width: number;
  height: number;
  topDown: boolean;
  bits: number;
  offset: number;
  masks: [number, number, number, number];
}

function layoutOf(bmp: Buffer): Layout {
  if (bmp.length < 54 || bmp.toString('latin1', 0, 2) !== 'BM')
    throw new ActionFailedError('screencapture did not write a BMP image');
  const headerSize = bmp.readUInt32LE(14);
  const width = bmp.readInt32LE(18);
  const rawHeight = bmp.readInt32LE(22);
  const bits = bmp.readUInt16LE(28);
  const compression = bmp.readUInt32LE(30);
  if ((bits !== 24 && bits !== 32) || (compression !== BI_RGB && compression !== BI_BITFIELDS))
    throw new ActionFailedError(`unsupported BMP: ${bits} bits, compression ${compression}`);
  // Default 32-bit BI_RGB layout is BGRX; BITFIELDS (or a V4/V5 header) gives the masks.
  let masks: Layout['masks'] = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  if (bits === 32 && (compression === BI_BITFIELDS || headerSize >= 56)) {
    const at = 14 + 40;
    masks = [bmp.readUInt32LE(at), bmp.readUInt32LE(at + 4), bmp.readUInt32LE(at + 8), 0];
    if (headerSize >= 56) masks[3] = bmp.readUInt32LE(at + 12);
  }
  return {
    width,
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bits,
    offset: bmp.readUInt32LE(10),
    masks,
  };
}

export function decodeBmp(bmp: Buffer): RgbaImage {
  const { width, height, topDown, bits, offset, masks } = layoutOf(bmp);
  const bytesPerPixel = bits / 8;
  const stride = Math.ceil((width * bytesPerPixel) / 4) * 4;
  if (offset + stride * height > bmp.length) throw new ActionFailedError('truncated BMP image');
  const shifts = masks.map(shiftOf);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const at = row + x * bytesPerPixel;
      const out = (y * width + x) * 4;
      if (bits === 24) {
        data[out] = bmp[at + 2] ?? 0;
        data[out + 1] = bmp[at + 1] ?? 0;
        data[out + 2] = bmp[at] ?? 0;
        data[out + 3] = 255;
        continue;
      }
      const pixel = bmp.readUInt32LE(at);
      for (let c = 0; c < 4; c++) {
        const shift = shifts[c] ?? -1;
        data[out + c] = shift < 0 ? 255 : (pixel >>> shift) & 0xff;
      }
    }
  }
  return { width, height, data };
}

/** A rectangle of an RGBA image (clamped to it). */
export function cropRgba(
  image: RgbaImage,
  x: number,
  y: number,
  width: number,
  height: number,
): RgbaImage {
  const x0 = Math.max(0, Math.min(image.width, Math.round(x)));
  const y0 = Math.max(0, Math.min(image.height, Math.round(y)));
  const w = Math.max(0, Math.min(image.width - x0, Math.round(width)));
  const h = Math.max(0, Math.min(image.height - y0, Math.round(height)));
  const data = new Uint8Array(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y0 + row) * image.width + x0) * 4;
    data.set(image.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { width: w, height: h, data };
}
