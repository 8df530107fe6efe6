/**
 * The conformance suite against the real Windows UI Automation backend and the Win32 controls
 * fixture (test/fixtures/win32, the same one `npm run test:wine` runs under Wine), built by the
 * workflow with mingw-w64 gcc, its path in $UISTREAM_WIN32_FIXTURE. Targets and the stall meter
 * come from test/wine/win32Fixture.ts. Runs only on Windows (.github/workflows/windows.yml);
 * elsewhere it checks that the expectation file names real specs, each gap labelled.
 */
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createUiaBackend } from '../../src/backends/uia/index.js';
import { createWin32Fixture } from '../wine/win32Fixture.js';
import { loadExpectations, runConformance } from './harness.js';

function hostLog(message: string): void {
  const file = process.env['UISTREAM_UIA_LOG'];
  if (file !== undefined) appendFileSync(file, `${new Date().toISOString()} [win32] ${message}\n`);
}

const exe = process.env['UISTREAM_WIN32_FIXTURE'];

if (process.platform === 'win32' && exe !== undefined) {
  runConformance('uia-win32', (signal) =>
    createWin32Fixture(createUiaBackend({ onLog: hostLog }), exe, signal),
  );
} else {
  describe('conformance: uia on the Win32 fixture (runs on Windows only)', () => {
    it('its expectation file names only real specs, each gap labelled', () => {
      const gaps = loadExpectations('uia-win32');
      expect(Object.keys(gaps).length).toBeGreaterThan(0);
      for (const reason of Object.values(gaps)) expect(reason).toMatch(/^(Wine|ours|platform): /);
    });
  });
}
