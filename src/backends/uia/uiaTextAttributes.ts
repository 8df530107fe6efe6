/**
 * Text attribute runs over UIA (on paper: written against the documented API, its conversions
 * unit-tested on Linux; the host does not call it yet). The walk: TextPattern.DocumentRange,
 * then a degenerate range at the start, ExpandToEnclosingUnit(TextUnit_Format = 1) for one run,
 * GetAttributeValue for each id below, GetText(-1), and Move(TextUnit_Format, 1) to the next run
 * until the document range's end. A mixed value (UiaGetReservedMixedAttributeValue) cannot
 * occur within one format run; the reserved "not supported" value leaves the field out.
 */
import type { TextAttributes } from '../../../protocol/src/index.js';

/** UIA_*AttributeId (UIAutomationClient.h). */
export const UIA_TEXT_ATTRIBUTE_IDS = {
  backgroundColor: 40001,
  fontName: 40005,
  fontSize: 40006,
  fontWeight: 40007,
  foregroundColor: 40008,
  isItalic: 40014,
  strikethroughStyle: 40021,
  underlineStyle: 40024,
} as const;

/** TextDecorationLineStyle values (UIAutomationCore.h) and the protocol's underline names. */
const UNDERLINES: Record<number, TextAttributes['underline']> = {
  0: 'none',
  1: 'single',
  2: 'single', // WordsOnly
  3: 'double',
  4: 'single', // Dot
  5: 'single', // Dash
  6: 'single', // DashDot
  7: 'single', // DashDotDot
  8: 'error', // Wavy
  11: 'single', // ThickSingle
  18: 'double', // DoubleWavy
};

/** The values of one format run, as GetAttributeValue answers them (undefined: not supported). */
export interface UiaRunValues {
  backgroundColor?: number;
  fontName?: string;
  fontSize?: number;
  fontWeight?: number;
  foregroundColor?: number;
  isItalic?: boolean;
  strikethroughStyle?: number;
  underlineStyle?: number;
}

/** `#rrggbb` from a COLORREF-style int: 0x00BBGGRR. */
export function uiaColor(value: number): string {
  const r = value & 0xff;
  const g = (value >> 8) & 0xff;
  const b = (value >> 16) & 0xff;
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function uiaTextAttributes(v: UiaRunValues): TextAttributes {
  const out: TextAttributes = {};
  if (v.fontWeight !== undefined) out.weight = v.fontWeight;
  if (v.isItalic !== undefined) out.style = v.isItalic ? 'italic' : 'normal';
  if (v.underlineStyle !== undefined) {
    const underline = UNDERLINES[v.underlineStyle];
    if (underline !== undefined) out.underline = underline;
  }
  if (v.strikethroughStyle !== undefined) out.strikethrough = v.strikethroughStyle !== 0;
  if (v.fontName !== undefined && v.fontName !== '') out.font = v.fontName;
  if (v.fontSize !== undefined) out.size = v.fontSize;
  if (v.foregroundColor !== undefined) out.color = uiaColor(v.foregroundColor);
  if (v.backgroundColor !== undefined) out.background = uiaColor(v.backgroundColor);
  return out;
}
