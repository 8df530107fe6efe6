/**
 * Isolation of the UIA host, tested on Linux with a fake host process that runs the real host
 * runtime: a host that hangs or crashes is killed and restarted with backoff, subscribers see
 * status events and a reset, calls never hang, and the cache keeps answering reads meanwhile.
 */
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom, mergeMap, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendEvent } from '../../../../src/backends/backend.js';
import { createUiaBackend, type UiaBackend } from '../../../../src/backends/uia/index.js';
import { createCache } from '../../../../src/cache/index.js';
import { loadConfig } from '../../../../src/config.js';
import { rejectionCode } from '../../../support/errors.js';

const FAKE_HOST = fileURLToPath(new URL('./fakeHost.ts', import.meta.url));

function fakeBackend(env: Record<string, string> = {}): UiaBackend {
  Object.assign(process.env, env);
  return createUiaBackend({
    host: { module: FAKE_HOST, execArgv: ['--import', 'tsx'] },
    timings: {
      startTimeoutMs: 20_000,
      pingIntervalMs: 100,
      hangMs: 1_000,
      maxCallMs: 10_000,
      backoff: { initialMs: 50, maxMs: 1_000 },
      downAfter: 3,
      stableMs: 60_000,
    },
  });
}

/** Resolve with the first event matching `match`; subscribe BEFORE provoking it. */
function next(backend: UiaBackend, what: string, match: (e: BackendEvent) => boolean, ms = 20_000) {
  return firstValueFrom(
    backend.events$.pipe(
      mergeMap((batch) => batch),
      filter(match),
      timeout({ first: ms, with: () => Promise.reject(new Error(`no ${what} within ${ms} ms`)) }),
    ),
  );
}

const sig = (ms = 15_000): AbortSignal => AbortSignal.timeout(ms);
let backend: UiaBackend | undefined;

afterEach(async () => {
  await backend?.stop();
  backend = undefined;
  delete process.env['FAKE_HOST_MODE'];
});

describe('UIA host supervisor (fake host process)', () => {
  it('starts the host, answers calls and forwards event batches whole', async () => {
    backend = fakeBackend();
    await backend.start(sig(30_000));
    expect(backend.supervisor.hello?.mode).toBe('process');
    expect(backend.supervisor.hello?.pid).not.toBe(process.pid);
    const nodes = await backend.fetchSubtree('desktop', { signal: sig() });
    expect(nodes.map((n) => n.id)).toEqual(['desktop', '2a.100', '2a.101', '2a.102']);
    const batch = firstValueFrom(
      backend.events$.pipe(filter((b) => b.some((e) => e.type === 'focus'))),
    );
    await backend.focus('2a.100', { signal: sig() });
    expect((await batch).map((e) => e.type)).toEqual(['focus', 'focus', 'property']);
  });

  it('kills a hung host, restarts it, announces degraded/reset/ok, and the cache keeps answering', async () => {
    backend = fakeBackend();
    const cache = createCache(backend, loadConfig({}).cache);
    await backend.start(sig(30_000));
    await cache.start(sig());
    const before = cache.windowsList({ includeMinimized: true }).windows;
    expect(before.map((w) => w.title)).toEqual([expect.stringMatching(/^Fake Notepad/)]);
    const firstPid = backend.supervisor.hello?.pid;

    const degraded = next(
      backend,
      'degraded',
      (e) => e.type === 'status' && e.status === 'degraded',
    );
    const reset = next(backend, 'reset', (e) => e.type === 'reset');
    const hung = backend.performPattern('2a.101', { pattern: 'Invoke' }, { signal: sig(30_000) });
    expect((await degraded).type).toBe('status');
    // The host is stuck, yet reads are served from the cache and new calls fail fast.
    expect(cache.windowsList({ includeMinimized: true }).windows).toEqual(before);
    expect(await rejectionCode(hung)).toBe('backend_unavailable');
    await reset;
    expect(backend.supervisor.hello?.pid).not.toBe(firstPid);
    expect(backend.supervisor.generation).toBe(2);
    const after = await backend.fetchSubtree('2a.100', { signal: sig() });
    expect(after[0]?.props.name).toContain(`host ${String(backend.supervisor.hello?.pid)}`);
    await cache.stop();
  });

  it('a call with a short deadline answers timeout while the host hangs', async () => {
    backend = fakeBackend();
    await backend.start(sig(30_000));
    const code = await rejectionCode(
      backend.performPattern('2a.101', { pattern: 'Invoke' }, { signal: AbortSignal.timeout(300) }),
    );
    // timeout (its own deadline), not backend_unavailable (the later hang detection).
    expect(code).toBe('timeout');
  });

  it('restarts a crashed host; calls during the restart fail fast with backend_unavailable', async () => {
    backend = fakeBackend();
    await backend.start(sig(30_000));
    const reset = next(backend, 'reset', (e) => e.type === 'reset');
    const ok = next(backend, 'status ok', (e) => e.type === 'status' && e.status === 'ok');
    expect(
      await rejectionCode(
        backend.performPattern('2a.102', { pattern: 'Invoke' }, { signal: sig() }),
      ),
    ).toBe('backend_unavailable');
    expect(backend.supervisor.status).toBe('restarting');
    expect(await rejectionCode(backend.fetchSubtree('desktop', { signal: sig() }))).toBe(
      'backend_unavailable',
    );
    expect((await reset).type).toBe('reset');
    await ok;
    expect((await backend.fetchSubtree('desktop', { signal: sig() })).length).toBe(4);
  });

  it('a host that cannot initialise fails start with backend_unavailable and status down', async () => {
    backend = fakeBackend({ FAKE_HOST_MODE: 'fatal' });
    const down = next(backend, 'status down', (e) => e.type === 'status' && e.status === 'down');
    expect(await rejectionCode(backend.start(sig(30_000)))).toBe('backend_unavailable');
    await down;
  });

  it('errors from the host keep their typed code; bad input never reaches it', async () => {
    backend = fakeBackend();
    await backend.start(sig(30_000));
    expect(await rejectionCode(backend.fetchSubtree('ffff.1', { signal: sig() }))).toBe(
      'element_stale',
    );
    const nan = backend.input(
      { kind: 'click', x: Number.NaN, y: 0, button: 'left', count: 1 },
      { signal: sig() },
    );
    expect(await rejectionCode(nan)).toBe('invalid_params');
    const range = backend.performPattern(
      '2a.101',
      { pattern: 'RangeValue', value: Number.POSITIVE_INFINITY },
      { signal: sig() },
    );
    expect(await rejectionCode(range)).toBe('invalid_params');
    expect(
      await rejectionCode(backend.fetchSubtree('desktop', { signal: AbortSignal.abort() })),
    ).toMatch(/^(timeout|cancelled)$/);
  });

  it('stop completes events$, is idempotent, and later calls give backend_unavailable', async () => {
    backend = fakeBackend();
    await backend.start(sig(30_000));
    const completed = new Promise<void>((resolve) =>
      backend?.events$.subscribe({ complete: resolve }),
    );
    await backend.stop();
    await completed;
    await backend.stop();
    expect(await rejectionCode(backend.fetchSubtree('desktop', { signal: sig() }))).toBe(
      'backend_unavailable',
    );
  });
});
