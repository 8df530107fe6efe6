import { describe, expect, it } from 'vitest';
import { pairedRatio, perCycleRatio, pooledRatio } from '../../../../bench/windows/paired.js';

/** Cycles mapped at 0, 10, 20, ...: one lag per cycle on each side. */
const timed = (lags: number[]) => ({ lags, at: lags.map((_l, i) => i * 10) });
const repeat = (lag: number, n: number): number[] => Array.from({ length: n }, () => lag);

describe('paired window lag ratios', () => {
  it('judges each trial of consecutive cycles by its own ratio, the median of three', () => {
    // Cycles 0-2 stall both sides alike; cycle 4 stalls the cache alone.
    const cache = timed([300, 300, 300, 20, 90, 20, 20, 20, 20]);
    const raw = timed([200, 200, 200, 30, 30, 30, 20, 20, 20]);
    const trials = pairedRatio(cache, raw, 99);
    expect(trials?.values).toEqual([1.5, 3, 1]);
    expect(trials?.median).toBe(1.5);
  });

  it("leaves a trial's few stalls out of its p90, on either side", () => {
    // 30 cycles per trial; in each, up to 3 cycles stall one side or the other.
    const cache = timed([
      ...[400, 400, 400, ...repeat(12, 27)],
      ...[12, 12, ...repeat(12, 28)],
      ...[300, ...repeat(12, 29)],
    ]);
    const raw = timed([
      ...repeat(10, 30),
      ...[250, 250, 250, ...repeat(10, 27)],
      ...[10, 500, ...repeat(10, 28)],
    ]);
    expect(pairedRatio(cache, raw)?.values).toEqual([1.2, 1.2, 1.2]);
    // The same cycles' p99s are each decided by the one stall.
    expect(pairedRatio(cache, raw, 99)?.values).toEqual([40, 0.048, 0.6]);
  });

  it('pools the p90 over every paired cycle, with the spread of the trials', () => {
    // 100 cycles: the cache 15 ms, the raw client 10 ms, but 9 stalls of either side.
    const cache = timed([...repeat(400, 5), ...repeat(15, 95)]);
    const raw = timed([...repeat(15, 50), ...repeat(300, 4), ...repeat(10, 46)]);
    const pooled = pooledRatio(cache, raw);
    // The 10th largest on each side: 15 over 15. A trial's p90 (its 4th largest) is decided by
    // where the stalls fell: the 5 of the cache's in the first, the raw client's in the second.
    expect(pooled?.pooled).toBe(1);
    expect(pooled?.trials).toEqual([26.667, 0.05, 1.5]);
    expect(pooled?.spread).toBeCloseTo(26.617, 3);
    expect(pooledRatio(cache, { lags: [], at: [] })).toBeNull();
  });

  it('pairs cycles by the X instant, leaving out those only one side timed', () => {
    const cache = { lags: [40, 10, 30, 1000], at: [0, 10, 20, 30] };
    const raw = { lags: [15, 20], at: [20, 0] };
    expect(pairedRatio(cache, raw, 99, 1)?.values).toEqual([2]);
  });

  it('has no figure when a trial has no baseline', () => {
    const cache = timed([20, 20, 20, 20, 20, 20]);
    const raw = { lags: [20, 20], at: [0, 10] };
    expect(pairedRatio(cache, raw)).toBeNull();
  });

  it('pairs the per-cycle ratio by the X instant both sides were timed from', () => {
    const cache = { lags: [40, 10, 30], at: [0, 10, 20] };
    const raw = { lags: [15, 20], at: [20, 0] };
    expect(perCycleRatio(cache, raw)).toMatchObject({ p50: 2, p99: 2, n: 2 });
  });
});
