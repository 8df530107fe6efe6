/** ui_text_attributes: the formatting of an element's text, one line per run. */
import type { z } from 'zod';
import { elementsTextAttributes, type TextRun } from '../../../protocol/src/index.js';
import { callMethod } from '../call.js';
import { clip } from '../render.js';
import { defineTool } from '../types.js';

/** `0-4 "Bold" weight=700 italic underline=single "Sans" 12pt #ff0000 on #ffffff`. */
export function runLine(run: TextRun): string {
  const a = run.attributes;
  const parts = [`${run.start}-${run.end} ${JSON.stringify(clip(run.text, 40))}`];
  if (a.weight !== undefined) parts.push(`weight=${a.weight}`);
  if (a.style !== undefined && a.style !== 'normal') parts.push(a.style);
  if (a.underline !== undefined && a.underline !== 'none') parts.push(`underline=${a.underline}`);
  if (a.strikethrough === true) parts.push('strikethrough');
  if (a.font !== undefined) parts.push(JSON.stringify(a.font));
  if (a.size !== undefined) parts.push(`${a.size}pt`);
  if (a.color !== undefined) parts.push(a.color);
  if (a.background !== undefined) parts.push(`on ${a.background}`);
  return parts.join(' ');
}

function answerText(r: z.output<typeof elementsTextAttributes.result>): string {
  if (r.runs.length === 0) return 'no text in that range';
  const lines = r.runs.map(runLine);
  const last = r.runs[r.runs.length - 1];
  if (r.truncated && last !== undefined) lines.push(`(more runs: start=${last.end})`);
  return lines.join('\n');
}

export const uiTextAttributes = defineTool({
  name: 'ui_text_attributes',
  title: 'Text formatting',
  kind: 'read',
  description:
    'Formatting of an element’s text (weight, style, underline, font, size, colours), one ' +
    'line per run; read from the app.',
  input: elementsTextAttributes.params,
  output: elementsTextAttributes.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'elements.textAttributes', input);
    return { text: answerText(r), structured: r };
  },
});
