/**
 * JavaFX provider benchmark in its own headless desktop: the ProviderLoad fixture (10,000
 * labels, 100 UI changes a second, a round under the initial snapshot and a round once
 * connected) joined to a real uistream server, TRIALS times. Each trial's app writes the
 * library's own FX-thread figures at exit (-Dmcp.uistream.stats). Prints ONE JSON line with
 * the median and spread (min-max) over the trials of the longest library task on the FX thread,
 * as CPU time (the library's work: target <= 5 ms) and as wall time (which also holds any wait
 * for a CPU on a busy machine), and of the longest snapshot chunk and flush.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stopSharedDesktop, sharedDesktop } from '../../test/atspi/harness.js';
import {
  buildJavafxFixtures,
  fixtureArgs,
  startUistream,
  type Uistream,
} from '../../test/providers/javafxHarness.js';
import { atMost, printLine } from '../targets.js';

const TRIALS = 3;
const ROUND = 1_000;
const APP = 'ProviderLoad';
const DIR = '.tmp/bench-javafx';
const FX_TASK_BUDGET_MS = 5;

interface Stats {
  tasks: number;
  maxTaskMs: number;
  maxTaskCpuMs: number;
  maxSnapshotChunkMs: number;
  maxFlushMs: number;
  snapshotChunks: number;
}

const waitStatus = (u: Uistream, value: string) =>
  u.client.call('actions.waitFor', {
    condition: 'nameMatches',
    target: { automationId: 'status', app: APP },
    value,
    timeoutMs: 120_000,
  });

async function trial(n: number): Promise<Stats> {
  const file = `${DIR}/stats-${n}.json`;
  rmSync(file, { force: true });
  const uistream = await startUistream();
  const desktop = await sharedDesktop();
  const args = fixtureArgs('ProviderLoad', uistream.server.url, APP, {
    'demo.changes': ROUND,
    'mcp.uistream.stats': file,
  });
  const app = desktop.launch('java', args);
  try {
    await waitStatus(uistream, `^done ${ROUND}$`);
    const more = { target: { automationId: 'more', app: APP }, pattern: 'Invoke' as const };
    await uistream.client.call('actions.invoke', more);
    await waitStatus(uistream, `^done ${2 * ROUND}$`);
  } finally {
    await app.stop();
    await uistream.close();
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Stats;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[]) => [sorted(xs)[0], sorted(xs)[xs.length - 1]];

async function main(): Promise<void> {
  buildJavafxFixtures();
  mkdirSync(DIR, { recursive: true });
  const runs: Stats[] = [];
  try {
    for (let i = 0; i < TRIALS; i++) runs.push(await trial(i));
  } finally {
    await stopSharedDesktop();
  }
  const figure = (key: keyof Stats) => ({
    median: median(runs.map((r) => r[key])),
    spread: spread(runs.map((r) => r[key])),
  });
  const cpu = figure('maxTaskCpuMs');
  printLine({
    bench: 'javafx',
    trials: TRIALS,
    changesPerSecond: 100,
    changes: 2 * ROUND,
    maxFxTaskCpuMs: cpu,
    maxFxTaskWallMs: figure('maxTaskMs'),
    maxSnapshotChunkWallMs: figure('maxSnapshotChunkMs'),
    maxFlushWallMs: figure('maxFlushMs'),
    tasks: figure('tasks'),
    snapshotChunks: figure('snapshotChunks'),
    targets: { maxFxTaskCpuMs: atMost(cpu.median, FX_TASK_BUDGET_MS, ' ms') },
  });
}

await main();
