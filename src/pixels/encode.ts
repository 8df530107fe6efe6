/**
 * Encoding captured pixels with sharp: PNG, JPEG or WebP, resized to a bound, with an optional
 * overlay (the set-of-marks labels) painted into the pixels at the output size.
 */
import sharp from 'sharp';
import type { ImageFormat } from '../../protocol/src/index.js';
import type { CapturedImage } from '../backends/backend.js';
import type { RgbaImage } from './mark-paint.js';

export interface EncodeOptions {
  format: ImageFormat;
  quality: number;
  maxWidth?: number | undefined;
  scale?: number | undefined;
  /** Image tokens as vision models price them, width x height / 750 (Anthropic's formula). */
  maxImageTokens?: number | undefined;
  /**
   * Paints over the pixels at the output size, in place, given the image-per-screen pixel
   * factor (the set-of-marks boxes and tags).
   */
  overlay?: ((image: RgbaImage, factor: number) => Promise<void>) | undefined;
}

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** Image pixels per captured pixel. */
  factor: number;
  mimeType: string;
}

const MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** Pixels per image token in the vision models' price (Anthropic: tokens = w x h / 750). */
export const PIXELS_PER_IMAGE_TOKEN = 750;

/** Default image token budgets: a window (~800x600 pixels) and a whole screen or monitor. */
export const WINDOW_IMAGE_TOKENS = 640;
export const SCREEN_IMAGE_TOKENS = 1_600;

type SizeBounds = Pick<EncodeOptions, 'maxWidth' | 'scale' | 'maxImageTokens'>;

/** The output size: `scale`, `maxWidth` and `maxImageTokens` all bound it; never enlarged. */
export function outputSize(img: CapturedImage, o: SizeBounds) {
  const byWidth = o.maxWidth === undefined ? 1 : o.maxWidth / img.width;
  const pixels = (o.maxImageTokens ?? Infinity) * PIXELS_PER_IMAGE_TOKEN;
  const byTokens = Math.sqrt(pixels / (img.width * img.height));
  const factor = Math.min(1, o.scale ?? 1, byWidth, byTokens);
  // Rounded down when the token budget binds, so that rounding never goes over it.
  const round = byTokens === factor ? Math.floor : Math.round;
  const width = Math.max(1, round(img.width * factor));
  const height = Math.max(1, round(img.height * factor));
  return { width, height, factor: width / img.width };
}

/**
 * The captured pixels at the output size as raw RGBA, for the overlay to paint on: the
 * capture's own buffer (painted in place) or, with a resize, the frame resized first so that
 * the marks stay crisp at the output size.
 */
async function atOutputSize(img: CapturedImage, width: number, height: number) {
  if (width === img.width) return img.data;
  const raw = { width: img.width, height: img.height, channels: 4 as const };
  return sharp(img.data, { raw }).resize(width, height, { kernel: 'lanczos3' }).raw().toBuffer();
}

export async function encodeImage(img: CapturedImage, o: EncodeOptions): Promise<EncodedImage> {
  const { width, height, factor } = outputSize(img, o);
  let pipeline;
  if (o.overlay === undefined) {
    const raw = { width: img.width, height: img.height, channels: 4 as const };
    pipeline = sharp(img.data, { raw });
    if (width !== img.width) pipeline = pipeline.resize(width, height, { kernel: 'lanczos3' });
  } else {
    const data = await atOutputSize(img, width, height);
    await o.overlay({ data, width, height }, factor);
    pipeline = sharp(data, { raw: { width, height, channels: 4 } });
  }
  // Screens are opaque: dropping the alpha channel makes a quarter less to filter and compress.
  pipeline = pipeline.removeAlpha();
  if (o.format === 'png')
    pipeline = pipeline.png({ compressionLevel: 6, adaptiveFiltering: false });
  else if (o.format === 'jpeg') pipeline = pipeline.jpeg({ quality: o.quality });
  else pipeline = pipeline.webp({ quality: o.quality });
  const bytes = await pipeline.toBuffer();
  return { bytes, width, height, factor, mimeType: MIME[o.format] };
}

/**
 * Grey levels for the OCR engine, enlarged `zoom` times (small UI text reads better big), as a
 * binary PGM: the engine reads it as it is, with no PNG to compress here and inflate there.
 */
export async function ocrInput(img: CapturedImage, zoom: number): Promise<Buffer> {
  const raw = { width: img.width, height: img.height, channels: 4 as const };
  let pipeline = sharp(img.data, { raw }).removeAlpha().toColourspace('b-w');
  if (zoom !== 1)
    pipeline = pipeline.resize(img.width * zoom, img.height * zoom, { kernel: 'cubic' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const header = Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii');
  return Buffer.concat([header, data.subarray(0, info.width * info.height)]);
}

/** Paint rectangles black in place (windows of denied apps). Rects are image-relative. */
export function blackOut(
  img: CapturedImage,
  rects: readonly { x: number; y: number; width: number; height: number }[],
): void {
  for (const r of rects) {
    const x0 = Math.max(0, Math.floor(r.x));
    const y0 = Math.max(0, Math.floor(r.y));
    const x1 = Math.min(img.width, Math.ceil(r.x + r.width));
    const y1 = Math.min(img.height, Math.ceil(r.y + r.height));
    for (let y = y0; y < y1; y++) {
      const row = y * img.width * 4;
      img.data.fill(0, row + x0 * 4, row + x1 * 4);
      for (let x = x0; x < x1; x++) img.data[row + x * 4 + 3] = 255;
    }
  }
}
