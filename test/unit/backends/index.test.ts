import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend, detectBackend } from '../../../src/backends/index.js';
import { loadConfig } from '../../../src/config.js';
import { rejectionCode } from '../../support/errors.js';

describe('backend factory', () => {
  it('picks UIA on Windows, AX on macOS, the simulated desktop where no backend exists', async () => {
    expect((await detectBackend('win32')).name).toBe('uia');
    expect((await detectBackend('darwin')).name).toBe('ax');
    expect((await detectBackend('freebsd')).name).toBe('sim');
  });

  it('creates the simulated desktop with a scene file and seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uistream-scene-'));
    const scene = join(dir, 'scene.json');
    writeFileSync(scene, JSON.stringify({ apps: [{ kind: 'editor' }] }));
    const { backend } = await createBackend(loadConfig({ backend: 'sim', scene, seed: 3 }));
    expect(backend.name).toBe('sim');
  });

  it('answers invalid_params for unreadable, malformed or invalid scene files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uistream-scene-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"apps": [{"kind": "spreadsheet"}]}');
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{not json');
    const missing = join(dir, 'missing.json');
    for (const scene of [bad, broken, missing]) {
      expect(await rejectionCode(createBackend(loadConfig({ backend: 'sim', scene })))).toBe(
        'invalid_params',
      );
    }
  });

  it.runIf(process.platform !== 'win32')('refuses the UIA backend off Windows', async () => {
    expect(await rejectionCode(createBackend(loadConfig({ backend: 'uia' })))).toBe(
      'not_supported',
    );
  });

  it.runIf(process.platform !== 'darwin')('refuses the AX backend off macOS', async () => {
    expect(await rejectionCode(createBackend(loadConfig({ backend: 'ax' })))).toBe('not_supported');
  });
});
