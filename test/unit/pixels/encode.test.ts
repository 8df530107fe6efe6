import { describe, expect, it } from 'vitest';
import type { CapturedImage } from '../../../src/backends/backend.js';
import { outputSize, PIXELS_PER_IMAGE_TOKEN } from '../../../src/pixels/encode.js';

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
