/**
 * JavaFX provider benchmark in its own headless desktop: the ProviderLoad fixture (10,000
 * labels, 100 UI changes a second, a round under the initial snapshot and a round once
 * connected) joined to a real uistream server, TRIALS times. Each trial's app writes the
 * library's own FX-thread figures at exit (-Dmcp.uistream.stats). Prints ONE JSON line with
 * the median and spread (min-max) over the trials of the longest library task on the FX thread,
 * as CPU time (the library's work; judged against the 5 ms budget, with the count of
 * tasks over it) and as wall time (which also holds any wait for a CPU on a busy machine), of
 * the longest snapshot chunk and flush, and whether the cache reached the app's final row.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stopSharedDesktop, sharedDesktop } from '../../scripts/harness/atspi.js';
import {
  buildJavafxFixtures,
  fixtureArgs,
  startUistream,
  type Uistream,
} from '../../scripts/harness/javafx.js';
import { referenceMs } from '../lib/reference.js';
import { round, trials } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const TRIALS = 3;
const ROUND = 1_000;
const APP = 'ProviderLoad';
const DIR = '.tmp/bench-javafx';

interface Stats {
  tasks: number;
  maxTaskMs: number;
  maxTaskCpuMs: number;
  maxSnapshotChunkMs: number;
  maxFlushMs: number;
  snapshotChunks: number;
  overBudgetTasks: number;
  longestCpuTask: string;
}

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const waitStatus = (u: Uistream, value: string) =>
  u.client.call('actions.waitFor', {
    condition: 'nameMatches',
    target: { automationId: 'status', app: APP },
    value,
    timeoutMs: 120_000,
  });

async function trial(n: number): Promise<Stats & { reached: number }> {
  const file = `${DIR}/stats-${n}.json`;
  rmSync(file, { force: true });
  const uistream = await startUistream();
  const desktop = await sharedDesktop();
  const args = fixtureArgs('ProviderLoad', uistream.server.url, APP, {
    'demo.changes': ROUND,
    'mcp.uistream.stats': file,
  });
  const app = desktop.launch('java', args);
  let reached: number | undefined;
  try {
    await waitStatus(uistream, `^done ${ROUND}$`);
    const more = { target: { automationId: 'more', app: APP }, pattern: 'Invoke' as const };
    await uistream.client.call('actions.invoke', more);
    await waitStatus(uistream, `^done ${2 * ROUND}$`);
    reached = await uistream.client
      .call('actions.waitFor', {
        condition: 'appear',
        target: { automationId: `row-${2 * ROUND}`, app: APP },
        timeoutMs: 30_000,
      })
      .then(
        () => 1,
        () => 0,
      );
  } finally {
    await app.stop();
    await uistream.close();
  }
  const raw = readFileSync(file, 'utf8');
  process.stderr.write(`trial ${n}: ${raw}`);
  return { ...(JSON.parse(raw) as Stats), reached: reached ?? 0 };
}

/**
 * The server's heap per provider node: a fresh server, live heap after a forced GC, then the
 * 10,000-label fixture (no changes) joined and its snapshot in the cache, heap again; the
 * difference over the elements the cache gained (the provider's session tree and the cache's
 * copy both count). Null without --expose-gc (bench/run.ts passes it).
 */
async function heapBytesPerProviderNode(): Promise<number | null> {
  if (gc === undefined) return null;
  const uistream = await startUistream();
  const desktop = await sharedDesktop();
  const elementsBefore = uistream.app.cache.stats().elements;
  const before = heapUsed();
  const args = fixtureArgs('ProviderLoad', uistream.server.url, APP, { 'demo.changes': 0 });
  const app = desktop.launch('java', args);
  try {
    // The snapshot arrives whole: once the status is in the cache, every label is.
    await waitStatus(uistream, '^done 0$');
    const nodes = uistream.app.cache.stats().elements - elementsBefore;
    return round((heapUsed() - before) / nodes, 0);
  } finally {
    await app.stop();
    await uistream.close();
  }
}

async function main(): Promise<void> {
  buildJavafxFixtures();
  mkdirSync(DIR, { recursive: true });
  try {
    const figures = await trials(TRIALS, async (n) => {
      const s = await trial(n);
      return {
        maxTaskCpuMs: s.maxTaskCpuMs,
        overBudgetTasks: s.overBudgetTasks,
        maxTaskWallMs: s.maxTaskMs,
        maxSnapshotChunkWallMs: s.maxSnapshotChunkMs,
        maxFlushWallMs: s.maxFlushMs,
        tasks: s.tasks,
        snapshotChunks: s.snapshotChunks,
        finalStateReached: s.reached,
      };
    });
    const heapBytesPerNode = await heapBytesPerProviderNode();
    printLine('javafx', {
      heapBytesPerNode,
      trials: TRIALS,
      changesPerSecond: 100,
      changes: 2 * ROUND,
      ...figures,
      referenceMs: referenceMs(),
    });
  } finally {
    await stopSharedDesktop();
  }
}

await main();
