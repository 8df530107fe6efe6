/**
 * The fixture's 10,000-row virtual ListView under Wine: what reads cost the fixture's message
 * loop, measured by its stall meter (longest gap between 10 ms timer ticks). Each read kind
 * runs several times; the figures are the median and the spread of the longest stall during
 * one call, next to the same meter over an idle stretch of the same length in the same run.
 * The check fails when the median call stalls the fixture past the budget (the median, so
 * that one stretch where the whole machine was busy, idle included, does not decide it).
 */
import type { BackendNode } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import { blockFixture, createWin32Fixture, readStall, type Win32Fixture } from './win32Fixture.js';

export interface BigListContext {
  check(name: string, body: () => Promise<string>): Promise<void>;
  newBackend(): UiaBackend;
  fixtureExe: string;
  extra: Record<string, unknown>;
}

/** The most one read call may stall the target's message loop (a visible hitch, no more). */
export const READ_STALL_BUDGET_MS = 250;
const TRIALS = 5;

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

/** The longest stall during `read`, and during an idle stretch as long as the read took. */
async function stallOf(read: () => Promise<unknown>): Promise<{ read: number; idle: number }> {
  readStall(true);
  const started = Date.now();
  await read();
  const took = Date.now() - started;
  const during = readStall(true);
  // An idle stretch of the same length: the meter's own baseline (timer resolution, scheduling).
  await new Promise((resolve) => setTimeout(resolve, took));
  const idle = readStall(true);
  if (during === null || idle === null) throw new Error('the stall meter did not answer');
  return { read: during, idle };
}

async function measure(
  ctx: BigListContext,
  name: string,
  read: () => Promise<unknown>,
): Promise<void> {
  await ctx.check(
    `${name}: no call stalls the fixture over ${READ_STALL_BUDGET_MS} ms`,
    async () => {
      const trials: { read: number; idle: number }[] = [];
      for (let i = 0; i < TRIALS; i++) trials.push(await stallOf(read));
      const reads = summary(trials.map((t) => t.read));
      const idle = summary(trials.map((t) => t.idle));
      ctx.extra[`stall: ${name}`] = { readMs: reads, idleMs: idle, trials: TRIALS };
      const text = `longest stall per call: median ${reads.median} ms (${reads.min}-${reads.max}); idle ${idle.median} ms (${idle.min}-${idle.max})`;
      if (reads.median > READ_STALL_BUDGET_MS) throw new Error(text);
      return text;
    },
  );
}

/** The ListView (its rows, where the runtime serves them) in the main window's fetch. */
async function listView(fixture: Win32Fixture): Promise<BackendNode[]> {
  const nodes = await fixture.backend.fetchSubtree(fixture.windows.main, {
    signal: AbortSignal.timeout(20_000),
  });
  // The widest child of the main window, by the fixture's layout (540 x 330 at 330,20).
  const list = nodes
    .filter((n) => n.parentId === fixture.windows.main && n.props.rect !== null)
    .sort(
      (a, b) =>
        (b.props.rect?.height ?? 0) * (b.props.rect?.width ?? 0) -
        (a.props.rect?.height ?? 0) * (a.props.rect?.width ?? 0),
    )[0];
  if (list === undefined) throw new Error('no ListView in the main window');
  return nodes.filter((n) => n.id === list.id || n.parentId === list.id);
}

export async function bigListChecks(ctx: BigListContext): Promise<void> {
  const signal = (): AbortSignal => AbortSignal.timeout(60_000);
  const fixture = await createWin32Fixture(ctx.newBackend(), ctx.fixtureExe, signal());
  const { backend, windows } = fixture;
  try {
    await ctx.check('stall meter: a 300 ms block of the loop reads as >= 300 ms', () => {
      readStall(true);
      blockFixture(300);
      const stall = readStall(true);
      if (stall === null || stall < 300) throw new Error(`the meter read ${stall} ms`);
      return Promise.resolve(`${stall} ms`);
    });
    await ctx.check('the ListView: what the runtime serves of its 10,000 rows', async () => {
      const [list, ...children] = await listView(fixture);
      ctx.extra['inventory of the main window'] = inventory(
        await backend.fetchSubtree(windows.main, { signal: signal() }),
      );
      const kinds = children.map((c) => `${c.props.controlType} ${c.props.className ?? ''}`);
      const rows = children.filter((c) => ['ListItem', 'DataItem'].includes(c.props.controlType));
      return `${list?.props.controlType} ${list?.props.className ?? ''}, patterns [${list?.props.patterns.join(',') ?? ''}], ${rows.length} row elements; children: ${kinds.join(', ')}`;
    });
    await measure(ctx, 'fetch of the main window', () =>
      backend.fetchSubtree(windows.main, { signal: signal() }),
    );
    const [list] = await listView(fixture);
    if (list !== undefined)
      await measure(ctx, 'fetch of the ListView', () =>
        backend.fetchSubtree(list.id, { signal: signal() }),
      );
    await measure(ctx, 'ground-truth walk of the desktop', () =>
      backend.walk(backend.rootId, { signal: signal() }),
    );
  } finally {
    await fixture.dispose();
  }
}
