/** Trials cut by time windows, and the paired difference of two series over the same windows. */
import { describe, expect, it } from 'vitest';
import { pairedOver, windowPercentiles, type Timed } from '../../../../bench/lib/stats.js';

/** `perWindow` samples in each 1 s window from 0, valued by `value(window, i)`. */
function series(windows: number, perWindow: number, value: (w: number, i: number) => number) {
  const out: Timed[] = [];
  for (let w = 0; w < windows; w++) {
    for (let i = 0; i < perWindow; i++) {
      out.push({ at: w * 1_000 + (i * 1_000) / perWindow, value: value(w, i) });
    }
  }
  return out;
}

describe('windowPercentiles', () => {
  it('gives each time window its own percentile', () => {
    const xs = series(3, 100, (w, i) => w * 100 + i + 1);
    expect(windowPercentiles(xs, 99, { from: 0, to: 3_000, n: 3 })).toEqual([99, 199, 299]);
  });

  it('leaves out samples outside the span and gives NaN for an empty window', () => {
    const xs = [
      { at: -1, value: 1_000 },
      { at: 10, value: 5 },
      { at: 3_000, value: 1_000 },
    ];
    const [first, second] = windowPercentiles(xs, 50, { from: 0, to: 3_000, n: 3 });
    expect(first).toBe(5);
    expect(second).toBeNaN();
  });
});

describe('pairedOver', () => {
  it('subtracts the baseline window by window, so a stall both saw cancels', () => {
    // Window 1 stalls everything by 40 ms: apart, the figure's median trial and the baseline's
    // could come from different windows; paired, every window says 2.
    const base = [3, 43, 3, 4, 3];
    const figure = [5, 45, 5, 6, 5];
    const over = pairedOver(figure, base);
    expect(over.median).toBe(2);
    expect(over.spread).toBe(0);
    expect(over.values).toEqual([2, 2, 2, 2, 2]);
  });

  it('leaves out windows where either series had no sample', () => {
    expect(pairedOver([5, NaN, 7], [1, 2, NaN]).values).toEqual([4]);
  });
});
