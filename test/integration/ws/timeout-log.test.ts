/**
 * A timed-out action answers with its call log on the wire: the steps it took and what it was
 * waiting for when the deadline came (a busy app that never answers the pattern call).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { apps: [{ kind: 'slow', at: { x: 40, y: 40 }, delayMs: 0 }] });
  // Busy from now on: every call into the app waits far beyond the action's deadline.
  t.sim.control.setSlowDelay(60_000);
});
afterAll(async () => {
  await t.close();
});

describe('a timed-out action', () => {
  it('carries the call log of what it was doing in its error details', async () => {
    const c = await RawClient.open(t.url);
    const reply = await c.call('actions.invoke', {
      target: { automationId: 'slow.refresh' },
      pattern: 'Invoke',
      // Long enough to reach the pattern call on a loaded machine; the app holds it for 60 s.
      timeoutMs: 3_000,
    });
    c.close();
    expect(reply).toFailWith('timeout');
    const log = reply.error?.data?.details?.log as string[];
    expect(log[0]).toBe('waiting for #slow.refresh');
    expect(log).toContainEqual(
      expect.stringMatching(/^waiting for its turn on the .* lane: Invoke/),
    );
    expect(log.at(-1)).toMatch(/^Invoke on Button "Refresh" \(e\d+\)$/);
    expect(reply.error?.data?.message).toContain(`last: ${log.at(-1)}`);
  });
});
