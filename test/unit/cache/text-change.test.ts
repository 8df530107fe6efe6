import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTextChange, textChange } from '../../../src/cache/text-change.js';

/** Text drawn from a small alphabet (so prefixes and suffixes are shared) with astral chars. */
const text = fc
  .array(fc.constantFrom('a', 'b', ' ', '\n', 'é', '😀', '𝄞'), { maxLength: 40 })
  .map((parts) => parts.join(''));

const splitsPair = (s: string, at: number): boolean =>
  at > 0 && at < s.length && /[\ud800-\udbff]/.test(s[at - 1] ?? '');

describe('textChange', () => {
  it('describes typing at the end of a long document in a few characters', () => {
    const doc = 'lorem ipsum '.repeat(2_000);
    expect(textChange(doc, `${doc}x`)).toEqual({ start: doc.length, removed: 0, inserted: 'x' });
    expect(textChange(`${doc}x`, doc)).toEqual({ start: doc.length, removed: 1, inserted: '' });
  });

  it('replaces in the middle with the smallest range', () => {
    expect(textChange('hello world', 'hello there world')).toEqual({
      start: 6,
      removed: 0,
      inserted: 'there ',
    });
    expect(textChange('abcdef', 'abXYef')).toEqual({ start: 2, removed: 2, inserted: 'XY' });
    expect(textChange('same', 'same')).toEqual({ start: 4, removed: 0, inserted: '' });
  });

  it('caps the inserted text and flags the cut', () => {
    const change = textChange('', 'z'.repeat(5_000), 1_000);
    expect(change).toEqual({ start: 0, removed: 0, inserted: 'z'.repeat(1_000), truncated: true });
    // A cut never leaves half a surrogate pair.
    const astral = textChange('', '😀'.repeat(10), 5);
    expect(astral.inserted).toBe('😀😀');
    expect(astral.truncated).toBe(true);
  });

  it('turns the old text into the new one, minimally and without splitting pairs', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        const change = textChange(before, after, Infinity);
        expect(applyTextChange(before, change)).toBe(after);
        expect(change.truncated).toBeUndefined();
        expect(splitsPair(before, change.start)).toBe(false);
        expect(splitsPair(before, change.start + change.removed)).toBe(false);
        expect(change.removed).toBeLessThanOrEqual(before.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never carries more than the cap', () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 20 }), (before, after, cap) => {
        const change = textChange(before, after, cap);
        expect(change.inserted.length).toBeLessThanOrEqual(cap);
        const whole = textChange(before, after, Infinity).inserted;
        expect(change.truncated === true).toBe(whole.length > cap);
        expect(whole.startsWith(change.inserted)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});
