/**
 * Pixels: screenshots (optionally with set-of-marks labels drawn from the cache), OCR and the
 * OCR engine's status. Image bytes travel as binary in MessagePack and as base64 in JSON.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { ElementRef, Rect, Revision, WindowRef, WindowSelector } from '../primitives.js';

/** Image bytes: a Uint8Array on MessagePack connections, a base64 string on JSON ones. */
export const ImageBytes = z
  .union([z.instanceof(Uint8Array), z.string()])
  .describe('Image bytes: binary in MessagePack, base64 in JSON');

export const ImageFormat = z.enum(['png', 'jpeg', 'webp']);
export type ImageFormat = z.infer<typeof ImageFormat>;

const IntRect = z.strictObject({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1).max(16_384),
  height: z.number().int().min(1).max(16_384),
});

/** What to look at; none given = the whole desktop (all monitors). */
export const ScreenArea = {
  window: WindowSelector.optional(),
  ref: ElementRef.optional().describe('An element; see padding'),
  monitorIndex: z.number().int().min(0).max(63).optional(),
  rect: IntRect.optional().describe('Screen rectangle in physical pixels'),
  padding: z.number().int().min(0).max(1_000).default(0).describe('Pixels around an element'),
};

export const Mark = z.strictObject({
  n: z.number().int().describe('The number drawn on the image'),
  ref: ElementRef,
  role: z.string(),
  name: z.string(),
  rect: Rect,
});
export type Mark = z.infer<typeof Mark>;

export const CaptureParams = z.strictObject({
  ...ScreenArea,
  format: ImageFormat.default('png'),
  quality: z.number().int().min(1).max(100).default(80).describe('JPEG/WebP quality'),
  maxWidth: z.number().int().min(16).max(16_384).optional(),
  scale: z.number().min(0.05).max(1).optional().describe('Resize factor (<= 1)'),
  maxImageTokens: z
    .number()
    .int()
    .min(16)
    .max(100_000)
    .optional()
    .describe('Bound the image to this many model image tokens (width x height / 750)'),
  marks: z.boolean().default(false).describe('Number the visible interactive elements'),
});

export const CaptureResult = z.strictObject({
  revision: Revision,
  format: ImageFormat,
  mimeType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  rect: Rect.describe('The screen area captured'),
  scale: z.number().describe('Image pixels per screen pixel'),
  data: ImageBytes,
  marks: z.array(Mark).optional(),
  blackedOut: z.number().int().describe('Windows of denied apps painted black'),
});
export type CaptureResult = z.infer<typeof CaptureResult>;

/** A screenshot taken after an action (or at its failure), as the action's answer carries it. */
export const ActionShot = CaptureResult.omit({ data: true, marks: true }).extend({
  data: ImageBytes.optional().describe('Absent over MCP: an image block or a file instead'),
  path: z.string().optional().describe('The file written (--screenshot-dir)'),
  uri: z.string().optional().describe('ui://screenshot/{id} resource of that file'),
});
export type ActionShot = z.infer<typeof ActionShot>;

export const screenCapture = defineMethod({
  name: 'screen.capture',
  kind: 'capture',
  mcp: { tool: 'ui_screenshot' },
  summary: 'Screenshot of the desktop, a monitor, a window, an element or a rect.',
  params: CaptureParams.default({ padding: 0, format: 'png', quality: 80, marks: false }),
  result: CaptureResult,
});

export const OcrWord = z.strictObject({
  text: z.string(),
  confidence: z.number().describe('0..100'),
  rect: Rect.describe('Screen coordinates'),
});
export type OcrWord = z.infer<typeof OcrWord>;

export const OcrParams = z.strictObject({
  ...ScreenArea,
  language: z.string().min(1).max(64).default('eng'),
  timeoutMs: z.number().int().min(1).max(120_000).default(30_000),
});

export const OcrResult = z.strictObject({
  revision: Revision,
  rect: Rect,
  language: z.string(),
  text: z.string(),
  lines: z.array(OcrWord),
  words: z.array(OcrWord),
  durationMs: z.number(),
});
export type OcrResult = z.infer<typeof OcrResult>;

export const screenOcr = defineMethod({
  name: 'screen.ocr',
  kind: 'capture',
  mcp: { tool: 'ui_ocr' },
  summary: 'Recognise the text of a region, window, monitor or element (OCR).',
  params: OcrParams.default({ padding: 0, language: 'eng', timeoutMs: 30_000 }),
  result: OcrResult,
});

export const OcrStatus = z.strictObject({
  enabled: z.boolean(),
  engine: z.string(),
  languages: z.array(z.string()),
  workers: z.strictObject({
    max: z.number().int(),
    started: z.number().int(),
    busy: z.number().int(),
    queued: z.number().int(),
  }),
});

export const screenOcrStatus = defineMethod({
  name: 'screen.ocrStatus',
  kind: 'read',
  summary: 'OCR engine, installed languages and worker pool.',
  params: z.strictObject({}).default({}),
  result: OcrStatus,
});

/** Text found on screen by OCR for elements.find's visual fallback; a point to act on. */
export const VisualMatch = z.strictObject({
  text: z.string(),
  confidence: z.number().describe('0..100'),
  rect: Rect.describe('Screen coordinates'),
  target: z
    .strictObject({ x: z.number().int(), y: z.number().int() })
    .describe('The centre: an action target ({x, y})'),
  window: WindowRef.nullable(),
});
export type VisualMatch = z.infer<typeof VisualMatch>;

export const screenMethods = [screenCapture, screenOcr, screenOcrStatus] as const;
