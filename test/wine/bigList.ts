/**
 * The fixture's 10,000-row virtual ListView under Wine. Its rows are UIA elements (the fixture
 * serves its own provider there, test/fixtures/win32/rowsuia.c): a read of the list answers
 * LIVE_MAX_CHILDREN rows and `hasMore`, never all 10,000. What reads cost the fixture's message loop
 * is measured by its stall meter (longest gap between 10 ms timer ticks). Each read kind runs
 * several times; the figures are the median and the spread of the longest stall during one
 * call, next to the same meter over an idle stretch of the same length in the same run, and the
 * call's own duration. The check fails when the median call stalls the fixture past the budget
 * (the median, so that one stretch where the whole machine was busy, idle included, does not
 * decide it). A row cannot be scrolled into view under Wine (no UIA client there reaches a
 * pattern); the backend must say so with a typed error, never answer ok.
 */
import type { BackendNode } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import { LIVE_MAX_CHILDREN } from '../../src/backends/uia/uiaHostChildren.js';
import { isUiError } from '../../src/errors.js';
import {
  ROWS_UIA_ENV,
  blockFixture,
  createWin32Fixture,
  readStall,
  type Win32Fixture,
} from './win32Fixture.js';

export interface BigListContext {
  check(name: string, body: () => Promise<string>): Promise<void>;
  newBackend(): UiaBackend;
  fixtureExe: string;
  extra: Record<string, unknown>;
}

/**
 * The most one read call may stall the target's message loop beyond what the machine stalls it
 * anyway (the idle stretch measured next to it): a visible hitch, no more.
 */
export const READ_STALL_BUDGET_MS = 250;
/** Trials per read kind: each read of the list costs seconds under Wine (live reads). */
const TRIALS = 3;

const line = (n: BackendNode, depth: number): string =>
  `${'  '.repeat(depth)}${n.props.controlType} ${JSON.stringify(n.props.name)} [${n.props.patterns.join(',')}] children=${n.children.length}`;

function inventory(nodes: BackendNode[]): string[] {
  const depthOf = new Map<string, number>();
  return nodes.map((n) => {
    const depth = n.parentId === null ? 0 : (depthOf.get(n.parentId) ?? -1) + 1;
    depthOf.set(n.id, depth);
    return line(n, depth);
  });
}

function summary(values: number[]): { median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 };
}

interface Trial {
  read: number;
  idle: number;
  took: number;
}

/** The longest stall during `read`, and during an idle stretch as long as the read took. */
async function stallOf(read: () => Promise<unknown>): Promise<Trial> {
  readStall(true);
  const started = Date.now();
  await read();
  const took = Date.now() - started;
  const during = readStall(true);
  // An idle stretch of the same length: the meter's own baseline (timer resolution, scheduling).
  await new Promise((resolve) => setTimeout(resolve, took));
  const idle = readStall(true);
  if (during === null || idle === null) throw new Error('the stall meter did not answer');
  return { read: during, idle, took };
}

async function measure(
  ctx: BigListContext,
  name: string,
  read: () => Promise<unknown>,
): Promise<void> {
  await ctx.check(
    `${name}: no call stalls the fixture over ${READ_STALL_BUDGET_MS} ms beyond idle`,
    async () => {
      const trials: Trial[] = [];
      for (let i = 0; i < TRIALS; i++) trials.push(await stallOf(read));
      const reads = summary(trials.map((t) => t.read));
      const idle = summary(trials.map((t) => t.idle));
      const took = summary(trials.map((t) => t.took));
      ctx.extra[`stall: ${name}`] = { readMs: reads, idleMs: idle, callMs: took, trials: TRIALS };
      const text = `longest stall per call: median ${reads.median} ms (${reads.min}-${reads.max}); idle ${idle.median} ms (${idle.min}-${idle.max}); the call took ${took.median} ms (${took.min}-${took.max})`;
      // The idle median is what the machine alone did to the loop over as long a stretch.
      if (reads.median - idle.median > READ_STALL_BUDGET_MS) throw new Error(text);
      return text;
    },
  );
}

/** The rows read are consecutive ("Row k" to "Row k+n-1"); the first mismatch otherwise. */
function gapIn(rows: BackendNode[]): string | undefined {
  const first = Number(/^Row (\d+)$/.exec(rows[0]?.props.name ?? '')?.[1] ?? NaN);
  const bad = rows.findIndex((r, i) => r.props.name !== `Row ${first + i}`);
  return bad < 0 ? undefined : `row ${bad} is ${JSON.stringify(rows[bad]?.props.name)}`;
}

/** The main window's fetch: its ListView holds the capped rows and hasMore. */
async function cappedRead(
  ctx: BigListContext,
  fixture: Win32Fixture,
): Promise<{ list?: BackendNode; rows: BackendNode[] }> {
  let out: { list?: BackendNode; rows: BackendNode[] } = { rows: [] };
  await ctx.check(
    `the ListView: a read answers ${LIVE_MAX_CHILDREN} of its 10,000 rows and hasMore`,
    async () => {
      const started = Date.now();
      const nodes = await fixture.backend.fetchSubtree(fixture.windows.main, {
        signal: AbortSignal.timeout(60_000),
      });
      const took = Date.now() - started;
      ctx.extra['inventory of the main window'] = inventory(nodes);
      const list = nodes.find((n) => n.props.className === 'SysListView32');
      if (list === undefined) throw new Error('no ListView in the main window');
      const rows = nodes.filter(
        (n) => n.parentId === list.id && n.props.controlType === 'ListItem',
      );
      out = { list, rows };
      const gap = gapIn(rows);
      const text = `${list.props.controlType}, ${rows.length} ListItem rows (${rows[0]?.props.name} to ${rows.at(-1)?.props.name}), hasMore ${list.hasMore === true}; the main window's fetch took ${took} ms`;
      ctx.extra['big list read'] = { rows: rows.length, hasMore: list.hasMore, took };
      if (rows.length !== LIVE_MAX_CHILDREN || list.hasMore !== true || gap !== undefined)
        throw new Error(`${text}${gap === undefined ? '' : `; ${gap}`}`);
      return text;
    },
  );
  return out;
}

/** Under Wine no pattern can be reached: scrolling a row into view must fail, typed. */
async function scrollItemRefused(ctx: BigListContext, backend: UiaBackend, rows: BackendNode[]) {
  await ctx.check('ScrollItem on an off-screen row answers a typed error, never ok', async () => {
    const row = rows.find((r) => r.props.states.includes('offscreen'));
    if (row === undefined) throw new Error('no off-screen row was read');
    if (row.props.patterns.includes('ScrollItem')) throw new Error('the row lists ScrollItem');
    try {
      await backend.performPattern(
        row.id,
        { pattern: 'ScrollItem' },
        {
          signal: AbortSignal.timeout(20_000),
        },
      );
    } catch (err) {
      if (isUiError(err) && err.code === 'pattern_not_supported')
        return `${row.props.name}: ${err.code} (${err.message})`;
      throw err;
    }
    throw new Error(`ScrollItem on ${row.props.name} answered ok`);
  });
}

export async function bigListChecks(ctx: BigListContext): Promise<void> {
  const signal = (): AbortSignal => AbortSignal.timeout(60_000);
  const fixture = await createWin32Fixture(
    ctx.newBackend(),
    ctx.fixtureExe,
    signal(),
    ROWS_UIA_ENV,
  );
  const { backend } = fixture;
  try {
    await ctx.check('stall meter: a 300 ms block of the loop reads as >= 300 ms', () => {
      readStall(true);
      blockFixture(300);
      const stall = readStall(true);
      if (stall === null || stall < 300) throw new Error(`the meter read ${stall} ms`);
      return Promise.resolve(`${stall} ms`);
    });
    const { list, rows } = await cappedRead(ctx, fixture);
    if (list !== undefined)
      await measure(ctx, 'fetch of the ListView', () =>
        backend.fetchSubtree(list.id, { signal: signal() }),
      );
    await measure(ctx, 'ground-truth walk of the desktop', () =>
      backend.walk(backend.rootId, { signal: signal() }),
    );
    await scrollItemRefused(ctx, backend, rows);
  } finally {
    await fixture.dispose();
  }
}
