/**
 * The set-of-marks overlay, painted straight into the captured RGBA at the output size: a
 * 2-pixel box on each mark's edges and, above it, a filled tag with `n ref` in white. Only the
 * pixels of the boxes and tags are written. Rendering a full-frame overlay and blending it cost
 * ~3.7 ms of a ~5 ms capture (800x600), about as much as the capture and its PNG; the tags'
 * characters are rasterised once (the font as before) and kept as alpha masks, so a capture
 * blends a few hundred pixels per mark in integers.
 */
import sharp from 'sharp';
import type { Mark, Rect } from '../../protocol/src/index.js';

/** Raw RGBA pixels, 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The marks' colour (boxes and tag fill) and the tag text's colour. */
export const MARK_RGB: readonly number[] = [0xe8, 0x11, 0x5b];
export const TAG_TEXT_RGB: readonly number[] = [0xff, 0xff, 0xff];
/** Tag geometry in output pixels: one character cell per glyph, padding left and right. */
export const TAG_HEIGHT = 14;
export const GLYPH_WIDTH = 7;
export const TAG_PADDING = 3;
const BASELINE = 11;
const FONT = 'font-family="DejaVu Sans Mono" font-size="11"';
/** Tags hold `n ref` (digits, `e`, a space): a bound only against unexpected ref alphabets. */
const MAX_GLYPHS = 256;

const glyphs = new Map<string, Promise<Uint8Array>>();

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function rasterise(ch: string): Promise<Uint8Array> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${GLYPH_WIDTH}" height="${TAG_HEIGHT}">` +
    `<text x="0" y="${BASELINE}" ${FONT} fill="#ffffff">${escapeXml(ch)}</text></svg>`;
  const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return new Uint8Array(GLYPH_WIDTH * TAG_HEIGHT).map((_, i) => rgba[i * 4 + 3] as number);
}

/** One character's coverage (0-255) in a GLYPH_WIDTH x TAG_HEIGHT cell, rasterised once. */
export function glyphMask(ch: string): Promise<Uint8Array> {
  let mask = glyphs.get(ch);
  if (mask === undefined) {
    if (glyphs.size >= MAX_GLYPHS) glyphs.clear();
    mask = rasterise(ch);
    glyphs.set(ch, mask);
    mask.catch(() => glyphs.delete(ch));
  }
  return mask;
}

/** The text of a mark's tag. */
export function tagText(m: Mark): string {
  return `${m.n} ${m.ref}`;
}

function fill(
  img: RgbaImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rgb: readonly number[],
) {
  const left = Math.max(0, x0);
  const right = Math.min(img.width, x1);
  for (let y = Math.max(0, y0); y < Math.min(img.height, y1); y++) {
    for (let i = (y * img.width + left) * 4; i < (y * img.width + right) * 4; i += 4) {
      img.data[i] = rgb[0] as number;
      img.data[i + 1] = rgb[1] as number;
      img.data[i + 2] = rgb[2] as number;
    }
  }
}

/** `rgb` laid over the image through a glyph's coverage, clipped to the image and to `right`. */
function blendMask(img: RgbaImage, x0: number, y0: number, right: number, mask: Uint8Array) {
  for (let gy = 0; gy < TAG_HEIGHT; gy++) {
    const y = y0 + gy;
    if (y < 0 || y >= img.height) continue;
    for (let gx = 0; gx < GLYPH_WIDTH; gx++) {
      const x = x0 + gx;
      const a = mask[gy * GLYPH_WIDTH + gx] as number;
      if (a === 0 || x < 0 || x >= Math.min(img.width, right)) continue;
      const i = (y * img.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const under = img.data[i + c] as number;
        img.data[i + c] = ((TAG_TEXT_RGB[c] as number) * a + under * (255 - a) + 127) / 255;
      }
    }
  }
}

/** Where a mark's box and tag go in the output image (pixel edges, right/bottom exclusive). */
export function markGeometry(m: Mark, area: Rect, factor: number) {
  const x = Math.round((m.rect.x - area.x) * factor);
  const y = Math.round((m.rect.y - area.y) * factor);
  const right = Math.round((m.rect.x + m.rect.width - area.x) * factor);
  const bottom = Math.round((m.rect.y + m.rect.height - area.y) * factor);
  // The 2-pixel stroke straddles the element's edges, as an SVG stroke-width of 2 does.
  const box = { x0: x - 1, y0: y - 1, x1: right + 1, y1: bottom + 1 };
  const tagTop = Math.max(0, y - TAG_HEIGHT);
  const tagWidth = GLYPH_WIDTH * tagText(m).length + 2 * TAG_PADDING;
  const tag = { x0: x, y0: tagTop, x1: x + tagWidth, y1: tagTop + TAG_HEIGHT };
  return { box, tag };
}

/** Paint each mark's box and tag into `img` (the output size; `factor` = image per screen px). */
export async function paintMarks(
  img: RgbaImage,
  marks: readonly Mark[],
  area: Rect,
  factor: number,
): Promise<void> {
  const texts = marks.map(tagText);
  const chars = [...new Set(texts.join(''))];
  const masks = new Map(
    await Promise.all(chars.map(async (c) => [c, await glyphMask(c)] as const)),
  );
  marks.forEach((m, k) => {
    const { box, tag } = markGeometry(m, area, factor);
    fill(img, box.x0, box.y0, box.x1, box.y0 + 2, MARK_RGB);
    fill(img, box.x0, box.y1 - 2, box.x1, box.y1, MARK_RGB);
    fill(img, box.x0, box.y0, box.x0 + 2, box.y1, MARK_RGB);
    fill(img, box.x1 - 2, box.y0, box.x1, box.y1, MARK_RGB);
    fill(img, tag.x0, tag.y0, tag.x1, tag.y1, MARK_RGB);
    [...(texts[k] as string)].forEach((ch, i) => {
      const mask = masks.get(ch) as Uint8Array;
      blendMask(img, tag.x0 + TAG_PADDING + i * GLYPH_WIDTH, tag.y0, tag.x1, mask);
    });
  });
}
