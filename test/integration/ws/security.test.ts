/** Security over real sockets: token at the upgrade, Origin, Host, health, mounted routes. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SUBPROTOCOL_JSON } from '../../../protocol/src/index.js';
import { loadConfig } from '../../../src/config.js';
import { resolvePolicy } from '../../../src/server/security.js';
import { RawClient, TEST_TOKEN, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ws: { allowedOrigins: ['https://dash.example'] } });
});
afterAll(async () => {
  await t.close();
});

/** Attempt an upgrade; answers the HTTP status of a refusal, or 101 when a socket opened. */
function upgradeStatus(
  url: string,
  options: { protocols?: string[]; headers?: Record<string, string> } = {},
): Promise<number> {
  const socket = new WebSocket(url, options.protocols ?? [SUBPROTOCOL_JSON], {
    headers: options.headers ?? {},
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, res) => {
      socket.terminate();
      resolve(res.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

function httpGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bearer = { authorization: `Bearer ${TEST_TOKEN}` };

describe('token at the upgrade', () => {
  it('refuses a missing token with 401', async () => {
    expect(await upgradeStatus(t.url)).toBe(401);
  });
  it('refuses a wrong token with 401', async () => {
    expect(
      await upgradeStatus(t.url, { headers: { authorization: 'Bearer wrong-token-xxxxxxxx' } }),
    ).toBe(401);
  });
  it('accepts Authorization: Bearer', async () => {
    expect(await upgradeStatus(t.url, { headers: bearer })).toBe(101);
  });
  it('accepts the token as a subprotocol entry and never echoes it', async () => {
    const socket = new WebSocket(t.url, [SUBPROTOCOL_JSON, `uistream.token.${TEST_TOKEN}`]);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe(SUBPROTOCOL_JSON);
    socket.close();
  });
  it('accepts ?token= on loopback', async () => {
    expect(await upgradeStatus(`${t.url}?token=${TEST_TOKEN}`)).toBe(101);
  });
  it('refuses ?token= when the query token is turned off', async () => {
    const strict = await startTestServer({ mcp: { allowQueryToken: false } });
    try {
      expect(await upgradeStatus(`${strict.url}?token=${TEST_TOKEN}`)).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('Origin and Host', () => {
  it('refuses a foreign Origin with 403', async () => {
    expect(
      await upgradeStatus(t.url, { headers: { ...bearer, origin: 'https://evil.example' } }),
    ).toBe(403);
  });
  it('accepts loopback origins and configured ones', async () => {
    expect(
      await upgradeStatus(t.url, { headers: { ...bearer, origin: 'http://localhost:5173' } }),
    ).toBe(101);
    expect(
      await upgradeStatus(t.url, { headers: { ...bearer, origin: 'http://127.0.0.1:8080' } }),
    ).toBe(101);
    expect(
      await upgradeStatus(t.url, { headers: { ...bearer, origin: 'https://dash.example' } }),
    ).toBe(101);
  });
  it('refuses a rebinding Host name with 403, even with the token', async () => {
    expect(await upgradeStatus(t.url, { headers: { ...bearer, host: 'evil.example:7878' } })).toBe(
      403,
    );
  });
});

describe('HTTP routes', () => {
  it('serves /health without a token', async () => {
    const res = await httpGet(t.server.port, '/health');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: true, backend: 'sim', status: 'ok' });
    expect(typeof body.version).toBe('string');
  });
  it('guards mounted routes with the token and Host check', async () => {
    t.server.addRoute('/probe', (_req, res) => {
      res.end('secret');
    });
    expect((await httpGet(t.server.port, '/probe')).status).toBe(401);
    expect((await httpGet(t.server.port, '/probe', bearer)).body).toBe('secret');
    const rebind = await httpGet(t.server.port, '/probe', { ...bearer, host: 'evil.example' });
    expect(rebind.status).toBe(403);
    expect((await httpGet(t.server.port, '/nothing', bearer)).status).toBe(404);
  });
});

describe('policy', () => {
  it('generates a token when none is given', () => {
    const policy = resolvePolicy(loadConfig({}));
    expect(policy.token?.length).toBeGreaterThanOrEqual(32);
  });
  it('allows noAuth only on a loopback bind', () => {
    expect(resolvePolicy(loadConfig({ noAuth: true })).token).toBeNull();
    expect(() => resolvePolicy(loadConfig({ noAuth: true, host: '0.0.0.0' }))).toThrow(/loopback/);
  });
  it('runs without a token when noAuth is set on loopback', async () => {
    const open = await startTestServer({ noAuth: true, token: undefined });
    try {
      const c = await RawClient.open(open.url, { token: null });
      expect((await c.call('session.hello')).result).toBeDefined();
      c.close();
    } finally {
      await open.close();
    }
  });
});

describe('limits', () => {
  it('rate-limits requests per connection with rate_limited and keeps the connection', async () => {
    const limited = await startTestServer({ ws: { requestsPerSecond: 5 } });
    try {
      const c = await RawClient.open(limited.url);
      const replies = await Promise.all(Array.from({ length: 20 }, () => c.call('session.hello')));
      const refused = replies.filter((r) => r.error?.data?.code === 'rate_limited');
      expect(refused.length).toBeGreaterThanOrEqual(10);
      expect(replies.length - refused.length).toBeGreaterThanOrEqual(5);
      expect(c.socket.readyState).toBe(WebSocket.OPEN);
      c.close();
    } finally {
      await limited.close();
    }
  });
  it('caps the requests one connection has in flight', async () => {
    const capped = await startTestServer({ ws: { maxInFlight: 2 } });
    try {
      const c = await RawClient.open(capped.url);
      const wait = { condition: 'windowOpened', title: 'Never', timeoutMs: 60_000 };
      const pending = [c.call('actions.waitFor', wait), c.call('actions.waitFor', wait)];
      const third = await c.call('session.hello');
      expect(third.error?.data?.code).toBe('rate_limited');
      expect((await c.call('actions.cancel')).result).toEqual({ cancelled: 2 });
      const settled = await Promise.all(pending);
      expect(settled.every((r) => r.error?.data?.code === 'cancelled')).toBe(true);
      expect((await c.call('session.hello')).result).toBeDefined();
      c.close();
    } finally {
      await capped.close();
    }
  });

  it('refuses actions in read-only mode but serves reads and waits', async () => {
    const ro = await startTestServer({ readOnly: true });
    try {
      const c = await RawClient.open(ro.url);
      const click = await c.call('actions.click', { target: { automationId: 'editor.save' } });
      expect(click.error?.data?.code).toBe('read_only');
      expect((await c.call('windows.list')).result).toBeDefined();
      c.close();
    } finally {
      await ro.close();
    }
  });
  it('drops a peer that stops answering pings', async () => {
    const hb = await startTestServer({ ws: { heartbeatMs: 100 } });
    try {
      // A peer that never answers pings (autoPong off), like a dead network path.
      const socket = new WebSocket(hb.url, [SUBPROTOCOL_JSON], {
        headers: bearer,
        autoPong: false,
      });
      const closed = new Promise<{ code: number }>((resolve) =>
        socket.once('close', (code: number) => resolve({ code })),
      );
      let pings = 0;
      socket.on('ping', () => pings++);
      expect((await closed).code).toBe(1006);
      expect(pings).toBeGreaterThanOrEqual(1);
    } finally {
      await hb.close();
    }
  });
});
