/**
 * Permissions: checked once at start, never prompting unless asked; a missing grant starts the
 * backend degraded with a reason naming the grant, and every AX call answers the typed error.
 */
import { firstValueFrom, filter, mergeMap, toArray, take } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AxHost } from '../../../../src/backends/ax/axHost.js';
import { createAxBackend } from '../../../../src/backends/ax/index.js';
import { responsibleApp } from '../../../../src/backends/ax/axErrors.js';
import { isUiError } from '../../../../src/errors.js';
import { FakeAxSurface } from './fakeAx.js';
import { FAR, ManualTimers, startHost, textEdit } from './axHarness.js';
import { inProcessChannel } from './inProcess.js';

describe('AX permissions', () => {
  it('never prompts unless asked', async () => {
    const quiet = new FakeAxSurface();
    await startHost(quiet);
    expect(quiet.prompts).toEqual([false]);
    const asking = new FakeAxSurface();
    await startHost(asking, { promptPermissions: true });
    expect(asking.prompts).toEqual([true]);
  });

  it('answers every AX call with a typed error naming the grant, the app and the restart', async () => {
    const surface = new FakeAxSurface();
    textEdit(surface);
    surface.trusted = false;
    const run = await startHost(surface);
    expect(run.facts).toMatchObject({ accessibility: false, grantTo: 'Terminal' });
    const err = await run.host
      .call('fetchSubtree', { id: 'desktop', maxDepth: null }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.code).toBe('backend_unavailable');
    expect(isUiError(err) && err.details).toMatchObject({
      permission: 'accessibility',
      grantTo: 'Terminal',
      restartNeeded: true,
    });
    expect(isUiError(err) && err.message).toMatch(
      /Privacy & Security > Accessibility.*restart uistream/,
    );
    expect(surface.calls).toEqual([]); // nothing reached AX
  });

  it('refuses captures without Screen Recording, naming that grant', async () => {
    const surface = new FakeAxSurface();
    surface.screen = false;
    const run = await startHost(surface);
    const rect = { x: 0, y: 0, width: 10, height: 10 };
    const err = await run.host
      .call('capture', { rect, windowId: null }, FAR)
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.details?.['permission']).toBe('screenRecording');
  });

  it('names the terminal that macOS holds responsible, or says who else', () => {
    expect(responsibleApp({ TERM_PROGRAM: 'iTerm.app' }, '/usr/local/bin/node')).toBe('iTerm');
    expect(responsibleApp({}, '/opt/node')).toMatch(/\/opt\/node/);
  });

  it('starts the backend degraded, with the reason /health and session.hello report', async () => {
    const surface = new FakeAxSurface();
    surface.trusted = false;
    surface.screen = false;
    const timers = new ManualTimers();
    const env = { TERM_PROGRAM: 'Apple_Terminal' };
    const backend = createAxBackend({
      launch: () => inProcessChannel(new AxHost(surface, { timers, env })),
    });
    const statuses = firstValueFrom(
      backend.events$.pipe(
        mergeMap((b) => b),
        filter((e) => e.type === 'status'),
        take(2),
        toArray(),
      ),
    );
    await backend.start(AbortSignal.timeout(10_000));
    const [starting, after] = await statuses;
    expect(starting).toEqual({ type: 'status', status: 'starting' });
    expect(after).toMatchObject({ type: 'status', status: 'degraded' });
    expect(after?.type === 'status' && after.reason).toMatch(
      /Accessibility and Screen Recording not granted to Terminal.*restart/,
    );
    const err = await backend
      .fetchSubtree('desktop', { signal: AbortSignal.timeout(5_000) })
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.details?.['permission']).toBe('accessibility');
    await backend.stop();
  });
});
