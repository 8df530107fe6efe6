/** BMP decoding for `screencapture -t bmp`: 24-bit bottom-up and 32-bit masked top-down rows. */
import { describe, expect, it } from 'vitest';
import { cropRgba, decodeBmp } from '../../../../src/backends/ax/axBmp.js';
import { captureArgs, matchCgWindow } from '../../../../src/backends/ax/axCapture.js';

/** A BMP of 2x2 pixels, red green / blue white, in the given layout. */
function bmp(bits: 24 | 32, topDown: boolean): Buffer {
  const header = bits === 32 ? 56 : 40;
  const stride = bits === 24 ? 8 : 8; // 2 px * 3 bytes padded to 8; 2 px * 4 bytes
  const offset = 14 + header;
  const out = Buffer.alloc(offset + stride * 2);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(header, 14);
  out.writeInt32LE(2, 18);
  out.writeInt32LE(topDown ? -2 : 2, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bits, 28);
  out.writeUInt32LE(bits === 32 ? 3 : 0, 30);
  if (bits === 32) {
    // RGBA byte order in memory: R mask 0xff, G 0xff00, B 0xff0000, A 0xff000000.
    [0xff, 0xff00, 0xff0000, 0xff000000].forEach((m, i) => out.writeUInt32LE(m >>> 0, 54 + i * 4));
  }
  const rows = [
    [
      [255, 0, 0],
      [0, 255, 0],
    ],
    [
      [0, 0, 255],
      [255, 255, 255],
    ],
  ];
  rows.forEach((row, y) => {
    const at = offset + (topDown ? y : 1 - y) * stride;
    row.forEach(([r, g, b], x) => {
      const p = at + x * (bits / 8);
      if (bits === 24) out.set([b ?? 0, g ?? 0, r ?? 0], p);
      else out.set([r ?? 0, g ?? 0, b ?? 0, 200], p);
    });
  });
  return out;
}

const RGBA = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255];

describe('BMP decoding', () => {
  it('reads 24-bit bottom-up rows', () => {
    const image = decodeBmp(bmp(24, false));
    expect([image.width, image.height]).toEqual([2, 2]);
    expect([...image.data]).toEqual(RGBA);
  });

  it('reads 32-bit top-down rows through the channel masks', () => {
    const image = decodeBmp(bmp(32, true));
    expect([...image.data]).toEqual(RGBA.map((v, i) => (i % 4 === 3 ? 200 : v)));
  });

  it('refuses what is not a BMP and crops within bounds', () => {
    expect(() => decodeBmp(Buffer.from('PNG....'.repeat(10)))).toThrow(/not write a BMP/);
    const crop = cropRgba(decodeBmp(bmp(24, false)), 1, 1, 5, 5);
    expect([crop.width, crop.height, ...crop.data]).toEqual([1, 1, 255, 255, 255, 255]);
  });

  it('captures a window by its CGWindow id, else a screen rectangle', () => {
    const windows = [
      {
        windowId: 9,
        pid: 5,
        owner: 'A',
        title: '',
        layer: 0,
        bounds: { x: 10, y: 20, width: 300, height: 200 },
      },
    ];
    expect(matchCgWindow(windows, 5, { x: 11, y: 20, width: 300, height: 199 })?.windowId).toBe(9);
    expect(matchCgWindow(windows, 6, { x: 10, y: 20, width: 300, height: 200 })).toBeUndefined();
    expect(captureArgs({ windowId: 9 }, '/t/s.bmp')).toEqual([
      '-x',
      '-o',
      '-t',
      'bmp',
      '-l9',
      '/t/s.bmp',
    ]);
    expect(captureArgs({ rect: { x: 1, y: 2, width: 3, height: 4 } }, 'f')).toEqual([
      '-x',
      '-t',
      'bmp',
      '-R1,2,3,4',
      'f',
    ]);
  });
});
