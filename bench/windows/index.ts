/**
 * Window liveness: dialog open/close cycles (menu, shortcut, button, the app itself) on the Qt 5
 * and GTK 3 fixtures, with and without a window manager. Prints ONE JSON line with, per fixture
 * and window manager:
 * - the lag from the X server's own map/unmap of a dialog, seen by an independent X connection
 *   of this process polled every 2 ms, to the cache's window.opened / window.closed for it,
 *   p50/p99 (target: p99 within 2.5x the machine's reference workload); negative where the cache
 *   knew first (the toolkit's own event came before the X server mapped the window);
 * - the disagreements after each change between windows.list and the X server's top-level
 *   windows, and between focus.get and an independent AT-SPI read (target 0);
 * - the apps set aside as not responding at the end (target 0: no Qt menu action may leave its
 *   app unanswering).
 * UISTREAM_TRUTH_CYCLES rounds per fixture and window manager (default 100), spread over its
 * dialogs. Everything is bounded in count and time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PatchBatch } from '../../protocol/src/index.js';
import { X11WindowWatcher, type XWindowView } from '../../src/backends/x11/index.js';
import { startTruthStack, type TruthStack } from '../../scripts/harness/windowTruth.js';
import {
  GTK_FIXTURE,
  QT_FIXTURE,
  runRound,
  type Fixture,
} from '../../scripts/harness/windowTruthCycles.js';
import { referenceMs } from '../lib/reference.js';
import { printLine } from '../lib/targets.js';

const ROUNDS = Number(process.env.UISTREAM_TRUTH_CYCLES ?? 100);
const AGREE_MS = 3_000;

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number): number =>
  sorted(xs)[Math.max(0, Math.ceil(p * xs.length) - 1)] ?? NaN;
const round1 = (x: number): number => Number(x.toFixed(1));

/** Pairs each X transition of a titled window with the cache's, in order, per title and kind. */
class LagPairs {
  readonly lags: number[] = [];
  private readonly pending = new Map<string, { side: 'x' | 'cache'; at: number }[]>();

  note(side: 'x' | 'cache', key: string, at: number): void {
    const queue = this.pending.get(key) ?? [];
    const other = queue[0];
    if (other !== undefined && other.side !== side) {
      queue.shift();
      this.lags.push(side === 'cache' ? at - other.at : other.at - at);
    } else queue.push({ side, at });
    this.pending.set(key, queue);
  }
}

function watchX(stack: TruthStack, pairs: LagPairs): X11WindowWatcher {
  const titles = (v: XWindowView): Set<string> =>
    new Set(v.windows.filter((w) => w.pid === stack.app.pid && !w.popup).map((w) => w.title));
  const watcher = new X11WindowWatcher(stack.desktop.env, {
    pollMs: 2,
    onChange: (view, previous) => {
      const at = performance.now();
      const now = titles(view);
      const before = titles(previous);
      for (const t of now) if (!before.has(t)) pairs.note('x', `open ${t}`, at);
      for (const t of before) if (!now.has(t)) pairs.note('x', `close ${t}`, at);
    },
  });
  watcher.start();
  return watcher;
}

function watchCache(stack: TruthStack, pairs: LagPairs): { unsubscribe(): void } {
  return stack.cache.patches$.subscribe((batch: PatchBatch) => {
    const at = performance.now();
    for (const p of batch.patches) {
      if (p.op === 'window.opened') pairs.note('cache', `open ${p.window.title}`, at);
      if (p.op === 'window.closed') pairs.note('cache', `close ${p.title}`, at);
    }
  });
}

async function runFixture(fixture: Fixture, windowManager: boolean, folder: string) {
  const stack = await startTruthStack(
    { windowManager, command: fixture.command, args: fixture.args(folder) },
    AbortSignal.timeout(60_000),
  );
  const pairs = new LagPairs();
  const watcher = watchX(stack, pairs);
  const subscription = watchCache(stack, pairs);
  const faults: string[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const cycle = fixture.cycles[i % fixture.cycles.length];
      if (cycle === undefined) break;
      // A round that fails (a typed error from an action) counts as a disagreement, not a crash.
      const found = await runRound(stack, cycle, AGREE_MS).catch((err: unknown) => [
        `error: ${err instanceof Error ? err.message : String(err)}`,
      ]);
      for (const f of found) faults.push(`round ${i} ${cycle.dialog}: ${f}`);
      if ((i + 1) % 10 === 0) {
        process.stderr.write(
          `${fixture.toolkit} ${windowManager}: ${i + 1} rounds, ${faults.length} faults\n`,
        );
      }
    }
  } finally {
    subscription.unsubscribe();
    watcher.stop();
    await stack.stop();
  }
  const lags = pairs.lags;
  return {
    toolkit: fixture.toolkit,
    windowManager: windowManager ? 'openbox' : 'none',
    rounds: ROUNDS,
    lagMs: { p50: round1(pct(lags, 0.5)), p99: round1(pct(lags, 0.99)), n: lags.length },
    disagreements: faults.length,
    faultSample: faults.slice(0, 3),
  };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'uistream-windows-bench-'));
  const results = [];
  try {
    for (const windowManager of [false, true]) {
      for (const fixture of [QT_FIXTURE, GTK_FIXTURE]) {
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
