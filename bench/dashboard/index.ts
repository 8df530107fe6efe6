/**
 * Dashboard benchmark in Chromium (one JSON line): first paint on loopback, gzipped bundle
 * size, and, with demo activity running and a 10,000-row list mirrored, main-thread long tasks
 * and frame times while scrolling the tree; at the end the page's mirror must equal the
 * server's tree. UISTREAM_BENCH_DASHBOARD_S sets the activity period (default 60 s).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession } from 'playwright-core';
import { connect } from '../../clients/typescript/index.js';
import { startDemo } from '../../src/backends/sim/index.js';
import { DASHBOARD_DIST } from '../../src/server/dashboard-stamp.js';
import { startTestServer, TEST_TOKEN } from '../../scripts/harness/sim-server.js';
import {
  ensureBundle,
  flatten,
  launch,
  openDashboard,
  pageMirror,
  selectWindow,
} from '../../scripts/harness/dashboard.js';
import { firstPaint, longTasks, SCROLL_MARKS, scrollFrames, watchLongTasks } from './page.js';
import { startTrace } from './trace.js';
import { referenceMs } from '../lib/reference.js';
import { percentile as percentileOf } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const ROWS = 10_000;
/** Chromium's frame interval without a display that says otherwise (60 Hz). */
const FRAME_INTERVAL_MS = 1000 / 60;

/**
 * Each frame's time in whole frame intervals: the time between presented frames. The rAF
 * timestamps Chromium gives under Xvfb come from a timer and wander a few tenths of a ms around
 * the 60 Hz grid (16.6, 16.8), which is no late frame; a late frame takes two intervals or more.
 */
function presentedFrames(intervals: readonly number[]): number[] {
  return intervals.map((ms) => Math.max(1, Math.round(ms / FRAME_INTERVAL_MS)) * FRAME_INTERVAL_MS);
}

const PERIOD_MS = Number(process.env.UISTREAM_BENCH_DASHBOARD_S ?? 60) * 1000;
const SCROLL_MS = Math.min(10_000, PERIOD_MS);

const bigList = {
  kind: 'window' as const,
  app: 'rows',
  title: 'Ten thousand rows',
  at: { x: 100, y: 100 },
  elements: [
    {
      type: 'List' as const,
      name: 'Rows',
      automationId: 'rows.list',
      rect: [0, 30, 1200, 4000] as [number, number, number, number],
      children: Array.from({ length: ROWS }, (_, i) => ({
        type: 'ListItem' as const,
        name: `Row ${i}`,
        automationId: `rows.${i}`,
        // Screen rects are bounded, so the rows are laid out 50 to a line.
        rect: [(i % 50) * 24, 30 + Math.floor(i / 50) * 20, 24, 20] as [
          number,
          number,
          number,
          number,
        ],
      })),
    },
  ],
};

const percentile = (xs: number[], p: number): number | null =>
  xs.length === 0 ? null : percentileOf(xs, p);

interface MainThreadTotals {
  task: number;
  script: number;
  layout: number;
}

/** Chromium's cumulative main-thread durations (Performance.getMetrics), in ms. */
async function mainThreadTotals(cdp: CDPSession): Promise<MainThreadTotals> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: ms('TaskDuration'),
    script: ms('ScriptDuration'),
    layout: ms('LayoutDuration') + ms('RecalcStyleDuration'),
  };
}

function perFrame(a: MainThreadTotals, b: MainThreadTotals, frames: number): MainThreadTotals {
  const n = Math.max(1, frames);
  return {
    task: (b.task - a.task) / n,
    script: (b.script - a.script) / n,
    layout: (b.layout - a.layout) / n,
  };
}

const round = (x: number | null): number | null => (x === null ? null : Math.round(x * 10) / 10);

async function main(): Promise<void> {
  await ensureBundle();
  const bundle = ['app.js', 'app.css', 'index.html'].reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(DASHBOARD_DIST, f))).length,
    0,
  );
  const t = await startTestServer(
    {},
    {
      apps: [
        { kind: 'editor' },
        { kind: 'settings' },
        { kind: 'installer' },
        { kind: 'grid' },
        bigList,
      ],
    },
  );
  const browser = await launch();
  const client = await connect(t.url, { token: TEST_TOKEN });
  const demo = new AbortController();
  try {
    await openDashboard(browser.page, t.server.dashboardUrl, TEST_TOKEN);
    const paint = await browser.page.evaluate(firstPaint);
    // tsx keeps function names with a __name helper that the page does not have.
    await browser.page.evaluate('globalThis.__name = (f) => f');
    const running = startDemo(t.sim, demo.signal);
    await selectWindow(browser.page, /Ten thousand rows/);
    await browser.page.waitForFunction(
      (n) =>
        ((
          globalThis as unknown as { uistreamDashboard: { mirror(): { nodes: unknown[] } | null } }
        ).uistreamDashboard.mirror()?.nodes.length ?? 0) > n,
      ROWS,
      { timeout: 60_000 },
    );
    const cdp = await browser.context.newCDPSession(browser.page);
    await cdp.send('Performance.enable');
    // Traced from here to the end, so every task the Long Tasks API counts is in the trace.
    const trace = await startTrace(cdp, SCROLL_MARKS.from, SCROLL_MARKS.to);
    await browser.page.evaluate(watchLongTasks);
    // Patches to the mirrored window while it scrolls: select rows now and then.
    const churn = setInterval(() => {
      const i = Math.floor(Math.random() * ROWS);
      void client
        .call('actions.invoke', { target: { automationId: `rows.${i}` }, pattern: 'SelectionItem' })
        .catch(() => undefined);
    }, 500);
    const before = await mainThreadTotals(cdp);
    const frames = await browser.page.evaluate(scrollFrames, {
      ms: SCROLL_MS,
      step: 60,
      marks: SCROLL_MARKS,
    });
    const busy = perFrame(before, await mainThreadTotals(cdp), frames.length);
    const rest = PERIOD_MS - SCROLL_MS;
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    clearInterval(churn);
    const tasks = await browser.page.evaluate(longTasks);
    const { scroll: cpu, all, longTasks: traced } = await trace.stop();
    demo.abort();
    await running;
    await t.sim.control.quiet();
    const { windows } = await client.call('windows.list', {});
    const win = windows.find((w) => w.title === bigList.title)!;
    const expected = flatten((await client.call('tree.get', { window: win.ref, depth: 64 })).tree);
    let equal = false;
    const deadline = Date.now() + 15_000;
    while (!equal && Date.now() < deadline) {
      equal = JSON.stringify((await pageMirror(browser.page))?.nodes) === JSON.stringify(expected);
      if (!equal) await new Promise((r) => setTimeout(r, 200));
    }
    const presented = presentedFrames(frames);
    const p95 = percentile(presented, 95);
    const lateFrames = presented.filter((ms) => ms > FRAME_INTERVAL_MS * 1.5).length;
    const maxTask = tasks.length === 0 ? 0 : Math.max(...tasks);
    printLine('dashboard', {
      referenceMs: referenceMs(),
      firstPaintMs: round(paint),
      bundleGzipBytes: bundle,
      mirrorEqual: equal ? 1 : 0,
      lateFramesShare: Math.round((lateFrames / Math.max(1, presented.length)) * 1000) / 1000,
      p95FrameMs: round(p95),
      longTasksOver50Ms: tasks.length,
      periodS: PERIOD_MS / 1000,
      scrollS: SCROLL_MS / 1000,
      mirroredNodes: expected.length,
      frames: frames.length,
      p50FrameMs: round(percentile(presented, 50)),
      // A frame that took two intervals or more (see presentedFrames).
      lateFrames,
      // The raw rAF timestamp differences (Xvfb's wander around the 60 Hz grid included).
      rawIntervalMs: {
        p50: round(percentile(frames, 50)),
        p95: round(percentile(frames, 95)),
        p99: round(percentile(frames, 99)),
        max: round(Math.max(...frames)),
      },
      maxTaskMs: round(maxTask),
      longTaskMs: tasks.map(round),
      // Main-thread time per scrolled frame (Chromium's own counters): steadier than frame
      // times on a busy machine, so before/after comparisons use it.
      mainThreadMsPerFrame: round(busy.task),
      scriptMsPerFrame: round(busy.script),
      layoutMsPerFrame: round(busy.layout),
      // The same, in thread CPU time from a trace: what load on the machine does not inflate.
      cpuMsPerFrame: round(cpu.totalCpuMs / Math.max(1, frames.length)),
      // Over the whole traced period: what the Long Tasks API watches (mirror built to the end).
      maxTaskCpuMs: round(all.maxTaskCpuMs),
      tasksOver50MsCpu: all.tasksOver50MsCpu,
      maxTaskInside: all.maxTaskInside,
      // Every task over 50 ms of wall time in the trace: its thread time and what it did.
      // Wall time far above thread time is time the thread waited for a core.
      longTasksTraced: traced,
    });
  } finally {
    demo.abort();
    await client.close();
    await browser.close();
    await t.close();
  }
}

await main();
