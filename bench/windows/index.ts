/**
 * Window liveness: dialog open/close cycles (menu, shortcut, button, the app itself) on the Qt 5,
 * GTK 3, GTK 4 and Swing fixtures, with and without a window manager. Prints ONE JSON line with, per fixture
 * and window manager:
 * - the lag from the X server's own map/unmap of a dialog, seen by an independent X connection
 *   of this process polled every 2 ms, to `windows.list` showing it (`listLagMs`) and to the
 *   cache's window.opened / window.closed for it (`announceLagMs`: a new window is announced
 *   once its contents are read), p50/p99 (target p99 <= 250 ms); negative where the cache knew
 *   first (the toolkit's own event came before the X server mapped the window); `missed`: windows
 *   X showed and closed again that the cache never showed;
 * - the toolkit's own delay in the same run (`toolkitMs`: X change -> its first AT-SPI window
 *   signal on an own bus connection; `appAnswerMs`: X map -> the app's answer to a call made
 *   then, see scripts/harness/windowLag.ts; `rawListMs`: X map -> an independent client finding
 *   that window listed and VISIBLE; `rawReadMs`: X map -> the end of an independent
 *   element-by-element AT-SPI walk of that window started then; `rawGoneMs`: X unmap -> the
 *   same client finding no window so named VISIBLE, scripts/harness/windowRawRead.ts), and the
 *   lags as ratios to them: the judged ones paired cycle by cycle (bench/windows/paired.ts);
 * - the disagreements after each change between windows.list and the X server's top-level
 *   windows, and between focus.get and an independent AT-SPI read (target 0);
 * - the apps set aside as not responding at the end (`quarantined`, target 0: no menu action
 *   may leave its app unanswering).
 * UISTREAM_TRUTH_CYCLES rounds per fixture and window manager (default 100), spread over its
 * dialogs; UISTREAM_TRUTH_FIXTURES picks fixtures by toolkit (e.g. "GTK 4,Swing"; default all),
 * UISTREAM_TRUTH_WM the window-manager modes ("none", "openbox" or both, the default);
 * UISTREAM_TRUTH_DUMP a file each run's lags are appended to (JSON lines), for reading.
 * Everything is bounded in count and time.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTruthStack } from '../../scripts/harness/windowTruth.js';
import type { TimedLags } from '../../scripts/harness/windowRawRead.js';
import { watchLag, type LagPairs, type LagWatch } from '../../scripts/harness/windowLag.js';
import {
  GTK4_FIXTURE,
  GTK_FIXTURE,
  QT_FIXTURE,
  SWING_FIXTURE,
  runRound,
  type Fixture,
} from '../../scripts/harness/windowTruthCycles.js';
import { referenceMs } from '../lib/reference.js';
import { pairedRatio, perCycleRatio, pooledRatio } from './paired.js';
import { printLine } from '../lib/targets.js';

const ROUNDS = Number(process.env.UISTREAM_TRUTH_CYCLES ?? 100);
const AGREE_MS = 3_000;
/** The lag clocks' own bound: far beyond the rounds (about a second each on a quiet machine). */
const WATCH_MAX_MS = 60_000 + ROUNDS * 15_000;
const FIXTURES = [QT_FIXTURE, GTK_FIXTURE, GTK4_FIXTURE, SWING_FIXTURE];

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number): number =>
  sorted(xs)[Math.max(0, Math.ceil(p * xs.length) - 1)] ?? NaN;
const round1 = (x: number): number => Number(x.toFixed(1));
const spread = (xs: number[], missed?: number) => ({
  p50: round1(pct(xs, 0.5)),
  p99: round1(pct(xs, 0.99)),
  n: xs.length,
  ...(missed === undefined ? {} : { missed }),
});
/** A lag's p99 over the toolkit's own p99, where the toolkit took a measurable time. */
const ratio = (lag: number[], toolkit: number[]): number | null => {
  const own = pct(toolkit, 0.99);
  return own > 1 ? Number((pct(lag, 0.99) / own).toFixed(2)) : null;
};

async function runRounds(stack: Awaited<ReturnType<typeof startTruthStack>>, fixture: Fixture) {
  const faults: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cycle = fixture.cycles[i % fixture.cycles.length];
    if (cycle === undefined) break;
    // A round that fails (a typed error from an action) counts as a disagreement, not a crash.
    const found = await runRound(stack, cycle, AGREE_MS).catch((err: unknown) => [
      `error: ${err instanceof Error ? err.message : String(err)}`,
    ]);
    for (const f of found) {
      faults.push(`round ${i} ${cycle.dialog}: ${f}`);
      process.stderr.write(`${fixture.toolkit}: round ${i} ${cycle.dialog}: ${f}\n`);
    }
    if ((i + 1) % 10 === 0) {
      process.stderr.write(`${fixture.toolkit}: ${i + 1} rounds, ${faults.length} faults\n`);
    }
  }
  return faults;
}

async function runFixture(fixture: Fixture, windowManager: boolean, folder: string) {
  const signal = AbortSignal.timeout(60_000);
  const stack = await startTruthStack(
    { windowManager, command: fixture.command, args: fixture.args(folder) },
    signal,
  );
  // The clocks run for all the rounds: under the start-up deadline the baselines stopped 60 s
  // in (every call aborted) while the cache's lags went on, so later cycles had none.
  const watching = new AbortController();
  try {
    const bound = AbortSignal.timeout(WATCH_MAX_MS);
    const watch = await watchLag(stack, AbortSignal.any([watching.signal, bound]));
    const faults = await runRounds(stack, fixture).finally(() => {
      watch.stop();
      watching.abort();
    });
    const lags = {
      list: watch.list,
      announce: watch.announce,
      toolkit: watch.toolkit(),
      answer: watch.answers,
      rawRead: watch.rawReads,
      rawList: watch.rawLists,
      rawGone: watch.rawCloses,
    };
    dumpLags(fixture, windowManager, watch);
    return summary(fixture, windowManager, faults, lags, stack.backend.health().quarantined.length);
  } finally {
    await stack.stop();
  }
}

/** Every lag with its X instant, one JSON line per run, to read a statistic against offline. */
function dumpLags(fixture: Fixture, windowManager: boolean, watch: LagWatch): void {
  const file = process.env.UISTREAM_TRUTH_DUMP;
  if (file === undefined || file === '') return;
  const { list, announce, rawReads, rawLists, rawCloses } = watch;
  const line = {
    toolkit: fixture.toolkit,
    windowManager,
    list,
    announce,
    rawReads,
    rawLists,
    rawCloses,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

function summary(
  fixture: Fixture,
  windowManager: boolean,
  faults: string[],
  lags: {
    list: LagPairs;
    announce: LagPairs;
    toolkit: number[];
    answer: number[];
    rawRead: TimedLags;
    rawList: TimedLags;
    rawGone: TimedLags;
  },
  quarantined: number,
) {
  const { list, announce, toolkit, answer, rawRead, rawList, rawGone } = lags;
  const listOpens = { lags: list.opens, at: list.openedAt };
  const announceOpens = { lags: announce.opens, at: announce.openedAt };
  const listCloses = { lags: list.closes, at: list.closedAt };
  const announceCloses = { lags: announce.closes, at: announce.closedAt };
  return {
    toolkit: fixture.toolkit,
    windowManager: windowManager ? 'openbox' : 'none',
    rounds: ROUNDS,
    listLagMs: spread(list.lags, list.missed),
    announceLagMs: spread(announce.lags, announce.missed),
    listOpenMs: spread(list.opens),
    listCloseMs: spread(list.closes),
    announceOpenMs: spread(announce.opens),
    announceCloseMs: spread(announce.closes),
    toolkitMs: spread(toolkit),
    appAnswerMs: spread(answer),
    rawReadMs: spread(rawRead.lags),
    rawListMs: spread(rawList.lags),
    rawGoneMs: spread(rawGone.lags),
    listRatio: ratio(list.lags, toolkit),
    announceRatio: ratio(announce.lags, toolkit),
    listVsAnswer: ratio(list.lags, answer),
    listOpenVsAnswer: ratio(list.opens, answer),
    announceOpenVsAnswer: ratio(announce.opens, answer),
    announceOpenVsRawRead: ratio(announce.opens, rawRead.lags),
    listOpenVsRawList: ratio(list.opens, rawList.lags),
    // Judged (bench/windows/paired.ts): p90 over p90 of all paired cycles, spread of 3 trials.
    announceOpenP90VsRawRead: pooledRatio(announceOpens, rawRead),
    listOpenP90VsRawList: pooledRatio(listOpens, rawList),
    listCloseP90VsRawGone: pooledRatio(listCloses, rawGone),
    announceCloseP90VsRawGone: pooledRatio(announceCloses, rawGone),
    // For reading: the same trials' p99 ratios, and the ratios cycle by cycle.
    announceOpenP99VsRawRead: pairedRatio(announceOpens, rawRead, 99),
    listOpenP99VsRawList: pairedRatio(listOpens, rawList, 99),
    listCloseP99VsRawGone: pairedRatio(listCloses, rawGone, 99),
    announceCloseP99VsRawGone: pairedRatio(announceCloses, rawGone, 99),
    announceOpenVsRawReadPerCycle: perCycleRatio(announceOpens, rawRead),
    listOpenVsRawListPerCycle: perCycleRatio(listOpens, rawList),
    listCloseVsRawGonePerCycle: perCycleRatio(listCloses, rawGone),
    disagreements: faults.length,
    faultSample: faults.slice(0, 3),
    quarantined,
  };
}

/** The window-manager modes UISTREAM_TRUTH_WM asks for: "none", "openbox", or both. */
function windowManagerModes(): boolean[] {
  const wanted = (process.env.UISTREAM_TRUTH_WM ?? 'none,openbox').split(',');
  const unknown = wanted.filter((m) => m !== 'none' && m !== 'openbox');
  if (unknown.length > 0) throw new Error(`UISTREAM_TRUTH_WM: unknown mode ${unknown.join(', ')}`);
  return [false, true].filter((wm) => wanted.includes(wm ? 'openbox' : 'none'));
}

async function main(): Promise<void> {
  const wanted = (process.env.UISTREAM_TRUTH_FIXTURES ?? '').split(',').filter(Boolean);
  const fixtures = FIXTURES.filter((f) => wanted.length === 0 || wanted.includes(f.toolkit));
  const folder = mkdtempSync(join(tmpdir(), 'uistream-windows-bench-'));
  const results = [];
  try {
    for (const windowManager of windowManagerModes()) {
      for (const fixture of fixtures) {
        results.push(await runFixture(fixture, windowManager, folder));
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  // Keyed as bench/targets.ts names them: Qt5_none, GTK3_openbox, ...
  const byKey = Object.fromEntries(
    results.map((r) => [`${r.toolkit.replace(/\W/g, '')}_${r.windowManager}`, r]),
  );
  printLine('windows', { referenceMs: referenceMs(), results: byKey });
}

await main();
process.exit();
