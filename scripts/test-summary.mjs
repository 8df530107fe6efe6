// The closing line of `npm test` (scripts/test.mjs), from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

/**
 * The closing line. A conformance spec listed in an expectation file runs as it.fails with
 * "(known gap: <reason>)" in its title (test/conformance/harness.ts): it passes by failing, so
 * it is counted as an expected failure, not as a pass. The official MCP suite's baseline
 * (test/mcp-conformance/baseline.yml) lists scenarios expected to fail inside one test; they
 * are counted too when that test ran and passed.
 */
export function summary(json, baselinePath = 'test/mcp-conformance/baseline.yml') {
  const results = json.testResults.flatMap((file) =>
    file.assertionResults.map((t) => ({ ...t, file: file.name })),
  );
  const knownGap = (t) => t.status === 'passed' && t.title.includes('(known gap: ');
  const gaps = results.filter(knownGap).length;
  const mcpBaseline = results.some(
    (t) => t.file.endsWith('mcp-conformance/conformance.test.ts') && t.status === 'passed',
  )
    ? baselineEntries(baselinePath)
    : 0;
  const passed = json.numPassedTests - gaps;
  const parts = [`${passed} passed`, `${json.numFailedTests} failed`];
  if (gaps + mcpBaseline > 0) {
    const baseline = mcpBaseline > 0 ? `, ${mcpBaseline} MCP-suite scenarios in its baseline` : '';
    parts.push(
      `${gaps + mcpBaseline} expected failures (${gaps} known conformance gaps${baseline})`,
    );
  }
  if (json.numPendingTests > 0) parts.push(`${json.numPendingTests} skipped`);
  return parts.join(', ');
}

function baselineEntries(path) {
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^\s+- \S/.test(line)).length;
}
