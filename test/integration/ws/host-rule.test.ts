/**
 * The Host rule over real sockets, the same on HTTP routes and the WebSocket upgrade: loopback
 * names and addresses only, unless allowed with --allow-host; the query token can be turned off.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SUBPROTOCOL_JSON } from '../../../protocol/src/index.js';
import { parseCli } from '../../../src/cli/args.js';
import { TEST_TOKEN, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  const { config } = parseCli(['serve', '--allow-host', 'Box.lan', '--no-query-token']);
  t = await startTestServer({ allowHosts: config.allowHosts, mcp: config.mcp });
  t.server.addRoute('/probe', (_req, res) => void res.end('ok'));
});
afterAll(async () => {
  await t.close();
});

function httpStatus(path: string, host: string, auth = true): Promise<number> {
  const headers: Record<string, string> = { host };
  if (auth) headers.authorization = `Bearer ${TEST_TOKEN}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: t.server.port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function upgradeStatus(host: string): Promise<number> {
  const socket = new WebSocket(t.url, [SUBPROTOCOL_JSON], {
    headers: { host, authorization: `Bearer ${TEST_TOKEN}` },
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

describe('Host rule', () => {
  it('refuses an IP literal that is not loopback, on routes, health and the upgrade', async () => {
    const host = `192.168.1.5:${t.server.port}`;
    expect(await httpStatus('/probe', host)).toBe(403);
    expect(await httpStatus('/health', host, false)).toBe(403);
    expect(await upgradeStatus(host)).toBe(403);
  });

  it('accepts loopback names and addresses', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3']) {
      expect(await upgradeStatus(`${host}:${t.server.port}`), host).toBe(101);
    }
  });

  it('accepts a host allowed with --allow-host, on routes and the upgrade', async () => {
    expect(await httpStatus('/probe', `box.lan:${t.server.port}`)).toBe(200);
    expect(await upgradeStatus(`box.lan:${t.server.port}`)).toBe(101);
    expect(await upgradeStatus(`other.lan:${t.server.port}`)).toBe(403);
  });

  it('refuses the query token with --no-query-token', async () => {
    const path = `/probe?token=${TEST_TOKEN}`;
    expect(await httpStatus(path, `127.0.0.1:${t.server.port}`, false)).toBe(401);
  });
});
