/**
 * The checks every request and upgrade passes, shared by the WebSocket endpoint and the MCP
 * HTTP endpoint: bearer token (header, `uistream.token.<t>` subprotocol, or `?token=` on
 * loopback when allowed), Origin allow-list (loopback origins by default) and Host validation
 * against DNS rebinding. Each check answers a status instead of throwing, so callers can
 * refuse before any socket is upgraded.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { TOKEN_SUBPROTOCOL_PREFIX } from '../../protocol/src/index.js';
import type { Config } from '../config.js';
import { InvalidParamsError } from '../errors.js';

export interface SecurityPolicy {
  /** Null when auth is disabled (noAuth on a loopback bind). */
  token: string | null;
  allowedOrigins: readonly string[];
  allowQueryToken: boolean;
  /** Hosts accepted besides loopback: --allow-host names and a specific non-loopback bind. */
  allowedHosts: readonly string[];
}

export type Verdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.', '::1', '0:0:0:0:0:0:0:1']);

/** True for 127.0.0.0/8, ::1, ::ffff:127.x and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (LOOPBACK_NAMES.has(lower)) return true;
  const v4 = lower.startsWith('::ffff:') ? lower.slice(7) : lower;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** A fresh random token (32 bytes, URL- and subprotocol-safe). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Decide the token policy at start: refuse noAuth on a non-loopback bind, use the given
 * token or generate one.
 */
export function resolvePolicy(config: Config): SecurityPolicy {
  if (config.noAuth && !isLoopbackHost(config.host)) {
    throw new InvalidParamsError(
      `noAuth is only allowed with a loopback bind, not ${config.host}`,
      { details: { host: config.host } },
    );
  }
  return {
    token: config.noAuth ? null : (config.token ?? generateToken()),
    allowedOrigins: config.ws.allowedOrigins,
    allowQueryToken: config.mcp.allowQueryToken,
    allowedHosts: allowedHostsOf(config),
  };
}

const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/** --allow-host names, plus the bind address when it is one specific non-loopback host. */
function allowedHostsOf(config: Config): string[] {
  const hosts = config.allowHosts.map((h) => h.toLowerCase());
  const bind = config.host.toLowerCase();
  if (!WILDCARD_BINDS.has(bind) && !isLoopbackHost(bind)) hosts.push(bind);
  return hosts;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Hostname part of a Host header value (drops the port, keeps IPv6 brackets off). */
export function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) {
    const end = hostHeader.indexOf(']');
    return end < 0 ? hostHeader : hostHeader.slice(1, end);
  }
  const colon = hostHeader.lastIndexOf(':');
  return colon < 0 ? hostHeader : hostHeader.slice(0, colon);
}

/**
 * DNS-rebinding protection: a browser page on evil.example resolving to 127.0.0.1 still
 * sends `Host: evil.example`. Only loopback names and addresses are accepted, plus the hosts
 * the operator allowed (--allow-host, a specific bind address).
 */
export function checkHost(req: IncomingMessage, allowedHosts: readonly string[] = []): Verdict {
  const header = req.headers.host;
  if (header === undefined || header === '') {
    return { ok: false, status: 403, reason: 'missing Host header' };
  }
  const name = hostnameOf(header);
  if (isLoopbackHost(name)) return { ok: true };
  if (allowedHosts.includes(name.toLowerCase())) return { ok: true };
  return { ok: false, status: 403, reason: `Host ${name} is not allowed (see --allow-host)` };
}

/** Browsers always send Origin; non-browser clients usually do not, and are not at risk. */
export function checkOrigin(req: IncomingMessage, allowed: readonly string[]): Verdict {
  const origin = req.headers.origin;
  if (origin === undefined) return { ok: true };
  if (allowed.includes(origin)) return { ok: true };
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return { ok: false, status: 403, reason: 'malformed Origin' };
  }
  if (isLoopbackHost(hostname)) return { ok: true };
  return { ok: false, status: 403, reason: `Origin ${origin} is not allowed` };
}

/** The token a request carries, from any of the accepted places. */
export function presentedTokens(req: IncomingMessage, url: URL, allowQuery: boolean): string[] {
  const found: string[] = [];
  const auth = req.headers.authorization;
  if (auth !== undefined && /^bearer /i.test(auth)) found.push(auth.slice(7).trim());
  const protocols = req.headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') {
    for (const entry of protocols.split(',')) {
      const p = entry.trim();
      if (p.startsWith(TOKEN_SUBPROTOCOL_PREFIX))
        found.push(p.slice(TOKEN_SUBPROTOCOL_PREFIX.length));
    }
  }
  const query = url.searchParams.get('token');
  if (query !== null && allowQuery && isLoopbackHost(req.socket.remoteAddress ?? '')) {
    found.push(query);
  }
  return found;
}

export function checkToken(req: IncomingMessage, url: URL, policy: SecurityPolicy): Verdict {
  if (policy.token === null) return { ok: true };
  const expected = policy.token;
  const tokens = presentedTokens(req, url, policy.allowQueryToken);
  if (tokens.some((t) => sameSecret(t, expected))) return { ok: true };
  return {
    ok: false,
    status: 401,
    reason: tokens.length === 0 ? 'missing token' : 'wrong token',
  };
}

/** All checks in order: Host, Origin, then token. */
export function authorize(req: IncomingMessage, url: URL, policy: SecurityPolicy): Verdict {
  const host = checkHost(req, policy.allowedHosts);
  if (!host.ok) return host;
  const origin = checkOrigin(req, policy.allowedOrigins);
  if (!origin.ok) return origin;
  return checkToken(req, url, policy);
}
