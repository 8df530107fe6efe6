/**
 * An action's settle waits for the windows the window system showed for the acted app before
 * its accessibility tree had them (Java's bridge exposes a dialog late), and says which ones it
 * waited for in vain. The sim has no window system: its backend is given `untilShownListed`,
 * which here stands for the X server having mapped a dialog whose app exposes it only while the
 * settle waits for it.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { actionsInvoke } from '../../../protocol/src/index.js';
import type { AccessibilityBackend, ShownWindowsWait } from '../../../src/backends/backend.js';
import { openWindow } from '../../../src/backends/sim/windows.js';
import { startSimStack, type SimStack } from '../../support/simStack.js';

let parts: SimStack | undefined;
afterEach(async () => {
  await parts?.stop();
  parts = undefined;
});

async function start(): Promise<SimStack> {
  parts = await startSimStack();
  return parts;
}

const ctx = { clientId: 'shown-test', signal: AbortSignal.timeout(60_000) };
const invokeNew = () =>
  actionsInvoke.params.parse({ target: { automationId: 'editor.new' }, pattern: 'Invoke' });

describe('settle on windows shown before they were listed', () => {
  it('names in `opened` a dialog its app exposed only after the settle period', async () => {
    const { sim, cache, executor } = await start();
    const calls: { id: string; since: number }[] = [];
    const backend: AccessibilityBackend = sim;
    backend.untilShownListed = async (id, since): Promise<ShownWindowsWait> => {
      calls.push({ id, since });
      const app = sim.desktop.apps[0];
      if (app === undefined) throw new Error('the sim has no app');
      const announced = firstValueFrom(
        cache.patches$.pipe(filter((b) => b.patches.some((p) => p.op === 'window.opened'))),
      );
      openWindow(sim.desktop, app, {
        type: 'Window',
        name: 'Late dialog',
        rect: [100, 100, 200, 100],
        children: [{ type: 'Button', name: 'OK' }],
      });
      await announced;
      return { listed: ['Late dialog'], unlisted: [], unexposed: [] };
    };
    const started = performance.now();
    const result = await executor.run('actions.invoke', invokeNew(), ctx);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.since).toBeGreaterThanOrEqual(started);
    expect(result.changes.opened.map((w) => w.title)).toEqual(['Late dialog']);
    expect(result.window?.title).toBe('Late dialog');
    expect(result.warnings ?? []).toEqual([]);
  });

  it('warns of windows shown but never exposed, or still unlisted at its deadline', async () => {
    const { sim, executor } = await start();
    const backend: AccessibilityBackend = sim;
    backend.untilShownListed = (): Promise<ShownWindowsWait> =>
      Promise.resolve({ listed: [], unlisted: ['Go to'], unexposed: ['Flash'] });
    const result = await executor.run('actions.invoke', invokeNew(), ctx);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^window "Go to" is on screen, but its app had not exposed it/),
      'window "Flash" was shown and closed again before its app exposed it to accessibility',
    ]);
  });
});
