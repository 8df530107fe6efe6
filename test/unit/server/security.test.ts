import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  authorize,
  checkHost,
  checkOrigin,
  hostnameOf,
  isLoopbackHost,
  presentedTokens,
  type SecurityPolicy,
} from '../../../src/server/security.js';

function req(headers: Record<string, string>, remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

const policy: SecurityPolicy = {
  token: 'secret-token-1234567890',
  allowedOrigins: ['https://ok.example'],
  allowQueryToken: true,
  allowedHosts: [],
};
const url = (q = ''): URL => new URL(`http://127.0.0.1/${q}`);

describe('loopback and hosts', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('parses Host headers with ports and IPv6 brackets', () => {
    expect(hostnameOf('localhost:7878')).toBe('localhost');
    expect(hostnameOf('[::1]:7878')).toBe('::1');
    expect(hostnameOf('10.1.2.3')).toBe('10.1.2.3');
  });

  it('accepts IP literals and localhost, refuses other names (DNS rebinding)', () => {
    expect(checkHost(req({ host: '127.0.0.1:1' })).ok).toBe(true);
    expect(checkHost(req({ host: '192.168.1.5:7878' })).ok).toBe(false);
    expect(checkHost(req({ host: '[::1]:7878' })).ok).toBe(true);
    expect(checkHost(req({ host: '192.168.1.5:7878' }), ['192.168.1.5']).ok).toBe(true);
    expect(checkHost(req({ host: 'localhost' })).ok).toBe(true);
    expect(checkHost(req({ host: 'attacker.example:7878' }))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkHost(req({}))).toMatchObject({ ok: false, status: 403 });
    // A server bound to a host name accepts that name.
    expect(checkHost(req({ host: 'Box.lan:7878' }), ['box.lan']).ok).toBe(true);
  });
});

describe('origins', () => {
  it('lets non-browser clients (no Origin) and loopback origins through', () => {
    expect(checkOrigin(req({}), []).ok).toBe(true);
    expect(checkOrigin(req({ origin: 'http://localhost:3000' }), []).ok).toBe(true);
    expect(checkOrigin(req({ origin: 'http://[::1]:3000' }), []).ok).toBe(true);
  });
  it('refuses other and malformed origins unless listed', () => {
    expect(checkOrigin(req({ origin: 'https://evil.example' }), [])).toMatchObject({ status: 403 });
    expect(checkOrigin(req({ origin: 'null' }), [])).toMatchObject({ status: 403 });
    expect(checkOrigin(req({ origin: 'https://ok.example' }), ['https://ok.example']).ok).toBe(
      true,
    );
  });
});

describe('tokens', () => {
  it('finds the token in the header, the subprotocol list and the query', () => {
    const r = req({
      authorization: 'Bearer a',
      'sec-websocket-protocol': 'uistream.v1.json, uistream.token.b',
    });
    expect(presentedTokens(r, url('?token=c'), true)).toEqual(['a', 'b', 'c']);
  });
  it('ignores the query token when not allowed or not from loopback', () => {
    expect(presentedTokens(req({}), url('?token=c'), false)).toEqual([]);
    expect(presentedTokens(req({}, '10.0.0.2'), url('?token=c'), true)).toEqual([]);
  });
  it('authorizes in order: Host, Origin, token', () => {
    const good = { host: '127.0.0.1', authorization: `Bearer ${policy.token ?? ''}` };
    expect(authorize(req(good), url(), policy).ok).toBe(true);
    expect(authorize(req({ ...good, authorization: 'Bearer nope' }), url(), policy)).toMatchObject({
      status: 401,
      reason: 'wrong token',
    });
    expect(authorize(req({ host: '127.0.0.1' }), url(), policy)).toMatchObject({
      reason: 'missing token',
    });
    expect(
      authorize(req({ ...good, origin: 'https://evil.example' }), url(), policy),
    ).toMatchObject({
      status: 403,
    });
    expect(authorize(req({ host: '127.0.0.1' }), url(), { ...policy, token: null }).ok).toBe(true);
  });
});
