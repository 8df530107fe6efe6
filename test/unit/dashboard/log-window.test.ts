/** The events log's drawn window: it appends while it can and drops old rows in steps. */
import { describe, expect, it } from 'vitest';
import { logWindowStart } from '../../../dashboard/src/log-window.js';

const upTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('logWindowStart', () => {
  it('draws everything while there are no more rows than shown', () => {
    expect(logWindowStart(upTo(5), undefined, 10, 4)).toBe(0);
    expect(logWindowStart(upTo(10), 0, 10, 4)).toBe(0);
  });

  it('keeps its first row while fewer than shown + step rows are drawn', () => {
    expect(logWindowStart(upTo(13), 0, 10, 4)).toBe(0);
    expect(logWindowStart(upTo(14), 0, 10, 4)).toBe(0);
  });

  it('drops the oldest rows in one step once the window is too long', () => {
    expect(logWindowStart(upTo(15), 0, 10, 4)).toBe(5);
  });

  it('starts at the newest rows without a first row, or when the first row is gone', () => {
    expect(logWindowStart(upTo(12), undefined, 10, 4)).toBe(2);
    const rows = upTo(20).slice(8); // the log dropped rows 0..7
    expect(logWindowStart(rows, 3, 10, 4)).toBe(2);
  });

  it('follows its first row when the log drops rows before it', () => {
    const rows = upTo(20).slice(4);
    expect(logWindowStart(rows, 7, 10, 4)).toBe(3);
  });

  it('never starts past the newest `shown` rows (a first row from before a reset)', () => {
    expect(logWindowStart([1, 2, 3], 3, 2, 4)).toBe(1);
  });
});
