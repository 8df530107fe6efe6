/**
 * Pixel tools: a screenshot (optionally with set-of-marks) and OCR of an area or an element
 * (the OCR engine's status is part of ui_status). Images come back as MCP image content
 * blocks; the structured answer carries the metadata and the marks legend, not the bytes again.
 */
import type { z } from 'zod';
import {
  CaptureParams,
  CaptureResult,
  ElementQuery,
  OcrParams,
  OcrResult,
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
    'Screenshot of the desktop, a window, an element or a rect (~640 image tokens a window, ' +
    '~1,600 a screen); marks: true numbers the interactive elements with their refs.',
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

/** ui_ocr's input: an area, or an element by ref or by locator (for controls with no text). */
const ocrInput = OcrParams.extend({
  name: ElementQuery.shape.name,
  controlType: ElementQuery.shape.controlType,
  automationId: ElementQuery.shape.automationId,
}).strict();
type OcrInput = z.output<typeof ocrInput>;

/** The element a locator names, exactly one, as a ref for screen.ocr. */
async function refOf(query: ElementQuery, ctx: ToolContext): Promise<string> {
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

/** The screen.ocr params of an input: a locator resolves to the one element it matches. */
async function ocrParamsOf(input: OcrInput, ctx: ToolContext): Promise<z.input<typeof OcrParams>> {
  const { name, controlType, automationId, ...area } = input;
  if (name === undefined && controlType === undefined && automationId === undefined) return area;
  if (area.ref !== undefined) return area;
  const query = ElementQuery.parse({ name, controlType, automationId, window: area.window });
  return { ...area, window: undefined, ref: await refOf(query, ctx) };
}

export const uiOcr = defineTool({
  name: 'ui_ocr',
  title: 'OCR',
  kind: 'read',
  description:
    'OCR of a window, monitor, rect, or one element by ref or locator (for controls that ' +
    'expose no text): text and word boxes.',
  input: ocrInput,
  output: OcrResult,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'screen.ocr', await ocrParamsOf(input, ctx));
    return { text: ocrText(r), structured: r };
  },
});

export const pixelTools = [uiScreenshot, uiOcr] as const;
