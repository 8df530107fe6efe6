/**
 * The hang watchdog against a fake host process that makes real native calls (libc poll, or
 * kernel32 Sleep on Windows, on koffi's pool threads, tracked like the UIA host's COM calls):
 * liveness does not depend on how long an operation takes, only on whether one native call has
 * been stuck past the limit.
 */
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom, mergeMap } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createUiaBackend, type UiaBackend } from '../../../../src/backends/uia/index.js';
import { isUiError } from '../../../../src/errors.js';

const FAKE_HOST = fileURLToPath(new URL('./fakeHost.ts', import.meta.url));
const HANG_MS = 1_000;

function fakeBackend(): UiaBackend {
  return createUiaBackend({
    host: { module: FAKE_HOST, execArgv: ['--import', 'tsx'] },
    timings: {
      startTimeoutMs: 20_000,
      pingIntervalMs: 100,
      hangMs: HANG_MS,
      maxCallMs: 20_000,
      backoff: { initialMs: 50, maxMs: 1_000 },
      downAfter: 3,
      stableMs: 60_000,
    },
  });
}

let backend: UiaBackend | undefined;
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
});

describe('UIA host watchdog (fake host, real native calls)', () => {
  it('keeps a host whose operation runs far past the hang limit while its calls return', async () => {
    backend = fakeBackend();
    await backend.start(AbortSignal.timeout(30_000));
    const statuses: string[] = [];
    backend.events$.subscribe((batch) => {
      for (const e of batch) if (e.type === 'status') statuses.push(e.status);
    });
    // 30 native waits of 100 ms: about three times the hang limit in all, none stuck.
    const steps = await backend.supervisor.call(
      'diagnose',
      { steps: 30, ms: HANG_MS / 10 },
      AbortSignal.timeout(20_000),
    );
    expect(steps).toBe(30);
    expect(backend.supervisor.generation).toBe(1);
    expect(statuses).not.toContain('degraded');
  });

  it('restarts a host whose one native call has not returned past the limit, though it answers pings', async () => {
    backend = fakeBackend();
    await backend.start(AbortSignal.timeout(30_000));
    const reset = firstValueFrom(
      backend.events$.pipe(
        mergeMap((b) => b),
        filter((e) => e.type === 'reset'),
      ),
    );
    const blocked = backend.supervisor
      .call('diagnose', { steps: 1, ms: 600_000 }, AbortSignal.timeout(20_000))
      .catch((err: unknown) => err);
    const err = await blocked;
    expect(isUiError(err) && err.code).toBe('backend_unavailable');
    expect(isUiError(err) && err.message).toMatch(
      /native call (poll|Sleep)\(600000\) has not returned/,
    );
    await reset;
    expect(backend.supervisor.generation).toBe(2);
    expect(await backend.supervisor.call('probe', {}, AbortSignal.timeout(10_000))).toEqual({
      pid: backend.supervisor.hello?.pid,
    });
  });
});
