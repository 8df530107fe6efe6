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

const byId = (automationId: string) =>
  ({ automationId, nameMatch: 'equals', caseSensitive: true, maxResults: 1 }) as const;

let parts: SimStack | undefined;
afterEach(async () => {
  await parts?.stop();
  parts = undefined;
});

async function start(apps?: Parameters<typeof startSimStack>[0]): Promise<SimStack> {
  parts = await startSimStack(apps);
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

  it('answers a settleMs 0 action in the turn its effect shows, a fetch in flight or not', async () => {
    const { sim, cache, executor } = await start([
      { kind: 'editor', at: { x: 40, y: 40 } },
      { kind: 'settings', at: { x: 880, y: 40 } },
    ]);
    const ctx = { clientId: 'settle-test', signal: AbortSignal.timeout(60_000) };
    const editor = cache.find(byId('editor.text')).elements[0];
    const box = cache.find(byId('settings.startup')).elements[0];
    if (editor === undefined || box === undefined) throw new Error('the demo lacks its elements');
    // A re-read that stays in flight through the whole action: the cache is not idle.
    sim.control.setFetchLatency({ perCallMs: 30_000 });
    const reading = new AbortController();
    const inFlight = cache.refresh(editor.ref, reading.signal).catch(() => undefined);
    const wasChecked = box.states.includes('checked');
    let turned: boolean | undefined;
    const sub = cache.patches$.subscribe((b) => {
      const flipped = b.patches.some(
        (p) =>
          p.op === 'update' &&
          p.ref === box.ref &&
          p.props.states?.includes('checked') === !wasChecked,
      );
      if (flipped && turned === undefined) {
        turned = false;
        setImmediate(() => (turned = true));
      }
    });
    const params = actionsInvoke.params.parse({
      target: { ref: box.ref },
      pattern: 'Toggle',
      settleMs: 0,
    });
    try {
      await executor.run('actions.invoke', params, ctx);
      // No timer or extra turn between the effect and the answer.
      expect(turned).toBe(false);
    } finally {
      sub.unsubscribe();
      reading.abort();
      await inFlight;
    }
  });
});
