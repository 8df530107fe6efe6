import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CapturedImage } from '../../../src/backends/backend.js';
import type { RgbaImage } from '../../../src/pixels/mark-paint.js';
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
  /** Paints the middle pixel of the output red, and records what it was given. */
  const seen: { width: number; height: number; factor: number }[] = [];
  const overlay = (img: RgbaImage, factor: number): Promise<void> => {
    seen.push({ width: img.width, height: img.height, factor });
    const i = ((img.height / 2) * img.width + img.width / 2) * 4;
    img.data.set([255, 0, 0], i);
    return Promise.resolve();
  };
  const pixelAt = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * info.channels;
    return [...data.subarray(i, i + 3)];
  };

  it.each([
    ['at the captured size', {}, 1],
    ['after a resize', { maxWidth: 40 }, 0.5],
  ])('paints over the pixels at the output size, %s', async (_, bound, f) => {
    seen.length = 0;
    const out = await encodeImage(grey(80, 60), { format: 'png', quality: 80, ...bound, overlay });
    expect(seen).toEqual([{ width: 80 * f, height: 60 * f, factor: f }]);
    expect(out.width).toBe(80 * f);
    expect(await pixelAt(out.bytes, 40 * f, 30 * f)).toEqual([255, 0, 0]);
    expect(await pixelAt(out.bytes, 40 * f - 1, 30 * f)).toEqual([200, 200, 200]);
  });
});
