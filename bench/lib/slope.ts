/**
 * The soak's growth figure: the slope of memory samples against time over the second half of
 * the run only (the first half is warm-up: code compiled, bounded stores filled). The judged
 * slope is Theil-Sen's (the median of the slopes between every two samples) with its 95%
 * confidence interval: RSS after a forced GC still jumps by megabytes when V8 or malloc gives
 * back or takes pages, and a least-squares line through 40 s windows followed those jumps
 * (7.2 and -4.2 MiB/min in two runs of one tree).
 */

export interface Sample {
  /** Milliseconds since the run started. */
  atMs: number;
  /** Bytes. */
  bytes: number;
}

const MIB = 1024 * 1024;

/** Slope of y over x by ordinary least squares; null with fewer than two distinct x values. */
export function leastSquaresSlope(points: readonly { x: number; y: number }[]): number | null {
  const n = points.length;
  if (n < 2) return null;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - meanX) * (p.y - meanY);
    sxx += (p.x - meanX) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/** The samples taken at or after the middle of the run (by time, not by count). */
export function secondHalf(samples: readonly Sample[]): Sample[] {
  if (samples.length === 0) return [];
  const first = samples[0] as Sample;
  const last = samples[samples.length - 1] as Sample;
  const middle = (first.atMs + last.atMs) / 2;
  return samples.filter((s) => s.atMs >= middle);
}

/** Growth over the second half in MiB per minute; null when it cannot be computed. */
export function growthMiBPerMin(samples: readonly Sample[]): number | null {
  const half = secondHalf(samples).map((s) => ({ x: s.atMs / 60_000, y: s.bytes / MIB }));
  return leastSquaresSlope(half);
}

export interface RobustSlope {
  slope: number;
  /** Sen's 95% confidence interval of the slope. */
  low: number;
  high: number;
  samples: number;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.96;

/** Theil-Sen slope of y over x with Sen's confidence interval; null with under 3 samples. */
export function theilSen(points: readonly { x: number; y: number }[]): RobustSlope | null {
  const n = points.length;
  if (n < 3) return null;
  const slopes: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = [points[i] as { x: number; y: number }, points[j] as { x: number; y: number }];
      if (a.x !== b.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  if (slopes.length === 0) return null;
  slopes.sort((u, v) => u - v);
  const m = slopes.length;
  const mid = Math.floor(m / 2);
  const slope =
    m % 2 === 1
      ? (slopes[mid] as number)
      : ((slopes[mid - 1] as number) + (slopes[mid] as number)) / 2;
  // Sen (1968): the interval's ends are order statistics of the pairwise slopes, set by the
  // variance of Kendall's S (no ties).
  const c = Z95 * Math.sqrt((n * (n - 1) * (2 * n + 5)) / 18);
  const lowRank = Math.max(0, Math.floor((m - c) / 2));
  const highRank = Math.min(m - 1, Math.ceil((m + c) / 2));
  return { slope, low: slopes[lowRank] as number, high: slopes[highRank] as number, samples: n };
}

/** Theil-Sen growth over the second half in MiB per minute, with its interval. */
export function robustGrowthMiBPerMin(samples: readonly Sample[]): RobustSlope | null {
  return theilSen(secondHalf(samples).map((s) => ({ x: s.atMs / 60_000, y: s.bytes / MIB })));
}

/** How many consecutive windows the second half is cut into for the growth's spread. */
export const GROWTH_WINDOWS = 3;

/**
 * The growth over each of `n` consecutive, equally long windows of the second half (by time),
 * in MiB per minute: their median is the figure, their range its noise. A window with fewer
 * than two samples gives no slope and is left out.
 */
export function windowGrowths(samples: readonly Sample[], n = GROWTH_WINDOWS): number[] {
  const half = secondHalf(samples);
  if (half.length < 2) return [];
  const start = (half[0] as Sample).atMs;
  const length = ((half[half.length - 1] as Sample).atMs - start) / n;
  const growths: number[] = [];
  for (let i = 0; i < n; i++) {
    const from = start + i * length;
    const inside = half.filter(
      (s) => s.atMs >= from && (i === n - 1 ? true : s.atMs < from + length),
    );
    const slope = leastSquaresSlope(inside.map((s) => ({ x: s.atMs / 60_000, y: s.bytes / MIB })));
    if (slope !== null) growths.push(slope);
  }
  return growths;
}
