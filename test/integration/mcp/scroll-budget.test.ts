/**
 * Steps budget of scrollIntoView on the sim's 10,000-row records grid (20 rows in view, only
 * those exist as elements), through the real MCP server over loopback HTTP, in both tool
 * profiles. For pairs of a starting row and a target row, above and below, the backend steps
 * (scroll notches, scroll bar jumps, ScrollItem; counted at the backend) stay <= 40: a count,
 * not a time, so it does not depend on the machine.
 */
import { describe, expect, it } from 'vitest';
import { call, connectHttp, startHttp } from './harness.js';

const STARTS = [0, 5_000, 9_999];
const TARGETS = [0, 17, 2_499, 4_990, 7_301, 9_875, 9_999];
const MAX_STEPS = 40;

type Profile = 'default' | 'ui_automation';

function argsFor(profile: Profile, row: number): { tool: string; args: object } {
  const automationId = `grid.row.${row}`;
  if (profile === 'default') {
    return {
      tool: 'ui_scroll',
      args: { target: { window: 'Records', automationId }, timeoutMs: 20_000 },
    };
  }
  return {
    tool: 'ui_automation',
    args: { action: 'scroll_into_view', window: 'Records', automationId, timeoutMs: 20_000 },
  };
}

describe('scrollIntoView on a 10,000-row grid', () => {
  for (const profile of ['default', 'ui_automation'] as const) {
    it(
      `reaches every row in at most ${MAX_STEPS} steps (${profile})`,
      { timeout: 180_000 },
      async () => {
        const h = await startHttp({ mcp: { tools: profile } });
        const client = await connectHttp(h.url);
        const backend = h.app.backend;
        const perform = backend.performPattern.bind(backend);
        let steps = 0;
        backend.performPattern = (...args) => {
          steps += 1;
          return perform(...args);
        };
        const bring = async (row: number): Promise<void> => {
          const { tool, args } = argsFor(profile, row);
          const answer = await call(client, tool, args);
          expect(answer.isError || answer.structured?.success === false, answer.text).toBe(false);
        };
        const worst: number[] = [];
        try {
          for (const from of STARTS) {
            for (const to of TARGETS.filter((t) => t !== from)) {
              await bring(from);
              steps = 0;
              await bring(to);
              worst.push(steps);
            }
          }
        } finally {
          backend.performPattern = perform;
          await client.close();
          await h.close();
        }
        expect(Math.max(...worst)).toBeGreaterThan(0);
        expect(Math.max(...worst)).toBeLessThanOrEqual(MAX_STEPS);
      },
    );
  }
});
