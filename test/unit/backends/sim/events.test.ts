import { firstValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { EventPump, NO_QUIRKS } from '../../../../src/backends/sim/events.js';

const focus = (n: number): BackendEvent => ({ type: 'focus', id: `sim:${n}` });
const added: BackendEvent = {
  type: 'structure',
  change: 'childAdded',
  id: 'sim:1',
  childId: 'sim:2',
  windowId: 'sim:1',
};

function started(
  quirks = NO_QUIRKS,
  latencyMs = 0,
  seed = 1,
): { pump: EventPump; batches: (readonly BackendEvent[])[] } {
  const pump = new EventPump(seed, quirks, latencyMs);
  const batches: (readonly BackendEvent[])[] = [];
  pump.events$.subscribe((b) => batches.push(b));
  pump.start();
  return { pump, batches };
}

describe('sim event pump', () => {
  it('delivers the events of one tick as one batch, on a later tick', async () => {
    const { pump, batches } = started();
    pump.emit(focus(1));
    pump.emit(focus(2));
    expect(batches).toEqual([]);
    await pump.quiet();
    expect(batches).toEqual([[focus(1), focus(2)]]);
    pump.emit(focus(3));
    await pump.quiet();
    expect(batches).toHaveLength(2);
    pump.stop();
  });

  it('drops nothing before start, and completes on stop', async () => {
    const pump = new EventPump(1, NO_QUIRKS, 0);
    const all = firstValueFrom(pump.events$.pipe(toArray()));
    pump.emit(focus(1));
    pump.start();
    pump.emit(focus(2));
    await pump.quiet();
    pump.stop();
    pump.emit(focus(3));
    expect(await all).toEqual([[focus(2)]]);
  });

  it('honours a configured latency (quiet resolves only after delivery)', async () => {
    const { pump, batches } = started(NO_QUIRKS, 20);
    pump.emit(focus(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([]);
    await pump.quiet();
    expect(batches).toEqual([[focus(1)]]);
    pump.stop();
  });

  it('quirks: drop, duplicate and detail-less structure events', async () => {
    const drop = started({ ...NO_QUIRKS, dropRate: 1 });
    drop.pump.emit(focus(1));
    await drop.pump.quiet();
    expect(drop.batches).toEqual([]);
    const dup = started({ ...NO_QUIRKS, duplicateRate: 1 });
    dup.pump.emit(focus(1));
    await dup.pump.quiet();
    expect(dup.batches).toEqual([[focus(1), focus(1)]]);
    const bare = started({ ...NO_QUIRKS, detaillessRate: 1 });
    bare.pump.emit(added);
    await bare.pump.quiet();
    expect(bare.batches).toEqual([
      [{ type: 'structure', change: 'childAdded', windowId: 'sim:1' }],
    ]);
    for (const p of [drop, dup, bare]) p.pump.stop();
  });

  it('late events arrive in the batch after the removal', async () => {
    const { pump, batches } = started({ ...NO_QUIRKS, lateRate: 1 });
    const late: BackendEvent = { type: 'property', id: 'sim:2', props: { name: 'x' } };
    pump.emit({ type: 'structure', change: 'childRemoved', id: 'sim:1', childId: 'sim:2' });
    pump.emitLate(late);
    await pump.quiet();
    expect(batches).toEqual([
      [{ type: 'structure', change: 'childRemoved', id: 'sim:1', childId: 'sim:2' }],
      [late],
    ]);
    pump.stop();
  });

  it('half-rate quirks are deterministic per seed and vary across seeds', async () => {
    const run = async (seed: number) => {
      const { pump, batches } = started({ ...NO_QUIRKS, dropRate: 0.5 }, 0, seed);
      for (let i = 0; i < 64; i++) pump.emit(focus(i));
      await pump.quiet();
      pump.stop();
      return batches.flat();
    };
    const a = await run(3);
    expect(await run(3)).toEqual(a);
    expect(await run(4)).not.toEqual(a);
    expect(a.length).toBeGreaterThan(10);
    expect(a.length).toBeLessThan(54);
  });
});
