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
import { trials } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';
import { syncTrial } from './sync.js';

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
    const sync = await trials(TRIALS, async () => {
      const f = await syncTrial();
      process.stderr.write(`sync trial: ${JSON.stringify(f)}\n`);
      return { ...f };
    });
    printLine('javafx', {
      ...sync,
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
