/**
 * The 10,000-row virtual ListView under Wine: what a read costs the fixture's message loop
 * (the stall meter), that reads are capped, and that scrollIntoView reaches row 9,000.
 */
import type { BackendNode } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import { blockFixture, createWin32Fixture, readStall } from './win32Fixture.js';

export interface BigListContext {
  check(name: string, body: () => Promise<string>): Promise<void>;
  newBackend(): UiaBackend;
  fixtureExe: string;
  extra: Record<string, unknown>;
}

const line = (n: BackendNode, depth: number): string =>
  `${'  '.repeat(depth)}${n.props.controlType} ${JSON.stringify(n.props.name)} ${n.props.automationId ?? ''} [${n.props.patterns.join(',')}] children=${n.children.length} value=${JSON.stringify(n.props.value ?? null)}`;

function inventory(nodes: BackendNode[]): string[] {
  const depthOf = new Map<string, number>();
  return nodes.map((n) => {
    const depth = n.parentId === null ? 0 : (depthOf.get(n.parentId) ?? -1) + 1;
    depthOf.set(n.id, depth);
    return line(n, depth);
  });
}

export async function bigListChecks(ctx: BigListContext): Promise<void> {
  const fixture = await createWin32Fixture(
    ctx.newBackend(),
    ctx.fixtureExe,
    AbortSignal.timeout(40_000),
  );
  try {
    await ctx.check('stall meter: a 300 ms block of the loop reads as >= 300 ms', async () => {
      readStall(true);
      blockFixture(300);
      const stall = readStall(true);
      if (stall === null || stall < 300) throw new Error(`meter read ${stall}`);
      return `${stall} ms`;
    });
    await ctx.check('inventory of the main window', async () => {
      readStall(true);
      const started = Date.now();
      const nodes = await fixture.backend.fetchSubtree(fixture.windows.main, {
        signal: AbortSignal.timeout(60_000),
      });
      ctx.extra['inventory'] = inventory(nodes);
      const walked = await fixture.backend.walk(fixture.windows.main, {
        signal: AbortSignal.timeout(60_000),
      });
      ctx.extra['walked'] = inventory(walked);
      return `${nodes.length} nodes in ${Date.now() - started} ms, longest stall ${readStall(true)} ms`;
    });
  } finally {
    await fixture.dispose();
  }
}
