import { describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { aid, deadline, node, record, startSim } from './helpers.js';

const scene = { apps: [{ kind: 'grid' as const, rows: 10_000, visibleRows: 20 }] };

function rowNames(sim: Awaited<ReturnType<typeof startSim>>): string[] {
  return node(sim, aid(sim, 'grid.table')).children.map((id) => node(sim, id).props.name);
}

const structure = (events: BackendEvent[], change: string) =>
  events.filter((e) => e.type === 'structure' && e.change === change);

describe('sim virtualized grid', () => {
  it('realizes only the viewport plus one partly visible, offscreen row', async () => {
    const sim = await startSim(scene);
    const rows = node(sim, aid(sim, 'grid.table')).children;
    expect(rows).toHaveLength(21);
    expect(sim.groundTruth().length).toBeLessThan(200);
    expect(node(sim, rows[19] ?? '').props.states).not.toContain('offscreen');
    expect(node(sim, rows[20] ?? '').props.states).toContain('offscreen');
    expect(sim.control.find('grid.row.500')).toBeUndefined();
  });

  it('Scroll down realizes new rows, removes old ones and raises structure events', async () => {
    const sim = await startSim(scene);
    const grid = aid(sim, 'grid.table');
    const first = aid(sim, 'grid.row.0');
    const rec = record(sim);
    await sim.performPattern(grid, { pattern: 'Scroll', direction: 'down', amount: 1 }, deadline());
    await sim.control.quiet();
    expect(rowNames(sim)[0]).toBe('Row 4');
    expect(rowNames(sim)).toHaveLength(21);
    expect(structure(rec.events(), 'childRemoved')).toHaveLength(3);
    expect(structure(rec.events(), 'childAdded')).toHaveLength(3);
    expect(rec.events()).toContainEqual(
      expect.objectContaining({
        type: 'structure',
        change: 'childRemoved',
        id: grid,
        childId: first,
      }),
    );
    await expect(sim.fetchSubtree(first, deadline())).rejects.toMatchObject({
      code: 'element_stale',
    });
    const top = node(sim, aid(sim, 'grid.row.3')).props.rect;
    expect(top?.y).toBe(node(sim, grid).props.rect?.y ?? -1);
    expect(sim.groundTruth()).toEqual(await sim.fetchSubtree(sim.rootId, deadline()));
  });

  it('a jump of more than a page replaces the rows in one invalidated event', async () => {
    const sim = await startSim(scene);
    const bar = aid(sim, 'grid.scrollbar');
    const rec = record(sim);
    await sim.performPattern(bar, { pattern: 'RangeValue', value: 5_000 }, deadline());
    await sim.control.quiet();
    expect(rowNames(sim)[0]).toBe('Row 5001');
    expect(structure(rec.events(), 'invalidated')).toHaveLength(1);
    expect(node(sim, bar).props.range?.value).toBe(5_000);
    await sim.performPattern(bar, { pattern: 'RangeValue', value: 9_980 }, deadline());
    expect(rowNames(sim).at(-1)).toBe('Row 10000');
    expect(rowNames(sim)).toHaveLength(20);
    await expect(
      sim.performPattern(bar, { pattern: 'RangeValue', value: 20_000 }, deadline()),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });

  it('ScrollItem on the partly visible row brings it fully into view', async () => {
    const sim = await startSim(scene);
    const partial = aid(sim, 'grid.row.20');
    await sim.performPattern(partial, { pattern: 'ScrollItem' }, deadline());
    expect(node(sim, partial).props.states).not.toContain('offscreen');
    expect(rowNames(sim)[0]).toBe('Row 2');
    expect(node(sim, aid(sim, 'grid.row.21')).props.states).toContain('offscreen');
  });

  it('the mouse wheel scrolls what is under the pointer; horizontal scroll is refused', async () => {
    const sim = await startSim(scene);
    const grid = aid(sim, 'grid.table');
    const rect = node(sim, grid).props.rect;
    if (rect === null) throw new Error('grid has no rect');
    await sim.input({ kind: 'wheel', x: rect.x + 10, y: rect.y + 10, dx: 0, dy: 2 }, deadline());
    expect(rowNames(sim)[0]).toBe('Row 7');
    await sim.input({ kind: 'wheel', x: rect.x + 10, y: rect.y + 10, dx: 0, dy: -1 }, deadline());
    expect(rowNames(sim)[0]).toBe('Row 4');
    // A horizontal wheel over a grid that cannot scroll sideways does nothing (raw input never fails).
    await sim.input({ kind: 'wheel', x: rect.x + 10, y: rect.y + 10, dx: 1, dy: 0 }, deadline());
    expect(rowNames(sim)[0]).toBe('Row 4');
    await expect(
      sim.performPattern(grid, { pattern: 'Scroll', direction: 'right', amount: 1 }, deadline()),
    ).rejects.toMatchObject({ code: 'action_failed' });
  });

  it('rows select one at a time', async () => {
    const sim = await startSim(scene);
    const a = aid(sim, 'grid.row.1');
    const b = aid(sim, 'grid.row.2');
    await sim.performPattern(a, { pattern: 'SelectionItem', op: 'select' }, deadline());
    await sim.performPattern(b, { pattern: 'SelectionItem', op: 'select' }, deadline());
    expect(node(sim, a).props.states).not.toContain('selected');
    expect(node(sim, b).props.states).toContain('selected');
  });
});
