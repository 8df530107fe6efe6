/**
 * Text formatting on the simulated desktop: every text is drawn in one face (render-controls.ts:
 * DejaVu Sans at 14 px, black on white), so an element's text is one run, cut to the range asked.
 */
import type { TextRun } from '../../../protocol/src/index.js';
import { PatternNotSupportedError } from '../../errors.js';
import type { TextRunRequest } from '../backend.js';
import type { SimElement } from './element.js';
import { FONT_PX } from './render-controls.js';

/** 14 px at 96 dpi, in points. */
const SIZE_PT = (FONT_PX * 72) / 96;

export function simTextRuns(el: SimElement, request: TextRunRequest): TextRun[] {
  if (el.value === undefined && !el.patterns.has('Text')) {
    throw new PatternNotSupportedError(`${el.controlType} "${el.name}" has no text`);
  }
  const chars = Array.from(el.value ?? '');
  const end = Math.min(request.end ?? chars.length, chars.length);
  if (request.start >= end || request.maxRuns < 1) return [];
  const attributes = {
    weight: 400,
    style: 'normal' as const,
    underline: 'none' as const,
    strikethrough: false,
    font: 'DejaVu Sans',
    size: SIZE_PT,
    color: '#000000',
    background: '#ffffff',
  };
  const text = chars.slice(request.start, end).join('');
  return [{ start: request.start, end, text, attributes }];
}
