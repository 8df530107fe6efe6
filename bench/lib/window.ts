/**
 * A same-length baseline for a short timing: a fixed amount of pure CPU work whose median time
 * matches the figure's median, timed interleaved with it. Its tail is what the machine (its
 * scheduler, other processes) does to any work that long, so the figure's p99 over it says
 * what tail the measured code adds of its own. Fixed work, not a fixed time: a preempted
 * window takes longer, as a preempted action does.
 */
import { median } from './stats.js';

let sink = 0;

function work(iterations: number): void {
  let x = sink;
  for (let i = 0; i < iterations; i++) x = (x * 31 + i) | 0;
  sink = x;
}

/** Wall milliseconds of `iterations` of the work. */
export function timeWork(iterations: number): number {
  const t0 = performance.now();
  work(iterations);
  return performance.now() - t0;
}

/** Iterations whose median time here is about `targetMs`. */
export function calibrate(targetMs: number): number {
  let iterations = 1_000;
  for (let round = 0; round < 6; round++) {
    const ms = median(Array.from({ length: 51 }, () => timeWork(iterations)));
    if (ms > 0) iterations = Math.max(1, Math.round((iterations * targetMs) / ms));
  }
  return iterations;
}
