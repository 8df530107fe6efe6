/**
 * Pixel tools: a screenshot (optionally with set-of-marks), OCR of an area or an element, and
 * the OCR engine's status. Images come back as MCP image content blocks; the structured answer
 * carries the metadata and the marks legend, not the bytes again.
 */
import { z } from 'zod';
import {
  CaptureParams,
  CaptureResult,
  ElementQuery,
  OcrParams,
  OcrResult,
  screenOcrStatus,
} from '../../../protocol/src/index.js';
import { ElementNotFoundError, MultipleMatchesError } from '../../errors.js';
import { toBase64 } from '../../pixels/bytes.js';
import { SCREEN_IMAGE_TOKENS, WINDOW_IMAGE_TOKENS } from '../../pixels/encode.js';
import { legendText } from '../../pixels/marks.js';
import { callMethod } from '../call.js';
import { defineTool, type ToolContext } from '../types.js';

/** The default image budget: a window, an element or a rect about 640 image tokens; a screen
 * or a monitor 1,600 (an agent reads a window at ~800x600; a screen needs more to be legible). */
function defaultImageTokens(input: z.output<typeof CaptureParams>): number | undefined {
  if (input.maxWidth !== undefined || input.scale !== undefined) return undefined;
  const whole = input.window === undefined && input.ref === undefined && input.rect === undefined;
  return whole ? SCREEN_IMAGE_TOKENS : WINDOW_IMAGE_TOKENS;
}

const shotOutput = CaptureResult.omit({ data: true });

export const uiScreenshot = defineTool({
  name: 'ui_screenshot',
  title: 'Screenshot',
  kind: 'read',
  description:
    'Screenshot of the desktop, a window, an element or a rect; marks: true numbers the ' +
    'interactive elements and lists their refs. A window costs ~640 image tokens, a screen ~1,600.',
  input: CaptureParams,
  output: shotOutput,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'screen.capture', {
      ...input,
      maxImageTokens: input.maxImageTokens ?? defaultImageTokens(input),
    });
    const { data, ...structured } = r;
    const head = `${r.width}x${r.height} ${r.format} of ${JSON.stringify(r.rect)}`;
    const legend = r.marks === undefined ? '' : `\n${legendText(r.marks)}`;
    return {
      text: head + legend,
      structured,
      images: [{ data: toBase64(data), mimeType: r.mimeType }],
    };
  },
});

function ocrText(r: z.output<typeof OcrResult>): string {
  return `${r.text}\n(${r.words.length} words in ${r.durationMs} ms; read from pixels)`;
}

export const uiOcr = defineTool({
  name: 'ui_ocr',
  title: 'OCR',
  kind: 'read',
  description: 'OCR of a window, monitor, rect or element: text and word boxes.',
  input: OcrParams,
  output: OcrResult,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'screen.ocr', input);
    return { text: ocrText(r), structured: r };
  },
});

async function refFor(input: z.output<typeof ocrElementInput>, ctx: ToolContext): Promise<string> {
  if (input.ref !== undefined) return input.ref;
  const { ref: _ref, padding: _padding, language: _language, ...query } = input;
  const found = await callMethod(ctx, 'elements.find', { ...query, maxResults: 2 });
  const [first, second] = found.elements;
  if (first === undefined) throw new ElementNotFoundError('no element matches the locator');
  if (second !== undefined) {
    throw new MultipleMatchesError('the locator matches several elements', {
      details: { candidates: found.elements.map((e) => e.ref) },
    });
  }
  return first.ref;
}

const ocrElementInput = ElementQuery.extend({
  ref: z.string().optional(),
  padding: z.number().int().min(0).max(1_000).default(4),
  language: z.string().min(1).max(64).default('eng'),
}).strict();

export const ocrElement = defineTool({
  name: 'ocr_element',
  title: 'OCR an element',
  kind: 'read',
  description: 'OCR of one element by ref or locator (for controls that expose no text).',
  input: ocrElementInput,
  output: OcrResult,
  async run(input, ctx) {
    const ref = await refFor(input, ctx);
    const r = await callMethod(ctx, 'screen.ocr', {
      ref,
      padding: input.padding,
      language: input.language,
    });
    return { text: ocrText(r), structured: r };
  },
});

export const ocrStatus = defineTool({
  name: 'ocr_status',
  title: 'OCR status',
  kind: 'read',
  description: 'OCR engine, installed languages and workers.',
  input: screenOcrStatus.params,
  output: screenOcrStatus.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'screen.ocrStatus', input);
    return { text: JSON.stringify(r), structured: r };
  },
});

export const pixelTools = [uiScreenshot, uiOcr, ocrElement, ocrStatus] as const;
