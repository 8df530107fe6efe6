/**
 * The settle period after an action is bounded: an event storm in the action's own window (a
 * page scrolling, a ticker) must not hold the answer until the storm ends. The storm here keeps
 * renaming the editor's status text every few milliseconds, well under the settle period, and
 * runs until the action answers or a cap far beyond a normal answer; the action must answer
 * while the storm is still going.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actionsInvoke } from '../../../protocol/src/index.js';
import type { SimBackend } from '../../../src/backends/sim/index.js';
import { startSimStack, type SimStack } from '../../support/simStack.js';

const STORM_TICK_MS = 10;
/** Ticks the storm makes at most: far longer than any settle period, bounded for the test. */
const STORM_CAP = 1_500;

let parts: SimStack | undefined;
afterEach(async () => {
  await parts?.stop();
  parts = undefined;
});

async function start(): Promise<SimStack> {
  parts = await startSimStack();
  return parts;
}

/** Rename the status text every tick until stopped or capped; `ticks` resolves with the count. */
function storm(sim: SimBackend): { stop(): void; ticks: Promise<number> } {
  const id = sim.control.find('editor.position');
  const el = id === undefined ? undefined : sim.desktop.get(id);
  if (el === undefined) throw new Error('the editor has no position text');
  let stopped = false;
  const ticks = new Promise<number>((resolve) => {
    let made = 0;
    const tick = (): void => {
      if (stopped || made >= STORM_CAP) return resolve(made);
      sim.desktop.set(el, { name: `Ln ${++made}, Col 1` });
      setTimeout(tick, STORM_TICK_MS);
    };
    tick();
  });
  return { stop: () => (stopped = true), ticks };
}

describe('performAction settle', () => {
  it('answers an action while an event storm in its window is still going', async () => {
    const { sim, cache, executor } = await start();
    const ctx = { clientId: 'settle-test', signal: AbortSignal.timeout(60_000) };
    const running = storm(sim);
    // The storm is under way and reaching the cache before the action starts.
    const before = cache.revision;
    await new Promise<void>((resolve) => {
      const sub = cache.patches$.subscribe((b) => {
        if (b.revision >= before + 3) {
          sub.unsubscribe();
          resolve();
        }
      });
    });
    const params = actionsInvoke.params.parse({
      target: { automationId: 'editor.new' },
      pattern: 'Invoke',
      timeoutMs: 60_000,
    });
    const answer = executor.run('actions.invoke', params, ctx).finally(() => running.stop());
    const result = await answer;
    expect(result.action).toBe('actions.invoke');
    // Still storming when the answer came: the settle period did not wait the storm out.
    expect(await running.ticks).toBeLessThan(STORM_CAP);
  });
});
