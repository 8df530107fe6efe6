/**
 * Finding a name in OCR'd lines: the smallest runs of consecutive words of one line whose text
 * matches (contains, equals or regex, like the tree's name filter). Pure, so it is unit-tested
 * without an OCR engine. Edge punctuation is ignored: OCR often reads a border as `|` or `.`.
 */
import type { MatchMode, Rect } from '../../protocol/src/index.js';
import { InvalidParamsError } from '../errors.js';

export interface ScreenWord {
  text: string;
  confidence: number;
  rect: Rect;
}

export interface TextQuery {
  name: string;
  nameMatch: MatchMode;
  caseSensitive: boolean;
}

export interface TextMatch {
  text: string;
  confidence: number;
  rect: Rect;
}

const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

function tidy(text: string): string {
  return text.replace(EDGE_PUNCTUATION, '');
}

/** A predicate over a run's text, built once per query. */
export function textPredicate(q: TextQuery): (text: string) => boolean {
  const fold = (t: string): string => (q.caseSensitive ? t : t.toLowerCase());
  if (q.nameMatch === 'regex') {
    let re: RegExp;
    try {
      re = new RegExp(q.name, q.caseSensitive ? 'u' : 'iu');
    } catch {
      throw new InvalidParamsError(`"${q.name}" is not a valid regular expression`);
    }
    return (t) => re.test(t);
  }
  const name = fold(tidy(q.name.trim()));
  if (q.nameMatch === 'equals') return (t) => fold(tidy(t)) === name;
  return (t) => fold(t).includes(name);
}

function union(words: readonly ScreenWord[]): Rect {
  const x = Math.min(...words.map((w) => w.rect.x));
  const y = Math.min(...words.map((w) => w.rect.y));
  const right = Math.max(...words.map((w) => w.rect.x + w.rect.width));
  const bottom = Math.max(...words.map((w) => w.rect.y + w.rect.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The runs of one line that match and contain no shorter matching run. */
export function matchLine(words: readonly ScreenWord[], matches: (t: string) => boolean) {
  const found: TextMatch[] = [];
  const joined = (i: number, j: number): string =>
    words
      .slice(i, j + 1)
      .map((w) => w.text)
      .join(' ');
  let lastEnd = -1;
  for (let i = 0; i < words.length; i++) {
    let end = -1;
    for (let j = i; j < words.length && end < 0; j++) if (matches(joined(i, j))) end = j;
    // A run that still matches without its first word is not the smallest: a later start wins.
    if (end < 0 || end === lastEnd || (i < end && matches(joined(i + 1, end)))) continue;
    lastEnd = end;
    const run = words.slice(i, end + 1);
    const confidence = Math.min(...run.map((w) => w.confidence));
    found.push({ text: tidy(joined(i, end)), confidence, rect: union(run) });
  }
  return found;
}
