/** The closing line of `npm test` counts expected failures apart from passes. */
import { describe, expect, it } from 'vitest';
import { summary } from '../../../scripts/test-summary.mjs';

/** The part of vitest's JSON report the summary reads. */
function report(files: Record<string, Array<[title: string, status: string]>>) {
  const results = Object.values(files).flat();
  const count = (status: string): number => results.filter(([, s]) => s === status).length;
  return {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    testResults: Object.entries(files).map(([name, tests]) => ({
      name,
      assertionResults: tests.map(([title, status]) => ({ title, status })),
    })),
  };
}

describe('the npm test summary', () => {
  it('counts known conformance gaps as expected failures, not passes', () => {
    const line = summary(
      report({
        '/r/test/conformance/atspi.test.ts': [
          ['focus.get: reads focus', 'passed'],
          ['quirks.drop: drops events (known gap: the platform cannot drop events)', 'passed'],
          ['quirks.duplicate: duplicates (known gap: the same)', 'passed'],
          ['pattern.toggle: toggles', 'failed'],
        ],
        '/r/test/unit/x.test.ts': [['skipped one', 'skipped']],
      }),
    );
    expect(line).toBe(
      '1 passed, 1 failed, 2 expected failures (2 known conformance gaps), 1 skipped',
    );
  });

  it('adds the MCP suite baseline when its test ran and passed', () => {
    const files = {
      '/r/test/mcp-conformance/conformance.test.ts': [['passes every scenario', 'passed']] as Array<
        [string, string]
      >,
    };
    expect(summary(report(files))).toMatch(
      /^1 passed, 0 failed, (\d+) expected failures \(0 known conformance gaps, \1 MCP-suite scenarios in its baseline\)$/,
    );
    expect(summary(report(files), '/nonexistent/baseline.yml')).toBe('1 passed, 0 failed');
  });
});
