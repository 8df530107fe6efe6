import { describe, expect, it } from 'vitest';
import { pairedP99Ratio, perCycleRatio } from '../../../../bench/windows/paired.js';

/** Cycles mapped at 0, 10, 20, ...: one lag per cycle on each side. */
const timed = (lags: number[]) => ({ lags, at: lags.map((_l, i) => i * 10) });

describe('paired window lag ratios', () => {
  it('judges each trial of consecutive cycles by its own ratio, the median of three', () => {
    // Cycles 0-2 stall both sides alike; cycle 4 stalls the cache alone.
    const cache = timed([300, 300, 300, 20, 90, 20, 20, 20, 20]);
    const raw = timed([200, 200, 200, 30, 30, 30, 20, 20, 20]);
    const trials = pairedP99Ratio(cache, raw);
    expect(trials?.values).toEqual([1.5, 3, 1]);
    expect(trials?.median).toBe(1.5);
  });

  it('has no figure when a trial has no baseline', () => {
    const cache = timed([20, 20, 20, 20, 20, 20]);
    const raw = { lags: [20, 20], at: [0, 10] };
    expect(pairedP99Ratio(cache, raw)).toBeNull();
  });

  it('pairs the per-cycle ratio by the X instant both sides were timed from', () => {
    const cache = { lags: [40, 10, 30], at: [0, 10, 20] };
    const raw = { lags: [15, 20], at: [20, 0] };
    expect(perCycleRatio(cache, raw)).toMatchObject({ p50: 2, p99: 2, n: 2 });
  });
});
