import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CapturedImage } from '../../../src/backends/backend.js';
import { encodeImage, outputSize, PIXELS_PER_IMAGE_TOKEN } from '../../../src/pixels/encode.js';

const image = (width: number, height: number): CapturedImage => ({
  width,
  height,
  data: new Uint8Array(0),
  rect: { x: 0, y: 0, width, height },
  scale: 1,
});

const tokens = (s: { width: number; height: number }): number =>
  (s.width * s.height) / PIXELS_PER_IMAGE_TOKEN;

describe('outputSize', () => {
  it('scales a 1165x924 window to its 640 image-token budget, keeping its shape', () => {
    const s = outputSize(image(1165, 924), { maxImageTokens: 640 });
    expect(tokens(s)).toBeLessThanOrEqual(640);
    expect(tokens(s)).toBeGreaterThan(630);
    expect(s.width / s.height).toBeCloseTo(1165 / 924, 2);
  });

  it('never enlarges, and the tightest of the bounds wins', () => {
    expect(outputSize(image(400, 300), { maxImageTokens: 640 })).toMatchObject({ width: 400 });
    expect(outputSize(image(2000, 1000), { maxImageTokens: 1600, maxWidth: 500 }).width).toBe(500);
    expect(outputSize(image(2000, 1000), { maxImageTokens: 100, maxWidth: 1500 }).width).toBe(387);
  });
});

describe('encodeImage with an overlay', () => {
  const grey = (width: number, height: number): CapturedImage => ({
    ...image(width, height),
    data: new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : 200)),
  });
  const overlay = (w: number, h: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<rect x="${w / 4}" y="${h / 4}" width="${w / 2}" height="${h / 2}" fill="#ff0000"/>` +
    `<rect x="0" y="0" width="${w / 8}" height="${h / 8}" fill="#0000ff" fill-opacity="0.5"/></svg>`;
  const pixelAt = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * info.channels;
    return [...data.subarray(i, i + 3)];
  };

  it.each([
    ['at the captured size', {}, 1],
    ['after a resize', { maxWidth: 40 }, 0.5],
  ])('draws the overlay over the pixels, blending its alpha, %s', async (_, bound, f) => {
    const out = await encodeImage(grey(80, 60), {
      format: 'png',
      quality: 80,
      ...bound,
      overlay: (w, h) => overlay(w, h),
    });
    expect(out.width).toBe(80 * f);
    expect(await pixelAt(out.bytes, 40 * f, 30 * f)).toEqual([255, 0, 0]);
    expect(await pixelAt(out.bytes, 70 * f, 50 * f)).toEqual([200, 200, 200]);
    expect(await pixelAt(out.bytes, 2, 2)).toEqual([100, 100, 228]);
  });
});
