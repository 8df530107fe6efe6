/**
 * The settle period after an action is bounded: an event storm in the action's own window (a
 * page scrolling, a ticker) must not hold the answer until the storm ends. The storm here keeps
 * renaming the editor's status text every few milliseconds, well under the settle period, and
 * runs until the action answers or a cap far beyond a normal answer; the action must answer
 * while the storm is still going.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actionsInvoke } from '../../../protocol/src/index.js';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import { createCache } from '../../../src/cache/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { loadConfig } from '../../../src/config.js';
import { createExecutor } from '../../../src/executor/index.js';
import type { Executor } from '../../../src/executor/api.js';
import { AccessPolicy } from '../../../src/policy/access.js';

const STORM_TICK_MS = 10;
/** Ticks the storm makes at most: far longer than any settle period, bounded for the test. */
const STORM_CAP = 1_500;

let parts: { sim: SimBackend; cache: UiCache; executor: Executor } | undefined;
afterEach(async () => {
  await parts?.executor.stop();
  await parts?.cache.stop();
  await parts?.sim.stop();
  parts = undefined;
});

async function start(): Promise<NonNullable<typeof parts>> {
  const config = loadConfig({ backend: 'sim' });
  const signal = AbortSignal.timeout(10_000);
  const sim = createSimBackend({ scene: { apps: [{ kind: 'editor', at: { x: 40, y: 40 } }] } });
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: sim,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
  parts = { sim, cache, executor };
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
