import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dibToPng } from '../../../../src/backends/uia/uiaDibPng.js';

/** A packed DIB: BITMAPINFOHEADER then rows of BGR(A) pixels padded to 4 bytes. */
function dib(width: number, height: number, bits: 24 | 32, pixels: number[][]): Buffer {
  const stride = Math.floor((width * bits + 31) / 32) * 4;
  const out = Buffer.alloc(40 + stride * Math.abs(height));
  out.writeUInt32LE(40, 0);
  out.writeInt32LE(width, 4);
  out.writeInt32LE(height, 8);
  out.writeUInt16LE(1, 12);
  out.writeUInt16LE(bits, 14);
  const rows = Math.abs(height);
  for (let y = 0; y < rows; y++) {
    // Bottom-up (positive height): the first stored row is the bottom one.
    const stored = height > 0 ? rows - 1 - y : y;
    for (let x = 0; x < width; x++) {
      const [r = 0, g = 0, b = 0, a = 0] = pixels[y * width + x] ?? [];
      const at = 40 + stored * stride + x * (bits / 8);
      out.set(bits === 32 ? [b, g, r, a] : [b, g, r], at);
    }
  }
  return out;
}

async function rgba(png: Uint8Array): Promise<number[][]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const out: number[][] = [];
  for (let i = 0; i < info.width * info.height; i++)
    out.push(Array.from(data.subarray(i * 4, i * 4 + 4)));
  return out;
}

const PIXELS = [
  [255, 0, 0, 255],
  [0, 255, 0, 255],
  [0, 0, 255, 255],
  [10, 20, 30, 255],
  [200, 100, 50, 255],
  [1, 2, 3, 255],
];

describe('dibToPng', () => {
  it('turns a bottom-up 24-bit DIB with padded rows into the same pixels', async () => {
    const png = dibToPng(dib(3, 2, 24, PIXELS));
    expect(png).not.toBeNull();
    expect(await rgba(png as Uint8Array)).toEqual(PIXELS);
  });

  it('keeps the alpha of a top-down 32-bit DIB, and treats an all-zero alpha as opaque', async () => {
    const translucent = PIXELS.map(([r, g, b], i) => [r ?? 0, g ?? 0, b ?? 0, 40 * i]);
    expect(await rgba(dibToPng(dib(3, -2, 32, translucent)) as Uint8Array)).toEqual(translucent);
    const zeroAlpha = PIXELS.map(([r, g, b]) => [r ?? 0, g ?? 0, b ?? 0, 0]);
    expect(await rgba(dibToPng(dib(3, 2, 32, zeroAlpha)) as Uint8Array)).toEqual(PIXELS);
  });

  it('answers null for layouts it does not read', () => {
    const paletted = dib(2, 2, 24, PIXELS);
    paletted.writeUInt16LE(8, 14);
    expect(dibToPng(paletted)).toBeNull();
    expect(dibToPng(Buffer.alloc(12))).toBeNull();
    expect(dibToPng(dib(3, 2, 24, PIXELS).subarray(0, 50))).toBeNull();
  });
});
