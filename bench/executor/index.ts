/**
 * Executor benchmark on the sim (one JSON line):
 * - overhead per action (settleMs 0): the executor's time for a Toggle minus the sim's own
 *   part, paired per action, hot and after idle; its own share judged against the sim's action
 *   seen through the cache by a bare subscriber, in the same iterations (overhead.ts);
 * - 1,000 actions from 50 concurrent clients over three lanes: answered exactly once each, and
 *   each lane's backend calls in submission order (counts);
 * - waitFor resolution latency after the cache emits the satisfying patch: answered in the
 *   patch's turn (a count), and its own share of the latency against a bare subscriber to the
 *   same patches (wait.ts).
 * Everything is bounded in count and time.
 */
import { measureConcurrency } from './concurrency.js';
import { printLine } from '../lib/targets.js';
import { measureOverhead } from './overhead.js';
import { measureWaitLatency } from './wait.js';
import { startStack } from './stack.js';

const DEADLINE_MS = 5 * 60_000;

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(DEADLINE_MS);
  // The bench's hard bound. It is ref'd on purpose: the sim waits on unref'd timers, and with
  // nothing else holding the event loop Node would exit mid-bench.
  const bound = setTimeout(() => {
    process.stderr.write(`executor bench overran ${DEADLINE_MS} ms\n`);
    process.exit(1);
  }, DEADLINE_MS);
  // The queue's own overhead, without the background re-fetch after each action...
  const bare = await startStack(signal, false);
  let overhead;
  try {
    overhead = await measureOverhead(bare, signal);
  } finally {
    await bare.stop();
  }
  // ...and the same with it, as the server runs by default.
  const stack = await startStack(signal, true);
  try {
    const withRefresh = await measureOverhead(stack, signal);
    const concurrency = await measureConcurrency(stack);
    const waitFor = await measureWaitLatency(stack, signal);
    const withRefreshAfterAction = {
      overheadP50Ms: withRefresh.overheadP50Ms,
      overheadP99Ms: withRefresh.overheadP99Ms,
      overheadCpuP99Ms: withRefresh.overheadCpuP99Ms,
    };
    const lanesOutOfOrder = Object.values(concurrency.lanes).filter((l) => !l.inOrder).length;
    printLine('executor', {
      overhead,
      withRefreshAfterAction,
      concurrency: {
        ...concurrency,
        unanswered: concurrency.actions - concurrency.answered,
        lanesOutOfOrder,
      },
      waitFor,
    });
  } finally {
    await stack.stop();
    clearTimeout(bound);
  }
}

await main();
