/**
 * An action's settle waits for the windows the window system showed for the acted app before
 * its accessibility tree had them (Java's bridge exposes a dialog late), and says which ones it
 * waited for in vain. The sim has no window system: its backend is given `untilShownListed`,
 * which here stands for the X server having mapped a dialog whose app exposes it only while the
 * settle waits for it.
 */
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsInvoke } from '../../../protocol/src/index.js';
import type { AccessibilityBackend, ShownWindowsWait } from '../../../src/backends/backend.js';
import { openWindow } from '../../../src/backends/sim/windows.js';
import type { ActionEnv } from '../../../src/executor/env.js';
import { createProgress } from '../../../src/executor/progress.js';
import { untilShownListed } from '../../../src/executor/shown-windows.js';
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
      return { listed: ['Late dialog'], unlisted: [], unexposed: [], pending: 1 };
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
      Promise.resolve({ listed: [], unlisted: ['Go to'], unexposed: ['Flash'], pending: 1 });
    const result = await executor.run('actions.invoke', invokeNew(), ctx);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^window "Go to" is on screen, but its app had not exposed it/),
      'window "Flash" was shown and closed again before its app exposed it to accessibility',
    ]);
  });
});

/** An action's env with only what the shown-windows wait uses: the backend and the progress. */
function envWith(backend: Pick<AccessibilityBackend, 'untilShownListed'>): ActionEnv {
  const progress = createProgress({ timeoutMs: 60_000, label: 'actions.invoke' });
  return { backend, progress } as unknown as ActionEnv;
}

describe('what the shown-windows wait reports', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says it waited when the backend had windows pending, however fast it answered', async () => {
    // A frozen clock: no time passes while the backend answers.
    vi.useFakeTimers({ toFake: ['performance'] });
    const env = envWith({
      untilShownListed: () =>
        Promise.resolve({ listed: ['Save As'], unlisted: [], unexposed: [], pending: 1 }),
    });
    const outcome = await untilShownListed(env, 'app', 0);
    env.progress.dispose();
    expect(outcome).toEqual({ waited: true, warnings: [] });
  });

  it('says it did not wait when nothing was pending, however long the backend took', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const env = envWith({
      untilShownListed: () => {
        vi.advanceTimersByTime(50);
        return Promise.resolve({ listed: ['Main'], unlisted: [], unexposed: [], pending: 0 });
      },
    });
    const outcome = await untilShownListed(env, 'app', 0);
    env.progress.dispose();
    expect(outcome).toEqual({ waited: false, warnings: [] });
  });

  it("notes a failed backend call in the call log, the action's outcome unchanged", async () => {
    const env = envWith({
      untilShownListed: () => Promise.reject(new Error('the X connection closed')),
    });
    const outcome = await untilShownListed(env, 'app', 0);
    env.progress.dispose();
    expect(outcome).toEqual({ waited: false, warnings: [] });
    expect(env.progress.log()).toEqual([
      'could not tell whether windows shown on screen were exposed: the X connection closed',
    ]);
  });

  it('answers an action when the backend cannot tell which windows were shown', async () => {
    const { sim, executor } = await start();
    const backend: AccessibilityBackend = sim;
    backend.untilShownListed = () => Promise.reject(new Error('the X connection closed'));
    const result = await executor.run('actions.invoke', invokeNew(), ctx);
    expect(result).toMatchObject({ action: 'actions.invoke', method: 'pattern', dryRun: false });
    expect(result.warnings ?? []).toEqual([]);
  });
});
