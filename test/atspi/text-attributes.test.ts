/**
 * Text attribute runs read from a real GTK 3 label through AT-SPI Text.GetAttributeRun: the
 * fixture editor's legend is Pango markup with bold, italic, underlined and red monospace runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filter, firstValueFrom, map, startWith, timeout } from 'rxjs';
import { afterAll, expect, it } from 'vitest';
import type { TextRun } from '../../protocol/src/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/gtk/editor_app.py', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'uistream-attrs-'));

afterAll(async () => {
  await stopSharedDesktop();
  rmSync(dir, { recursive: true, force: true });
});

it('reads weight, style, underline, font and colour runs of a GTK label', async () => {
  const signal = AbortSignal.timeout(60_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const { app } = await launchAndWait(
    desktop,
    backend,
    '/usr/bin/python3',
    [FIXTURE, join(dir, 'state.json')],
    signal,
  );
  const cache = createCache(backend, loadConfig({}).cache);
  try {
    await cache.start(signal);
    const name = 'Plain bold italic under red';
    const probe = () =>
      cache.find({ name, nameMatch: 'equals', caseSensitive: true, maxResults: 1 }).elements[0];
    const label = await firstValueFrom(
      cache.patches$.pipe(startWith(null), map(probe), filter(Boolean), timeout(10_000)),
    );
    expect(label?.name).toBe(name);
    const id = cache.backendId(label?.ref ?? '') ?? '';
    const runs = await backend.textAttributes(id, { start: 0, maxRuns: 50 }, { signal });
    const of = (text: string): TextRun | undefined => runs.find((r) => r.text === text);
    expect(runs.map((r) => r.text).join('')).toBe(name);
    expect(of('bold')?.attributes.weight).toBe(700);
    expect(of('italic')?.attributes.style).toBe('italic');
    expect(of('under')?.attributes.underline).toBe('single');
    expect(of('red')?.attributes).toMatchObject({ color: '#ff0000', font: 'Monospace' });
    expect(of('Plain ')?.attributes.weight).toBe(400);
  } finally {
    await cache.stop();
    await backend.stop();
    await app.stop();
  }
}, 90_000);
