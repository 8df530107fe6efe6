/** The HTTP endpoint's transport and security behaviour, over real loopback sockets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, ok, startHttp, TOKEN, type HttpHarness } from './harness.js';
import { initializeBody, MCP_HEADERS, messageOf, raw } from './raw.js';

let h: HttpHarness;
const auth = { ...MCP_HEADERS, authorization: `Bearer ${TOKEN}` };

beforeAll(async () => {
  h = await startHttp({ ws: { maxPayloadBytes: 64 * 1024 } });
});

afterAll(async () => {
  await h.close();
});

describe('MCP over HTTP: security', () => {
  it('refuses a request without the token, or with a wrong one', async () => {
    const none = await raw(h.url, 'POST', MCP_HEADERS, initializeBody('2025-11-25'));
    expect(none.status).toBe(401);
    const wrong = await raw(
      h.url,
      'POST',
      { ...MCP_HEADERS, authorization: 'Bearer not-the-token-at-all' },
      initializeBody('2025-11-25'),
    );
    expect(wrong.status).toBe(401);
  });

  it('refuses a foreign Host or Origin with 403 (DNS rebinding)', async () => {
    const host = await raw(
      h.url,
      'POST',
      { ...auth, host: 'evil.example:80' },
      initializeBody('2025-11-25'),
    );
    expect(host.status).toBe(403);
    const origin = await raw(
      h.url,
      'POST',
      { ...auth, origin: 'http://evil.example' },
      initializeBody('2025-11-25'),
    );
    expect(origin.status).toBe(403);
  });

  it('accepts the token in the URL query from loopback', async () => {
    const url = new URL(h.url);
    url.searchParams.set('token', TOKEN);
    const r = await raw(url, 'POST', MCP_HEADERS, initializeBody('2025-11-25'));
    expect(r.status).toBe(200);
    const client = await connectHttp(url, 'wrong-header-token-but-query-is-right');
    const status = await ok(client, 'ui_status');
    expect(status.structured?.backend).toBe('sim');
    await client.close();
  });

  it('refuses a body over the limit with 413 and carries on', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(70_000) },
    });
    const r = await raw(h.url, 'POST', auth, big);
    expect(r.status).toBe(413);
    const after = await raw(h.url, 'POST', auth, initializeBody('2025-11-25'));
    expect(after.status).toBe(200);
  });

  it('answers bad JSON with a parse error and unknown sessions with 404', async () => {
    const bad = await raw(h.url, 'POST', auth, '{"jsonrpc": ');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: -32700 } });
    const lost = await raw(
      h.url,
      'POST',
      { ...auth, 'mcp-session-id': 'no-such-session' },
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    );
    expect(lost.status).toBe(404);
    const noSession = await raw(h.url, 'GET', { ...auth, accept: 'text/event-stream' });
    expect(noSession.status).toBe(400);
  });
});

describe('MCP over HTTP: protocol revisions and sessions', () => {
  it.each(['2025-06-18', '2025-11-25'])('initializes with protocol %s', async (version) => {
    const r = await raw(h.url, 'POST', auth, initializeBody(version));
    expect(r.status).toBe(200);
    expect(typeof r.headers['mcp-session-id']).toBe('string');
    const msg = messageOf(r.body);
    expect(msg.result?.protocolVersion).toBe(version);
    expect(msg.result?.capabilities).toMatchObject({ tools: {}, resources: { subscribe: true } });
  });

  it('ends a session on DELETE', async () => {
    const init = await raw(h.url, 'POST', auth, initializeBody('2025-11-25'));
    const id = init.headers['mcp-session-id'] as string;
    const before = h.endpoint.sessionCount;
    const del = await raw(h.url, 'DELETE', { ...auth, 'mcp-session-id': id });
    expect(del.status).toBe(200);
    expect(h.endpoint.sessionCount).toBe(before - 1);
    const gone = await raw(
      h.url,
      'POST',
      { ...auth, 'mcp-session-id': id },
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
    );
    expect(gone.status).toBe(404);
  });

  it('serves several clients at once from one cache', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => connectHttp(h.url)));
    const [a, b, c] = clients as [(typeof clients)[0], (typeof clients)[0], (typeof clients)[0]];
    await ok(a, 'ui_type', { target: { automationId: 'editor.text' }, text: 'shared cache' });
    const [seenB, seenC] = await Promise.all([
      ok(b, 'ui_find', { automationId: 'editor.text' }),
      ok(c, 'ui_find', { automationId: 'editor.text' }),
    ]);
    expect(seenB.text).toContain('value="shared cache"');
    expect(seenC.text).toBe(seenB.text);
    const revisions = await Promise.all(clients.map((x) => ok(x, 'ui_status')));
    expect(new Set(revisions.map((r) => r.structured?.revision)).size).toBe(1);
    expect(h.endpoint.sessionCount).toBeGreaterThanOrEqual(3);
    await Promise.all(clients.map((x) => x.close()));
  });

  it('rate-limits one client and carries on', async () => {
    const slow = await startHttp({ ws: { requestsPerSecond: 2 } });
    try {
      const init = await raw(slow.url, 'POST', auth, initializeBody('2025-11-25'));
      const id = init.headers['mcp-session-id'] as string;
      const ping = (n: number) =>
        raw(
          slow.url,
          'POST',
          { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
          JSON.stringify({ jsonrpc: '2.0', id: n, method: 'ping' }),
        );
      const statuses = await Promise.all([1, 2, 3, 4, 5, 6].map(ping)).then((all) =>
        all.map((r) => r.status),
      );
      expect(statuses).toContain(429);
      expect(statuses).toContain(200);
      const other = await raw(slow.url, 'POST', auth, initializeBody('2025-11-25'));
      expect(other.status).toBe(200);
    } finally {
      await slow.close();
    }
  });
});
