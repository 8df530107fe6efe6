/**
 * Client regular expressions run on a linear-time engine: a pattern that makes a backtracking
 * engine run for hours answers at once, and the server stays live for everyone else meanwhile.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawClient, startTestServer, type TestServer } from './harness.js';

/** Nested quantifiers against a long run of `a` ending in a mismatch: 2^n steps when backtracking. */
const CATASTROPHIC = '^(a+)+$';
const LONG_NAME = `${'a'.repeat(4_000)}!`;

let t: TestServer;
let client: RawClient;
beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      apps: [
        {
          kind: 'window',
          app: 'longnames',
          title: 'Long names',
          elements: [
            { type: 'Text', name: LONG_NAME },
            { type: 'Button', name: 'aaaa' },
          ],
        },
      ],
    },
  );
  client = await RawClient.open(t.url);
});
afterAll(async () => {
  client.close();
  await t.close();
});

function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('client patterns', () => {
  it('answers a catastrophic find pattern while /health stays responsive', async () => {
    const find = client.call('elements.find', { name: CATASTROPHIC, nameMatch: 'regex' });
    const [reply, status] = await Promise.all([find, health(t.server.port)]);
    expect(status).toBe(200);
    expect(reply.error).toBeUndefined();
    const { elements } = reply.result as { elements: { name: string }[] };
    expect(elements.map((e) => e.name)).toEqual(['aaaa']);
  });

  it('runs a catastrophic wait pattern to its deadline while /health stays responsive', async () => {
    const wait = client.call('actions.waitFor', {
      condition: 'nameMatches',
      value: CATASTROPHIC,
      target: { window: 'Long names', controlType: 'Text' },
      timeoutMs: 200,
    });
    const [reply, status] = await Promise.all([wait, health(t.server.port)]);
    expect(status).toBe(200);
    expect(reply.error?.data?.code).toBe('timeout');
  });

  it('refuses syntax the linear engine lacks with invalid_params naming it', async () => {
    const lookahead = await client.call('elements.find', { name: '(?=a)a', nameMatch: 'regex' });
    expect(lookahead.error?.data?.code).toBe('invalid_params');
    expect(lookahead.error?.data?.message).toContain('(?=');
    expect(lookahead.error?.data?.details).toMatchObject({ field: 'name' });
    const backref = await client.call('actions.waitFor', {
      condition: 'nameMatches',
      value: '(a)\\1',
      target: { window: 'Long names', controlType: 'Text' },
      timeoutMs: 100,
    });
    expect(backref.error?.data?.code).toBe('invalid_params');
    expect(backref.error?.data?.message).toContain('\\1');
  });
});
