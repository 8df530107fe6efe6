/**
 * The window figures of the liveness bench as ratios paired in time with their baselines.
 *
 * The cache and the independent raw client are timed from the same X map (or unmap) of the same
 * window, so every cycle gives one lag of each. A p99 of ~33 such lags is their largest: one
 * stall of the app, the bus or the machine on either side decided a trial, and the same tree
 * read 2.3x in one run and 1.3x in the next. Judged instead: the cycles both sides timed, in
 * the order the X server changed them, split into 3 trials of consecutive cycles; each trial's
 * ratio is its cache lags' p90 over its raw lags' p90 (the 4th largest of ~33 on each side:
 * up to 3 stalls per trial move nothing), and the figure is the median of the 3 with their
 * spread. What a user waits for in 9 changes of 10, against what the least client waits for in
 * the same cycles. The p99 trials are printed beside it for reading, not judged, as is the
 * per-cycle ratio.
 */
import type { TimedLags } from '../../scripts/harness/windowRawRead.js';
import { percentile, round, trialsOf, type Trials } from '../lib/stats.js';

export const PAIRED_TRIALS = 3;
/** The judged percentile of each trial (see above). */
export const PAIRED_PERCENTILE = 90;

/** The cycles both sides timed, in X order: [figure lag, baseline lag]. */
function pairs(figure: TimedLags, baseline: TimedLags): [number, number][] {
  const byInstant = new Map(baseline.at.map((at, i) => [at, baseline.lags[i] as number]));
  return figure.at
    .map((at, i) => ({ at, lag: figure.lags[i] as number, own: byInstant.get(at) }))
    .filter((c): c is { at: number; lag: number; own: number } => c.own !== undefined)
    .sort((a, b) => a.at - b.at)
    .map((c) => [c.lag, c.own]);
}

/**
 * Each trial's `p`-th percentile of `figure` over its `p`-th percentile of `baseline`, over the
 * cycles both timed; the median of the trials and their spread. Null when a trial has no
 * baseline that took a measurable time.
 */
export function pairedRatio(
  figure: TimedLags,
  baseline: TimedLags,
  p = PAIRED_PERCENTILE,
  n = PAIRED_TRIALS,
): Trials | null {
  const cycles = pairs(figure, baseline);
  const size = Math.ceil(cycles.length / n);
  const ratios = Array.from({ length: n }, (_, i) => {
    const trial = cycles.slice(i * size, (i + 1) * size);
    const own = percentile(
      trial.map((c) => c[1]),
      p,
    );
    return trial.length > 0 && own > 1
      ? percentile(
          trial.map((c) => c[0]),
          p,
        ) / own
      : NaN;
  });
  return ratios.some((r) => !Number.isFinite(r)) ? null : trialsOf(ratios);
}

/** Per cycle (same X instant on both sides): figure lag / baseline lag, p50/p90/p99, paired n. */
export function perCycleRatio(figure: TimedLags, baseline: TimedLags) {
  const ratios = pairs(figure, baseline)
    .filter(([, own]) => own > 1)
    .map(([lag, own]) => lag / own);
  return {
    p50: round(percentile(ratios, 50)),
    p90: round(percentile(ratios, 90)),
    p99: round(percentile(ratios, 99)),
    n: ratios.length,
  };
}
