/**
 * The conformance suite under Wine runs inside `npm run test:wine` (test/wine/conformance.ts,
 * under Wine's node.exe). Here: its expectation file names only real specs, and every gap says
 * whose it is ("Wine:" naming the Wine source that shows it, "ours:", "platform:", or
 * "unbuilt:" for an operation the UIA backend does not have yet).
 */
import { describe, expect, it } from 'vitest';
import { loadExpectations } from './harness.js';

describe('conformance: uia under Wine (runs in test:wine)', () => {
  const gaps = loadExpectations('uia-wine');

  it('labels every gap and gives Wine gaps their evidence', () => {
    expect(Object.keys(gaps).length).toBeGreaterThan(0);
    for (const [id, reason] of Object.entries(gaps)) {
      expect(reason, id).toMatch(/^(Wine|ours|platform|unbuilt): /);
      if (reason.startsWith('Wine:')) expect(reason, id).toMatch(/dlls\/\w+\/\w+\.c|bugs\.winehq/);
    }
  });

  it('lists no gap of ours', () => {
    expect(Object.values(gaps).filter((reason) => reason.startsWith('ours:'))).toEqual([]);
  });
});
