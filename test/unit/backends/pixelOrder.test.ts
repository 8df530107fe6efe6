import { expect, it } from 'vitest';
import { toRgba } from '../../../src/backends/pixelOrder.js';

/** Two rows of two pixels, rows padded to 12 bytes, at an unaligned offset in their buffer. */
function padded(order: number[][]): Uint8Array {
  const buf = new Uint8Array(1 + 24);
  const rows = [order.slice(0, 2), order.slice(2, 4)];
  rows.forEach((row, y) => row.forEach((px, x) => buf.set(px, 1 + y * 12 + x * 4)));
  return buf.subarray(1);
}

const pixels = [
  [1, 2, 3, 0],
  [10, 20, 30, 7],
  [0, 0, 255, 0],
  [200, 100, 50, 99],
];

it('swaps BGRX to RGBA, drops row padding and makes alpha opaque', () => {
  const out = toRgba({ src: padded(pixels), width: 2, height: 2, stride: 12, order: 'bgrx' });
  expect([...out]).toEqual([3, 2, 1, 255, 30, 20, 10, 255, 255, 0, 0, 255, 50, 100, 200, 255]);
});

it('keeps RGBX order as it is, alpha opaque', () => {
  const out = toRgba({ src: padded(pixels), width: 2, height: 2, stride: 12, order: 'rgbx' });
  expect([...out]).toEqual([1, 2, 3, 255, 10, 20, 30, 255, 0, 0, 255, 255, 200, 100, 50, 255]);
});

it('refuses rows too short for the width', () => {
  const src = new Uint8Array(16);
  expect(() => toRgba({ src, width: 3, height: 1, stride: 8, order: 'bgrx' })).toThrow(RangeError);
});

it('reads a Buffer at an unaligned offset and answers a plain Uint8Array', () => {
  const src = Buffer.concat([Buffer.alloc(3), Buffer.from(padded(pixels))]).subarray(3);
  expect(src.byteOffset % 4).not.toBe(0);
  const out = toRgba({ src, width: 2, height: 2, stride: 12, order: 'bgrx' });
  expect(Buffer.isBuffer(out)).toBe(false);
  expect([...out.subarray(0, 8)]).toEqual([3, 2, 1, 255, 30, 20, 10, 255]);
});
