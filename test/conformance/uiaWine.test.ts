/**
 * The conformance suites under Wine run inside `npm run test:wine` (test/wine/conformance.ts,
 * under Wine's node.exe): the shared specs, the apps specs and the desktop-operations specs, with
 * one expectation file. Here: that file names only real specs of those suites, and every gap
 * says whose it is ("Wine:" naming the Wine source that shows it, "ours:", "platform:", or
 * "unbuilt:" for an operation the UIA backend does not have yet).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPS_SPECS } from './apps/specs.js';
import { DESKTOP_SPECS } from './desktop/specs/index.js';
import { ALL_SPECS } from './specs/index.js';

function wineGaps(): Record<string, string> {
  const url = new URL('./expectations/uia-wine.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

describe('conformance: uia under Wine (runs in test:wine)', () => {
  const gaps = wineGaps();

  it('names only specs of the suites the Wine run holds', () => {
    const known = new Set([...ALL_SPECS, ...APPS_SPECS, ...DESKTOP_SPECS].map((s) => s.id));
    expect(Object.keys(gaps).filter((id) => !known.has(id))).toEqual([]);
  });

  it('labels every gap and gives Wine gaps their evidence', () => {
    expect(Object.keys(gaps).length).toBeGreaterThan(0);
    for (const [id, reason] of Object.entries(gaps)) {
      expect(reason, id).toMatch(/^(Wine|ours|platform|unbuilt): /);
      if (reason.startsWith('Wine:'))
        expect(reason, id).toMatch(/dlls\/[\w.]+\/\w+\.c|bugs\.winehq/);
    }
  });

  it('lists no gap of ours', () => {
    expect(Object.values(gaps).filter((reason) => reason.startsWith('ours:'))).toEqual([]);
  });
});
