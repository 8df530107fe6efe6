/**
 * scrollIntoView on a long virtualized list (the sim's 10,000-row records grid, only the rows in
 * view exist as elements): any row is reached in a bounded number of steps from any starting
 * position, in both directions, and non-existence is claimed only after the whole list was seen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { errorOf, startDesktop, type Desktop } from './desktop.js';

/** The step budget the issue sets for any row of the grid, from any start. */
const MAX_STEPS = 40;

let desk: Desktop | undefined;
afterEach(async () => {
  await desk?.stop();
  desk = undefined;
});

async function grid(rows: number): Promise<Desktop> {
  desk = await startDesktop({ scene: { apps: [{ kind: 'grid', rows, visibleRows: 20 }] } });
  return desk;
}

/** Backend pattern calls (scroll notches, bar jumps, ScrollItem) made while `work` runs. */
async function countSteps(d: Desktop, work: () => Promise<unknown>): Promise<number> {
  const original = d.sim.performPattern.bind(d.sim);
  let steps = 0;
  d.sim.performPattern = (...args) => {
    steps += 1;
    return original(...args);
  };
  try {
    await work();
    return steps;
  } finally {
    d.sim.performPattern = original;
  }
}

function bringIntoView(d: Desktop, row: number, maxScrolls?: number): Promise<unknown> {
  const table = d.ref('grid.table');
  return d.run('actions.scrollIntoView', {
    target: { automationId: `grid.row.${row}`, within: table },
    container: table,
    timeoutMs: 20_000,
    ...(maxScrolls === undefined ? {} : { maxScrolls }),
  });
}

function shown(d: Desktop, row: number): boolean {
  const [node] = d.cache.find({
    automationId: `grid.row.${row}`,
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 1,
  }).elements;
  return node !== undefined && !node.states.includes('offscreen');
}

describe('a 10,000-row virtualized grid', () => {
  it('reaches row 9,876 from the top within the step budget', async () => {
    const d = await grid(10_000);
    const steps = await countSteps(d, () => bringIntoView(d, 9875));
    expect(shown(d, 9875)).toBe(true);
    expect(steps).toBeLessThanOrEqual(MAX_STEPS);
  });

  it('reaches rows above and below from any starting position, by name too', async () => {
    const d = await grid(10_000);
    const moves: Array<[from: number, to: number]> = [
      [9999, 0],
      [0, 9999],
      [5000, 4990],
      [9990, 17],
      [120, 7301],
    ];
    for (const [from, to] of moves) {
      await bringIntoView(d, from);
      expect(shown(d, from)).toBe(true);
      const steps = await countSteps(d, () => bringIntoView(d, to));
      expect({ from, to, shown: shown(d, to) }).toEqual({ from, to, shown: true });
      expect(steps).toBeLessThanOrEqual(MAX_STEPS);
    }
    const byName = await countSteps(d, () =>
      d.run('actions.scrollIntoView', {
        target: { window: 'Records', name: 'Row 2500', nameMatch: 'equals' },
        timeoutMs: 20_000,
      }),
    );
    expect(shown(d, 2499)).toBe(true);
    expect(byName).toBeLessThanOrEqual(MAX_STEPS);
  });

  it('does not claim a row is missing before it scrolled through the whole list', async () => {
    const d = await grid(10_000);
    const failure = await errorOf(bringIntoView(d, 20_000, 30));
    expect(failure.code).not.toBe('scroll_exhausted');
    expect(failure.details).toMatchObject({ covered: false, scrolls: 30 });
  });
});

describe('a short virtualized list', () => {
  it('claims a row is missing only after seeing the whole list', async () => {
    const d = await grid(100);
    await bringIntoView(d, 50);
    const failure = await errorOf(bringIntoView(d, 999));
    expect(failure.code).toBe('scroll_exhausted');
    // From the middle, the whole list is 80 rows of scrolling at 3 rows a notch: more than
    // the 10 notches that covered only the part below the start.
    expect(failure.details.scrolls).toBeGreaterThan(80 / 3);
    expect(shown(d, 99)).toBe(true);
  });
});
