/**
 * 32-bit screen pixels as the platforms hand them out (GDI DIB sections and TrueColor X
 * servers: B,G,R,X in memory) to the contract's tight RGBA. Pure code shared by the capture
 * of several platform folders; no platform library here.
 */

export interface RawPixels {
  /** The platform's bytes: `height` rows of `stride` bytes, 4 bytes a pixel. */
  src: Uint8Array;
  width: number;
  height: number;
  stride: number;
  /** Byte order of a pixel: 'bgrx' (red in the third byte) or 'rgbx' (red first). */
  order: 'bgrx' | 'rgbx';
}

const OPAQUE = 0xff000000;

/** A 32-bit word view of the bytes; copies them first when they sit at an unaligned offset. */
function words(bytes: Uint8Array): Uint32Array {
  // new Uint8Array(x) copies, whatever x is (a Buffer's slice() would not).
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}

/**
 * Tight RGBA with alpha forced opaque (GDI and X leave that byte undefined). One 32-bit read
 * and write per pixel (little-endian words, as on every machine Node runs on): about a fifth
 * of the time of byte-by-byte copying.
 */
export function toRgba(raw: RawPixels): Uint8Array {
  const { width, height, stride, order } = raw;
  if (stride % 4 !== 0 || stride < width * 4 || raw.src.byteLength < stride * height) {
    throw new RangeError(`pixel rows of ${stride} bytes do not hold ${width} pixels`);
  }
  const src = words(raw.src);
  // Every word is written below, so the zero fill of a new Uint8Array would be wasted (a
  // full-screen image is 5 MB); Buffers this large never come from the shared pool.
  // A plain Uint8Array over it, not the Buffer: Buffer's slice() is a view, not a copy.
  const unfilled = Buffer.allocUnsafeSlow(width * height * 4);
  const out = new Uint8Array(unfilled.buffer, unfilled.byteOffset, unfilled.byteLength);
  const dst = new Uint32Array(out.buffer, out.byteOffset, width * height);
  const rowWords = stride >>> 2;
  for (let y = 0; y < height; y++) {
    let s = y * rowWords;
    let d = y * width;
    const end = d + width;
    if (order === 'rgbx') {
      for (; d < end; d++, s++) dst[d] = (src[s] as number) | OPAQUE;
    } else {
      for (; d < end; d++, s++) {
        const w = src[s] as number;
        dst[d] = OPAQUE | ((w & 0xff) << 16) | (w & 0xff00) | ((w >>> 16) & 0xff);
      }
    }
  }
  return out;
}
