import { describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { startDemo } from '../../../../src/backends/sim/index.js';
import { startSim, within } from './helpers.js';

describe('sim demo', () => {
  it('keeps the desktop busy (typing, toggles, scrolling, dialogs) until aborted', async () => {
    const sim = await startSim();
    const seen = new Set<string>();
    const stop = new AbortController();
    const enough = new Promise<void>((resolve) => {
      sim.events$.subscribe((batch: readonly BackendEvent[]) => {
        for (const e of batch) seen.add(e.type === 'structure' ? `structure.${e.change}` : e.type);
        if (
          ['text', 'window.opened', 'window.closed', 'structure.childAdded'].every((t) =>
            seen.has(t),
          )
        )
          resolve();
      });
    });
    const demo = startDemo(sim, stop.signal, 1);
    try {
      await within(Promise.race([enough, demo]), 10_000, 'demo activity of every kind');
    } finally {
      stop.abort();
      await demo;
    }
    expect([...seen]).toEqual(
      expect.arrayContaining(['text', 'property', 'focus', 'window.opened', 'window.closed']),
    );
  });

  it('keeps the typed text under its limit: the document starts again empty', async () => {
    const sim = await startSim();
    const limit = 60;
    const values: string[] = [];
    const stop = new AbortController();
    const enough = new Promise<void>((resolve) => {
      sim.events$.subscribe((batch: readonly BackendEvent[]) => {
        for (const e of batch) if (e.type === 'text' && e.value !== undefined) values.push(e.value);
        // Enough typing to pass the limit three times over.
        if (values.length >= 200) resolve();
      });
    });
    const demo = startDemo(sim, stop.signal, 1, limit);
    try {
      await within(Promise.race([enough, demo]), 20_000, '200 text changes');
    } finally {
      stop.abort();
      await demo;
    }
    // Past the limit by at most one word, and emptied at least once.
    expect(Math.max(...values.map((v) => v.length))).toBeLessThanOrEqual(limit + 8);
    expect(values).toContain('');
  });

  it('ends by itself when the simulated desktop stops', async () => {
    const sim = await startSim();
    const demo = startDemo(sim, new AbortController().signal, 1);
    await sim.stop();
    await within(demo, 5_000, 'the demo ending after stop');
  });
});
