/**
 * The AX backend with its host in a real child process (the fake surface inside): a hung AX
 * call blocks only the child, the supervisor notices the silence, kills it and starts another;
 * a crashed child is restarted too; the server side answers backend_unavailable meanwhile and
 * a reset tells subscribers every id may be invalid.
 */
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom, mergeMap } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAxBackend } from '../../../../src/backends/ax/index.js';
import type { AxBackend } from '../../../../src/backends/ax/axBackend.js';
import { isUiError } from '../../../../src/errors.js';

const FAKE_HOST = fileURLToPath(new URL('./fakeAxHostMain.ts', import.meta.url));

function fakeBackend(): AxBackend {
  return createAxBackend({
    host: { module: FAKE_HOST, execArgv: ['--import', 'tsx'], args: [] },
    timings: {
      startTimeoutMs: 20_000,
      pingIntervalMs: 100,
      hangMs: 1_000,
      maxCallMs: 20_000,
      backoff: { initialMs: 50, maxMs: 1_000 },
      downAfter: 3,
      stableMs: 60_000,
    },
  });
}

let backend: AxBackend | undefined;
afterEach(async () => {
  await backend?.stop();
  backend = undefined;
});

async function button(b: AxBackend, name: string): Promise<string> {
  const nodes = await b.fetchSubtree('desktop', { signal: AbortSignal.timeout(10_000) });
  const hit = nodes.find((n) => n.props.name === name);
  if (hit === undefined) throw new Error(`no ${name} button`);
  return hit.id;
}

const resetOf = (b: AxBackend) =>
  firstValueFrom(
    b.events$.pipe(
      mergeMap((batch) => batch),
      filter((e) => e.type === 'reset'),
    ),
  );

describe('AX backend supervision (real child, fake surface)', () => {
  it('restarts a child stuck in an AX call and serves again from the new one', async () => {
    backend = fakeBackend();
    await backend.start(AbortSignal.timeout(30_000));
    const firstPid = backend.supervisor.hello?.pid;
    const hang = await button(backend, 'hang');
    const reset = resetOf(backend);
    const err = await backend
      .performPattern(hang, { pattern: 'Invoke' }, { signal: AbortSignal.timeout(20_000) })
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.code).toBe('backend_unavailable');
    expect(isUiError(err) && err.message).toMatch(/AX host restarting: AX host did not answer/);
    await reset;
    expect(backend.supervisor.generation).toBe(2);
    const nodes = await backend.fetchSubtree('desktop', { signal: AbortSignal.timeout(10_000) });
    const secondPid = backend.supervisor.hello?.pid;
    expect(secondPid).not.toBe(firstPid);
    expect(nodes.some((n) => n.props.name === `Fake TextEdit (host ${secondPid})`)).toBe(true);
  });

  it('restarts a child that crashed', async () => {
    backend = fakeBackend();
    await backend.start(AbortSignal.timeout(30_000));
    const crash = await button(backend, 'crash');
    const reset = resetOf(backend);
    const err = await backend
      .performPattern(crash, { pattern: 'Invoke' }, { signal: AbortSignal.timeout(20_000) })
      .catch((e: unknown) => e);
    expect(isUiError(err) && err.code).toBe('backend_unavailable');
    await reset;
    expect(backend.supervisor.generation).toBe(2);
    expect(await button(backend, 'hang')).toMatch(/^501\.\d+$/);
  });
});
