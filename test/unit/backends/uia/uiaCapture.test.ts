/**
 * The UIA backend's capture seen from the server, through a real child-process host (the fake
 * host, whose `capture` computes an image of the asked rectangle): the pixels cross the IPC
 * intact and word-aligned, bad rectangles never reach the host, an aborted capture is cancelled.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUiaBackend, type UiaBackend } from '../../../../src/backends/uia/index.js';
import { rejectionCode } from '../../../support/errors.js';

const FAKE_HOST = fileURLToPath(new URL('./fakeHost.ts', import.meta.url));
let backend: UiaBackend;

beforeAll(async () => {
  backend = createUiaBackend({
    host: { module: FAKE_HOST, execArgv: ['--import', 'tsx'] },
    timings: { startTimeoutMs: 20_000, maxCallMs: 10_000 },
  });
  await backend.start(AbortSignal.timeout(30_000));
}, 40_000);

afterAll(() => backend.stop());

it('brings the host’s pixels across intact, word-aligned, with the asked rectangle', async () => {
  const rect = { x: 250, y: 3, width: 13, height: 7 };
  const img = await backend.capture(
    { rect, windowId: '2a.100' },
    { signal: AbortSignal.timeout(10_000) },
  );
  expect([img.width, img.height, img.scale, img.rect]).toEqual([13, 7, 1, rect]);
  expect(img.data.length).toBe(13 * 7 * 4);
  expect(img.data.byteOffset % 4).toBe(0);
  const at = (x: number, y: number) => [
    ...img.data.subarray((y * 13 + x) * 4, (y * 13 + x) * 4 + 4),
  ];
  expect(at(0, 0)).toEqual([250, 3, 7, 255]);
  expect(at(12, 6)).toEqual([262 & 255, 9, 7, 255]);
});

it('lists the host’s monitors', async () => {
  const monitors = await backend.monitors(AbortSignal.timeout(10_000));
  expect(monitors).toEqual([
    { index: 0, rect: { x: 0, y: 0, width: 800, height: 600 }, scale: 1, primary: true },
  ]);
});

it('refuses empty, fractional or unbounded rectangles, and honours an aborted signal', async () => {
  const signal = AbortSignal.timeout(10_000);
  const bad = [
    { x: 0, y: 0, width: 0, height: 5 },
    { x: 0.5, y: 0, width: 5, height: 5 },
    { x: 0, y: 0, width: 40_000, height: 5 },
    { x: Number.NaN, y: 0, width: 5, height: 5 },
  ];
  for (const rect of bad)
    expect(await rejectionCode(backend.capture({ rect }, { signal }))).toBe('invalid_params');
  const rect = { x: 0, y: 0, width: 5, height: 5 };
  expect(await rejectionCode(backend.capture({ rect }, { signal: AbortSignal.abort() }))).toBe(
    'cancelled',
  );
});
