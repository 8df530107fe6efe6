/**
 * waitFor's resolution latency: from the cache's emission of the satisfying patch to the answer
 * reaching its caller, judged two ways.
 * - Whether the wait answers in the turn of its patch (a count, 0 allowed): a timer, a poll
 *   or a scheduler hop between the patch and the answer shows as an answer that came after a
 *   setImmediate queued at the patch.
 * - The wait's own share of the latency: per iteration, its latency minus that of a bare
 *   subscriber to the same patch, answered through a promise the same way; its p99 against
 *   the bare subscriber's p99. Both answers come after the patch's task ends, so a preemption
 *   there delays both alike and cancels out of the share. The bare subscriber is the baseline,
 *   not a loop of arithmetic: like the wait it allocates and chases pointers, so it slows as
 *   the wait does when neighbours contend for the caches, which a loop in registers does not.
 */
import type { PatchBatch } from '../../protocol/src/index.js';
import { percentile, percentileTrials, round } from '../lib/stats.js';
import { parse, type Stack } from './stack.js';

/**
 * Runs per figure; 3 trials of 667, the p99 of each its 7th slowest. The backend call that
 * causes the patch was the baseline before: a synchronous call of another kind, 0.02 ms
 * against a wait's 0.01-0.08 ms, whose p99 fell at the edge of the machine's preemption tail,
 * so the ratio read 1.03x to 57x on one tree.
 */
const WAIT_RUNS = 2_000;
/** Untimed runs first: the path's compilation is no part of the figure. */
const WAIT_WARMUP = 200;

/** A promise answered on the first batch `hit` accepts: the least a wait can do. */
function bareWait(stack: Stack, hit: (batch: PatchBatch) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const subscription = stack.cache.patches$.subscribe((batch) => {
      if (!hit(batch)) return;
      subscription.unsubscribe();
      resolve(performance.now());
    });
  });
}

interface Sample {
  wait: number;
  bare: number;
  /** The wait answered after a macrotask queued at its patch ran. */
  late: boolean;
}

/** One wait and the bare subscriber for the same value, with the patch that satisfies both. */
async function timeOne(stack: Stack, ref: string, id: string, value: string): Promise<Sample> {
  const ctx = { clientId: 'bench-wait', signal: new AbortController().signal };
  let patchAt = NaN;
  let turned = false;
  const hit = (batch: PatchBatch): boolean =>
    batch.patches.some((p) => p.op === 'update' && p.ref === ref && p.props.value === value);
  // Subscribed before the wait, so it sees the batch first and stamps it.
  const stamp = stack.cache.patches$.subscribe((batch) => {
    if (!hit(batch) || !Number.isNaN(patchAt)) return;
    patchAt = performance.now();
    setImmediate(() => (turned = true));
  });
  const params = parse('actions.waitFor', {
    condition: 'valueEquals',
    target: { ref },
    value,
    timeoutMs: 5_000,
  });
  const answered = stack.executor
    .run('actions.waitFor', params, ctx)
    .then(() => [performance.now(), turned] as const);
  const bare = bareWait(stack, hit);
  await stack.sim.performPattern(id, { pattern: 'Value', value }, { signal: ctx.signal });
  const [[answeredAt, late], bareAt] = await Promise.all([answered, bare]);
  stamp.unsubscribe();
  return { wait: answeredAt - patchAt, bare: bareAt - patchAt, late };
}

export async function measureWaitLatency(stack: Stack, signal: AbortSignal) {
  const ref = stack.ref('editor.text');
  const id = stack.cache.backendId(ref);
  if (id === undefined) throw new Error('editor text has no backend id');
  // The concurrency run's post-action re-fetches are done before the first timed wait.
  await stack.drain(signal);
  for (let i = 0; i < WAIT_WARMUP; i++) await timeOne(stack, ref, id, `warm ${i}`);
  const samples: Sample[] = [];
  for (let i = 0; i < WAIT_RUNS; i++) samples.push(await timeOne(stack, ref, id, `value ${i}`));
  const waits = samples.map((s) => s.wait);
  const own = samples.map((s) => s.wait - s.bare);
  return {
    runs: WAIT_RUNS,
    p50Ms: round(percentile(waits, 50), 4),
    p99Ms: percentileTrials(waits, 99, 3, 4),
    // The baseline: the least a wait can do, on the same patches.
    bareP99Ms: percentileTrials(
      samples.map((s) => s.bare),
      99,
      3,
      4,
    ),
    ownP50Ms: round(percentile(own, 50), 4),
    ownP99Ms: percentileTrials(own, 99, 3, 4),
    answeredAfterATurn: samples.filter((s) => s.late).length,
    maxMs: round(Math.max(...waits)),
  };
}
