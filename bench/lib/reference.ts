/**
 * The machine's reference workload: a fixed piece of CPU work (sort 200,000 numbers, encode
 * and parse a 1 MB JSON document) timed in the same process as the figure it normalises.
 * A figure with no natural baseline (a capture, an OCR, a page's first paint) is judged as a
 * multiple of it, so a faster or slower machine moves both alike. Median of 5 trials.
 */
import { trialsOf, type Trials } from './stats.js';

function work(): number {
  let seed = 42;
  const random = (): number => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const numbers = Float64Array.from({ length: 200_000 }, random);
  numbers.sort();
  const doc = Array.from({ length: 10_000 }, (_, i) => ({ i, name: `item ${i}`, v: numbers[i] }));
  return (JSON.parse(JSON.stringify(doc)) as unknown[]).length + (numbers[0] ?? 0);
}

/** Milliseconds the reference workload takes here and now. */
export function referenceMs(trials = 5): Trials {
  work();
  const times: number[] = [];
  for (let i = 0; i < trials; i++) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  return trialsOf(times);
}
