import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Mark, Rect } from '../../../protocol/src/index.js';
import type { CapturedImage } from '../../../src/backends/backend.js';
import { encodeImage } from '../../../src/pixels/encode.js';
import {
  GLYPH_WIDTH,
  glyphMask,
  MARK_RGB,
  markGeometry,
  paintMarks,
  TAG_HEIGHT,
  TAG_PADDING,
  TAG_TEXT_RGB,
} from '../../../src/pixels/mark-paint.js';

type Box = { x0: number; y0: number; x1: number; y1: number };
type Pixels = { data: Buffer; width: number };

const area: Rect = { x: 50, y: 20, width: 600, height: 400 };
const mark = (n: number, ref: string, x: number, y: number, width: number, height: number) =>
  ({ n, ref, role: 'Button', name: `b${n}`, rect: { x, y, width, height } }) satisfies Mark;
const MARKS: Mark[] = [
  mark(1, 'e12', 150, 100, 160, 60),
  mark(2, 'e7', 400, 24, 90, 40), // near the top: its tag is clamped to row 0
  mark(10, 'e345', 80, 300, 200, 50),
];
const TAG_CHARS = [...'0123456789e '];

/** A capture whose every byte differs from its neighbours, so that any stray write shows. */
function capture(): CapturedImage {
  const { width, height } = area;
  const data = new Uint8Array(width * height * 4).map((_, i) =>
    i % 4 === 3 ? 255 : (i * 37) % 251,
  );
  return { width, height, data, rect: area, scale: 1 };
}

async function encoded(maxWidth: number, marks: readonly Mark[] | null): Promise<Pixels> {
  const overlay =
    marks === null
      ? undefined
      : (img: Parameters<typeof paintMarks>[0], f: number) => paintMarks(img, marks, area, f);
  const out = await encodeImage(capture(), { format: 'png', quality: 80, maxWidth, overlay });
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(3);
  return { data, width: info.width };
}

const rgbAt = (p: Pixels, x: number, y: number) => [
  ...p.data.subarray((y * p.width + x) * 3, (y * p.width + x) * 3 + 3),
];
const within = (b: Box, x: number, y: number) => x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1;
const onFrame = (b: Box, x: number, y: number) =>
  within(b, x, y) && !within({ x0: b.x0 + 2, y0: b.y0 + 2, x1: b.x1 - 2, y1: b.y1 - 2 }, x, y);

/** The tag text's colour over the mark colour at a glyph's coverage, as the painter blends. */
const textOver = (a: number) =>
  MARK_RGB.map((m, c) => Math.trunc(((TAG_TEXT_RGB[c] as number) * a + m * (255 - a) + 127) / 255));

/** The characters whose rendering matches the cell exactly, at cell `i` of a tag. */
async function charsAt(p: Pixels, tag: Box, i: number): Promise<string[]> {
  const x0 = tag.x0 + TAG_PADDING + i * GLYPH_WIDTH;
  const found: string[] = [];
  for (const ch of TAG_CHARS) {
    const mask = await glyphMask(ch);
    let same = true;
    for (let k = 0; k < mask.length && same; k++) {
      const got = rgbAt(p, x0 + (k % GLYPH_WIDTH), tag.y0 + Math.floor(k / GLYPH_WIDTH));
      same = got.join() === textOver(mask[k] as number).join();
    }
    if (same) found.push(ch);
  }
  return found;
}

async function readTag(p: Pixels, tag: Box): Promise<string> {
  const cells = (tag.x1 - tag.x0 - 2 * TAG_PADDING) / GLYPH_WIDTH;
  let text = '';
  for (let i = 0; i < cells; i++) {
    const found = await charsAt(p, tag, i);
    expect(found.length, `cell ${i} of the tag at ${tag.x0},${tag.y0}`).toBe(1);
    text += found[0];
  }
  return text;
}

describe('paintMarks, through the PNG encoder', () => {
  it.each([
    ['at the captured size', 600, 1],
    ['on a capture scaled to half', 300, 0.5],
  ])('boxes each element and tags it readably, %s', async (_, maxWidth, f) => {
    const out = await encoded(maxWidth, MARKS);
    for (const m of MARKS) {
      const { box, tag } = markGeometry(m, area, f);
      expect(box.x0).toBe(Math.round((m.rect.x - area.x) * f) - 1);
      expect(box.x1).toBe(Math.round((m.rect.x + m.rect.width - area.x) * f) + 1);
      expect(tag.y0).toBe(Math.max(0, box.y0 + 1 - TAG_HEIGHT));
      expect(await readTag(out, tag)).toBe(`${m.n} ${m.ref}`);
      for (let y = box.y0; y < box.y1; y++)
        for (let x = box.x0; x < box.x1; x++)
          if (onFrame(box, x, y) && !within(tag, x, y)) expect(rgbAt(out, x, y)).toEqual(MARK_RGB);
    }
  });

  it.each([600, 300])(
    'leaves every pixel outside the boxes and tags as captured (width %i)',
    async (maxWidth) => {
      const plain = await encoded(maxWidth, null);
      const marked = await encoded(maxWidth, MARKS);
      const f = maxWidth / area.width;
      const shapes = MARKS.map((m) => markGeometry(m, area, f));
      const height = plain.data.length / 3 / plain.width;
      let changed = 0;
      let outside = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < plain.width; x++) {
          const painted = shapes.some((s) => onFrame(s.box, x, y) || within(s.tag, x, y));
          const same = rgbAt(plain, x, y).join() === rgbAt(marked, x, y).join();
          if (!painted && !same) outside++;
          if (painted && !same) changed++;
        }
      }
      expect(outside).toBe(0);
      expect(changed).toBeGreaterThan(1000);
    },
  );

  it('draws the digits as distinct, solid glyphs, white on the mark colour at >= 4.5:1', async () => {
    const masks = await Promise.all([...'0123456789e'].map((c) => glyphMask(c)));
    expect(new Set(masks.map((m) => m.join())).size).toBe(masks.length);
    for (const m of masks) expect(m.filter((a) => a >= 160).length).toBeGreaterThanOrEqual(8);
    expect((await glyphMask(' ')).every((a) => a === 0)).toBe(true);
    const lum = (rgb: readonly number[]) =>
      rgb
        .map((v) => v / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((s, c, i) => s + c * ([0.2126, 0.7152, 0.0722][i] as number), 0);
    expect((lum(TAG_TEXT_RGB) + 0.05) / (lum(MARK_RGB) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('clips marks at the image edges without writing outside the image', async () => {
    const img = { data: new Uint8Array(40 * 30 * 4), width: 40, height: 30 };
    const edge = [mark(123, 'e4567', 45, 15, 100, 100)];
    await paintMarks(img, edge, area, 1);
    expect(img.data.length).toBe(40 * 30 * 4);
    expect([...img.data.subarray(0, 3)]).toEqual(MARK_RGB); // the tag, clamped to row 0
    expect(img.data[3]).toBe(0); // alpha is never written
  });
});
