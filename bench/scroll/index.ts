/**
 * Virtualized-list benchmark (one JSON line): scrollIntoView on the sim's 10,000-row records grid
 * (20 rows in view, only those exist as elements) through the real MCP server over loopback
 * HTTP, in both tool profiles (`ui_scroll_into_view` and `ui_automation` scroll_into_view).
 * For each pair of a starting row and a target row, above and below: the backend steps taken
 * (scroll notches, scroll bar jumps, ScrollItem; counted at the backend) and the wall time of
 * the tool call. Targets: every row reached in <= 40 steps and <= 1,000 ms.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadavg } from 'node:os';
import {
  call,
  connectHttp,
  startHttp,
  type HttpHarness,
} from '../../test/integration/mcp/harness.js';
import { atMost, printLine } from '../targets.js';

const STARTS = [0, 5_000, 9_999];
const TARGETS = [0, 17, 2_499, 4_990, 7_301, 9_875, 9_999];
const MAX_STEPS = 40;
const MAX_MS = 1_000;
const DEADLINE_MS = 5 * 60_000;

type Profile = 'default' | 'ui_automation';

function argsFor(profile: Profile, row: number): { tool: string; args: object } {
  const automationId = `grid.row.${row}`;
  if (profile === 'default') {
    return {
      tool: 'ui_scroll_into_view',
      args: { target: { window: 'Records', automationId }, timeoutMs: 20_000 },
    };
  }
  return {
    tool: 'ui_automation',
    args: { action: 'scroll_into_view', window: 'Records', automationId, timeoutMs: 20_000 },
  };
}

async function bring(client: Client, profile: Profile, row: number): Promise<void> {
  const { tool, args } = argsFor(profile, row);
  const answer = await call(client, tool, args);
  const failed = answer.isError || answer.structured?.success === false;
  if (failed) throw new Error(`${tool} row ${row}: ${answer.text.slice(0, 300)}`);
}

interface Run {
  from: number;
  to: number;
  steps: number;
  ms: number;
}

async function measureProfile(profile: Profile): Promise<Run[]> {
  const h: HttpHarness = await startHttp({ mcp: { tools: profile } });
  const client = await connectHttp(h.url);
  const backend = h.app.backend;
  const perform = backend.performPattern.bind(backend);
  let steps = 0;
  backend.performPattern = (...args) => {
    steps += 1;
    return perform(...args);
  };
  const runs: Run[] = [];
  try {
    for (const from of STARTS) {
      for (const to of TARGETS) {
        if (to === from) continue;
        await bring(client, profile, from);
        steps = 0;
        const started = performance.now();
        await bring(client, profile, to);
        runs.push({ from, to, steps, ms: Math.round(performance.now() - started) });
      }
    }
  } finally {
    backend.performPattern = perform;
    await client.close();
    await h.close();
  }
  return runs;
}

function summary(runs: Run[]) {
  const worstSteps = Math.max(...runs.map((r) => r.steps));
  const worstMs = Math.max(...runs.map((r) => r.ms));
  const worst = runs.find((r) => r.ms === worstMs);
  return { pairs: runs.length, worstSteps, worstMs, slowest: worst };
}

async function main(): Promise<void> {
  const bound = setTimeout(() => {
    process.stderr.write(`scroll bench overran ${DEADLINE_MS} ms\n`);
    process.exit(1);
  }, DEADLINE_MS);
  const byProfile = {
    default: summary(await measureProfile('default')),
    ui_automation: summary(await measureProfile('ui_automation')),
  };
  clearTimeout(bound);
  printLine({
    bench: 'scroll',
    rows: 10_000,
    visibleRows: 20,
    byProfile,
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    targets: {
      defaultWorstSteps: atMost(byProfile.default.worstSteps, MAX_STEPS),
      defaultWorstMs: atMost(byProfile.default.worstMs, MAX_MS, ' ms'),
      automationWorstSteps: atMost(byProfile.ui_automation.worstSteps, MAX_STEPS),
      automationWorstMs: atMost(byProfile.ui_automation.worstMs, MAX_MS, ' ms'),
    },
  });
}

await main();
