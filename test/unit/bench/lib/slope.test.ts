/** The soak bench's growth figure: slopes over the second half of the samples. */
import { describe, expect, it } from 'vitest';
import {
  growthMiBPerMin,
  leastSquaresSlope,
  robustGrowthMiBPerMin,
  secondHalf,
  theilSen,
  windowGrowths,
  type Sample,
} from '../../../../bench/lib/slope.js';

const MIB = 1024 * 1024;

/** One sample every 5 s for `minutes`, memory given by `mib(minute)`. */
function samples(minutes: number, mib: (minute: number) => number): Sample[] {
  const out: Sample[] = [];
  for (let at = 0; at <= minutes * 60_000; at += 5_000) {
    out.push({ atMs: at, bytes: mib(at / 60_000) * MIB });
  }
  return out;
}

describe('leastSquaresSlope', () => {
  it('recovers the slope of a line exactly', () => {
    const points = [0, 1, 2, 3].map((x) => ({ x, y: 3 * x + 7 }));
    expect(leastSquaresSlope(points)).toBeCloseTo(3, 12);
  });

  it('fits through noise symmetric about a line', () => {
    const points = [0, 1, 2, 3, 4, 5].map((x) => ({ x, y: -2 * x + (x % 2 === 0 ? 1 : -1) }));
    // The alternating noise tilts the fit a little; the OLS answer for this set is -2 - 6/35.
    expect(leastSquaresSlope(points)).toBeCloseTo(-2 - 6 / 35, 10);
  });

  it('is null when there is no slope to fit', () => {
    expect(leastSquaresSlope([])).toBeNull();
    expect(leastSquaresSlope([{ x: 1, y: 2 }])).toBeNull();
    expect(
      leastSquaresSlope([
        { x: 1, y: 2 },
        { x: 1, y: 5 },
      ]),
    ).toBeNull();
  });
});

describe('growthMiBPerMin', () => {
  it('ignores the warm-up: a fill then a flat line has no growth', () => {
    // 40 MiB filling at 20 MiB/min for the first minute, flat after: a bounded store.
    const run = samples(2, (m) => 40 + 20 * Math.min(m, 1));
    expect(growthMiBPerMin(run)).toBeCloseTo(0, 10);
  });

  it('reports a steady leak in MiB per minute', () => {
    const run = samples(10, (m) => 50 + 1.5 * m);
    expect(growthMiBPerMin(run)).toBeCloseTo(1.5, 10);
  });

  it('uses the second half by time, not by sample count', () => {
    const run: Sample[] = [
      { atMs: 0, bytes: 0 },
      { atMs: 1_000, bytes: 0 },
      { atMs: 2_000, bytes: 0 },
      { atMs: 60_000, bytes: 10 * MIB },
      { atMs: 120_000, bytes: 20 * MIB },
    ];
    expect(secondHalf(run).map((s) => s.atMs)).toEqual([60_000, 120_000]);
    expect(growthMiBPerMin(run)).toBeCloseTo(10, 10);
  });

  it('is null with too few samples', () => {
    expect(growthMiBPerMin([])).toBeNull();
    expect(growthMiBPerMin([{ atMs: 0, bytes: MIB }])).toBeNull();
  });
});

describe('windowGrowths', () => {
  it('gives each window of the second half its own slope', () => {
    // Flat for 5 minutes, then 0, 3 and 6 MiB/min over the three windows of the second half.
    const rate = (m: number) => (m < 5 ? 0 : m < 5 + 5 / 3 ? 0 : m < 5 + 10 / 3 ? 3 : 6);
    const run: Sample[] = [];
    let mib = 100;
    for (let at = 0; at <= 10 * 60_000; at += 5_000) {
      run.push({ atMs: at, bytes: mib * MIB });
      mib += rate(at / 60_000) * (5 / 60);
    }
    const growths = windowGrowths(run);
    expect(growths).toHaveLength(3);
    expect(growths[0]).toBeCloseTo(0, 1);
    expect(growths[1]).toBeGreaterThan(1);
    expect(growths[2]).toBeCloseTo(6, 1);
  });

  it('equals the whole half for a steady leak, and is empty with too few samples', () => {
    const run = samples(10, (m) => 50 + 1.5 * m);
    for (const g of windowGrowths(run)) expect(g).toBeCloseTo(1.5, 10);
    expect(windowGrowths([{ atMs: 0, bytes: MIB }])).toEqual([]);
  });
});

describe('theilSen', () => {
  it('finds the slope of a straight line, with an interval of that slope alone', () => {
    const points = Array.from({ length: 20 }, (_, i) => ({ x: i, y: 4 - 0.5 * i }));
    expect(theilSen(points)).toEqual({ slope: -0.5, low: -0.5, high: -0.5, samples: 20 });
  });

  it('is not moved by a few large jumps that least squares follows', () => {
    const points = Array.from({ length: 40 }, (_, i) => ({ x: i, y: i % 10 === 9 ? 60 : 1 }));
    const fit = theilSen(points);
    expect(fit?.slope).toBe(0);
    expect(leastSquaresSlope(points)).not.toBe(0);
  });

  it('gives an interval around the slope that narrows with more samples', () => {
    const noisy = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ x: i, y: 2 * i + ((i * 7919) % 13) - 6 }));
    const few = theilSen(noisy(15));
    const many = theilSen(noisy(120));
    if (few === null || many === null) throw new Error('no fit');
    expect(few.low).toBeLessThanOrEqual(few.slope);
    expect(few.high).toBeGreaterThanOrEqual(few.slope);
    expect(many.slope).toBeCloseTo(2, 0);
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it('has no fit with fewer than three samples or one x value', () => {
    expect(
      theilSen([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
    ).toBeNull();
    expect(
      theilSen([
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toBeNull();
  });

  it('fits the second half of a run in MiB per minute', () => {
    const run = samples(10, (m) => (m < 5 ? 100 + 8 * m : 140 + 0.25 * (m - 5)));
    expect(robustGrowthMiBPerMin(run)?.slope).toBeCloseTo(0.25, 10);
  });
});
