import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../../../src/errors.js';
import {
  aid,
  click,
  deadline,
  node,
  nodeOf,
  record,
  startSim,
  windowTitles,
  within,
} from './helpers.js';

/** Installer alone, progress driven by the control API only. */
const scene = { apps: [{ kind: 'installer' as const, progressStepMs: 0 }] };

async function toReadyPage(sim: Awaited<ReturnType<typeof startSim>>): Promise<string> {
  const next = aid(sim, 'installer.next');
  await sim.performPattern(next, { pattern: 'Invoke' }, deadline());
  await sim.performPattern(aid(sim, 'installer.accept'), { pattern: 'Toggle' }, deadline());
  await sim.performPattern(next, { pattern: 'Invoke' }, deadline());
  return next;
}

describe('sim installer', () => {
  it('Next is disabled on the licence page until the licence is accepted', async () => {
    const sim = await startSim(scene);
    const next = aid(sim, 'installer.next');
    expect(nodeOf(sim, 'installer.back').props.states).not.toContain('enabled');
    await sim.performPattern(next, { pattern: 'Invoke' }, deadline());
    expect(windowTitles(sim)).toEqual(['Setup - Licence']);
    expect(node(sim, next).props.states).not.toContain('enabled');
    await expect(sim.performPattern(next, { pattern: 'Invoke' }, deadline())).rejects.toMatchObject(
      {
        code: 'action_failed',
      },
    );
    await click(sim, aid(sim, 'installer.accept'));
    expect(node(sim, next).props.states).toContain('enabled');
    await sim.performPattern(next, { pattern: 'Invoke' }, deadline());
    expect(node(sim, next).props.name).toBe('Install');
  });

  it('Invoke on Install blocks until the modal confirmation closes (the ShowDialog quirk)', async () => {
    const sim = await startSim(scene);
    const install = await toReadyPage(sim);
    let settled = false;
    const opened = new Promise<void>((resolve) => {
      const sub = sim.events$.subscribe((batch) => {
        if (batch.some((e) => e.type === 'window.opened')) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    const invoking = sim.performPattern(install, { pattern: 'Invoke' }, deadline()).then(() => {
      settled = true;
    });
    await within(opened, 5_000, 'the confirmation dialog opening');
    await sim.control.quiet();
    expect(settled).toBe(false);
    expect(windowTitles(sim)).toContain('Confirm installation');
    await sim.performPattern(aid(sim, 'confirm.yes'), { pattern: 'Invoke' }, deadline());
    await invoking;
    expect(settled).toBe(true);
    expect(windowTitles(sim)).toEqual(['Setup - Installing']);
  });

  it('a caller deadline cuts the blocked Invoke short with TimeoutError; the dialog stays', async () => {
    const sim = await startSim(scene);
    const install = await toReadyPage(sim);
    const call = sim.performPattern(
      install,
      { pattern: 'Invoke' },
      { signal: AbortSignal.timeout(50) },
    );
    await expect(call).rejects.toBeInstanceOf(TimeoutError);
    expect(windowTitles(sim)).toContain('Confirm installation');
  });

  it('a raw click on Install does not block', async () => {
    const sim = await startSim(scene);
    const install = await toReadyPage(sim);
    await click(sim, install);
    expect(windowTitles(sim)).toContain('Confirm installation');
    await sim.performPattern(aid(sim, 'confirm.no'), { pattern: 'Invoke' }, deadline());
    expect(windowTitles(sim)).toEqual(['Setup - Ready']);
  });

  it('the progress bar advances, raising range events, then the wizard finishes', async () => {
    const sim = await startSim(scene);
    const install = await toReadyPage(sim);
    await click(sim, install);
    await click(sim, aid(sim, 'confirm.yes'));
    const bar = aid(sim, 'installer.progress');
    const rec = record(sim);
    sim.control.advanceProgress(40);
    await sim.control.quiet();
    expect(node(sim, bar).props.range?.value).toBe(40);
    expect(rec.events()).toContainEqual({
      type: 'property',
      id: bar,
      props: { range: { value: 40, min: 0, max: 100 } },
    });
    sim.control.advanceProgress(60);
    expect(windowTitles(sim)).toEqual(['Setup - Finished']);
    await sim.performPattern(aid(sim, 'installer.next'), { pattern: 'Invoke' }, deadline());
    expect(windowTitles(sim)).toEqual([]);
  });

  it('the progress timer advances on its own and is cleared on stop', async () => {
    const sim = await startSim({ apps: [{ kind: 'installer', progressStepMs: 5 }] });
    const install = await toReadyPage(sim);
    await click(sim, install);
    await click(sim, aid(sim, 'confirm.yes'));
    const bar = aid(sim, 'installer.progress');
    const finished = new Promise<void>((resolve) => {
      const sub = sim.events$.subscribe((batch) => {
        for (const e of batch) {
          if (e.type === 'property' && e.id === bar && e.props.range?.value === 100) {
            sub.unsubscribe();
            resolve();
          }
        }
      });
    });
    await within(finished, 5_000, 'the progress reaching 100%');
    expect(windowTitles(sim)).toEqual(['Setup - Finished']);
    expect(sim.desktop.timers.active).toBe(0);
  });
});
