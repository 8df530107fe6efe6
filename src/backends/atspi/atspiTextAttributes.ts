/**
 * Text attribute runs over AT-SPI: Text.GetAttributeRun(offset, includeDefaults) answers the
 * attributes in force at an offset and the run's bounds; the next run starts at its end. The
 * toolkits' attribute names and values (GTK/ATK: weight "700", style "italic", underline
 * "single", family-name, size in points, fg-color "r,g,b" with 16-bit channels; Qt and
 * Chromium write colours as "rgb(r,g,b)") become the protocol's TextAttributes.
 */
import type { TextAttributes, TextRun } from '../../../protocol/src/index.js';
import { PatternNotSupportedError } from '../../errors.js';
import type { TextRunRequest } from '../backend.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader } from './atspiFetch.js';

const STYLES = new Set(['normal', 'italic', 'oblique']);
const UNDERLINES = new Set(['none', 'single', 'double', 'low', 'error']);

/** `#rrggbb` from "r,g,b" (8- or 16-bit channels) or "rgb(r,g,b)"; undefined otherwise. */
export function atspiColor(value: string | undefined): string | undefined {
  const parts = /^(?:rgba?\()?\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value ?? '');
  if (parts === null) return undefined;
  const channels = parts.slice(1, 4).map(Number);
  const wide = channels.some((c) => c > 255);
  const hex = channels.map((c) =>
    Math.round(wide ? c / 257 : c)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${hex.join('')}`;
}

/** The protocol's attributes from an AT-SPI attribute set. */
export function atspiTextAttributes(raw: Record<string, string>): TextAttributes {
  const out: TextAttributes = {};
  const weight = Number(raw.weight);
  if (raw.weight !== undefined && Number.isFinite(weight)) out.weight = Math.round(weight);
  if (raw.style !== undefined && STYLES.has(raw.style))
    out.style = raw.style as NonNullable<TextAttributes['style']>;
  if (raw.underline !== undefined && UNDERLINES.has(raw.underline))
    out.underline = raw.underline as NonNullable<TextAttributes['underline']>;
  if (raw.strikethrough !== undefined) out.strikethrough = raw.strikethrough === 'true';
  const font = raw['family-name'];
  if (font !== undefined && font !== '') out.font = font;
  const size = Number.parseFloat(raw.size ?? '');
  if (Number.isFinite(size)) out.size = size;
  const color = atspiColor(raw['fg-color']);
  if (color !== undefined) out.color = color;
  const background = atspiColor(raw['bg-color']);
  if (background !== undefined) out.background = background;
  return out;
}

/** Runs from `request.start`, one GetAttributeRun each, then the text between in one GetText. */
export async function readTextRuns(
  reader: AtspiReader,
  ref: ObjectRef,
  request: TextRunRequest,
  signal: AbortSignal,
): Promise<TextRun[]> {
  if (!(await reader.interfaces(ref, signal)).includes('org.a11y.atspi.Text')) {
    throw new PatternNotSupportedError('the element has no text to read the formatting of');
  }
  const count = Number(await reader.prop(ref, 'Text', 'CharacterCount', signal)) || 0;
  const end = Math.min(request.end ?? count, count);
  const spans: { start: number; end: number; attributes: TextAttributes }[] = [];
  let offset = request.start;
  while (offset < end && spans.length < request.maxRuns) {
    const [attrs, from, to] = await reader.call(ref, 'Text', 'GetAttributeRun', signal, 'ib', [
      offset,
      true,
    ]);
    const runEnd = Math.min(Number(to), end);
    // A toolkit answering an empty or backward run would loop forever: one character on.
    const next = runEnd > offset ? runEnd : offset + 1;
    const attributes = atspiTextAttributes((attrs ?? {}) as Record<string, string>);
    spans.push({ start: Math.max(Number(from), offset), end: next, attributes });
    offset = next;
  }
  if (spans.length === 0) return [];
  const first = spans[0]?.start ?? 0;
  const last = spans[spans.length - 1]?.end ?? first;
  const [text] = await reader.call(ref, 'Text', 'GetText', signal, 'ii', [first, last]);
  const chars = Array.from(typeof text === 'string' ? text : '');
  return spans.map((s) => ({ ...s, text: chars.slice(s.start - first, s.end - first).join('') }));
}
