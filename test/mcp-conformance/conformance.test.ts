/**
 * The official MCP conformance suite (server mode) against the streamable HTTP endpoint of
 * the real server on the sim desktop. The suite's runner cannot send an Authorization header,
 * so it passes the token in the URL query, which the server accepts from loopback only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, TOKEN, type HttpHarness } from '../integration/mcp/harness.js';
import { runSuite, suiteSupported } from './suite.js';

const BASELINE = 'test/mcp-conformance/baseline.yml';

describe.runIf(suiteSupported())('MCP conformance suite', () => {
  let h: HttpHarness;

  beforeAll(async () => {
    h = await startHttp();
  });

  afterAll(async () => {
    await h.close();
  });

  it('passes every scenario outside the baseline', { timeout: 300_000 }, async () => {
    const url = new URL(h.url);
    url.searchParams.set('token', TOKEN);
    const run = await runSuite(url.href, BASELINE, 240_000);
    const summary = run.output.slice(run.output.indexOf('=== SUMMARY ==='));
    expect(run.output).toContain('Baseline check passed');
    expect(run.code, summary).toBe(0);
    for (const must of [
      'server-initialize',
      'ping',
      'tools-list',
      'resources-list',
      'dns-rebinding-protection',
      'server-sse-multiple-streams',
    ]) {
      expect(summary).toMatch(new RegExp(`✓ ${must}: [1-9]\\d* passed, 0 failed`));
    }
  });
});
