import { describe, expect, it } from 'vitest';
import { matchLine, textPredicate, type ScreenWord } from '../../../src/pixels/find-text.js';

/** Words laid out left to right, 10 px per character plus a 5 px gap. */
function line(text: string, y = 100): ScreenWord[] {
  let x = 0;
  return text.split(' ').map((t, i) => {
    const w = { text: t, confidence: 90 - i, rect: { x, y, width: t.length * 10, height: 12 } };
    x += t.length * 10 + 5;
    return w;
  });
}

const q = (name: string, nameMatch: 'contains' | 'equals' | 'regex' = 'contains') =>
  textPredicate({ name, nameMatch, caseSensitive: false });

describe('matchLine', () => {
  it('finds a two-word name as one run with the union of its word boxes', () => {
    const found = matchLine(line('Press Sync now to upload'), q('sync now'));
    expect(found).toEqual([
      { text: 'Sync now', confidence: 88, rect: { x: 55, y: 100, width: 75, height: 12 } },
    ]);
  });

  it('ignores edge punctuation for equals, and answers each occurrence once', () => {
    const found = matchLine(line('|Save. and Save'), q('save', 'equals'));
    expect(found.map((m) => [m.text, m.rect.x])).toEqual([
      ['Save', 0],
      ['Save', 100],
    ]);
  });

  it('contains picks the smallest run: a word containing the name', () => {
    const found = matchLine(line('Resynchronise everything'), q('sync'));
    expect(found.map((m) => m.text)).toEqual(['Resynchronise']);
  });

  it('regex and case sensitivity are honoured; a bad regex is invalid_params', () => {
    expect(matchLine(line('Invoice 2041 paid'), q('^\\d{4}$', 'regex'))[0]?.text).toBe('2041');
    const exact = textPredicate({ name: 'sync', nameMatch: 'contains', caseSensitive: true });
    expect(matchLine(line('Sync now'), exact)).toEqual([]);
    expect(() => q('(', 'regex')).toThrow(/not a valid regular expression/);
  });

  it('answers nothing when the name is not on the line', () => {
    expect(matchLine(line('Apply Cancel'), q('sync now'))).toEqual([]);
  });
});
