/**
 * The soak's growth figure: the least-squares slope of memory samples against time, over the
 * second half of the run only (the first half is warm-up: code compiled, bounded stores filled).
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
