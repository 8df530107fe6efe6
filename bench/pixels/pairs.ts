/**
 * Paired timings for the pixels bench: ours and its baseline measured in the same iterations,
 * each pair's ratio, their median and spread. Timed one block after the other, a stall of the
 * shared machine lands on one side and flips a verdict; within a pair both sides meet the same
 * seconds of it, and the median of the pairs' ratios drops the pairs a stall split.
 */
import { trialsOf } from '../lib/stats.js';
import type { CapturedImage } from '../../src/backends/backend.js';
import type { BareEngine } from './bareEngine.js';

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

function summary(oursMs: number[], baseMs: number[]) {
  const ratios = oursMs.map((t, i) => t / (baseMs[i] as number));
  return { ms: trialsOf(oursMs, 1), baseMs: trialsOf(baseMs, 1), ratio: trialsOf(ratios) };
}

/**
 * Ours and the baseline one right after the other in each pair, the order alternating so that
 * neither side always runs second (warm caches, a queued GC). For work that shares one thread
 * (a capture and its encode), where side by side would time each against the other.
 */
export async function interleaved(
  ours: () => Promise<unknown>,
  base: () => Promise<unknown>,
  pairs: number,
) {
  await ours();
  await base();
  const oursMs: number[] = [];
  const baseMs: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      oursMs.push(await timed(ours));
      baseMs.push(await timed(base));
    } else {
      baseMs.push(await timed(base));
      oursMs.push(await timed(ours));
    }
  }
  return summary(oursMs, baseMs);
}

/**
 * Our warm OCR and the bare engine's read of the same image, started together in each pair so
 * both meet the same seconds of the machine (taken in turn, one pair's ratio ranged 0.4 to 2.6
 * under a load of 10 on 2 cores; side by side, 0.7 to 1.5). Each side reads in its own worker
 * thread, so side by side they share the machine rather than wait on each other.
 */
export async function sideBySideOcr(
  ours: () => Promise<unknown>,
  engine: BareEngine,
  img: CapturedImage,
  pairs: number,
) {
  await ours();
  await engine.read(img);
  const oursMs: number[] = [];
  const engineMs: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const [oursTook, engineTook] = await Promise.all([timed(ours), engine.read(img)]);
    oursMs.push(oursTook);
    engineMs.push(engineTook);
  }
  return summary(oursMs, engineMs);
}
