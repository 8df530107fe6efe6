/**
 * One node:http server for everything: `GET /health` (public), mounted routes such as `/mcp`
 * (token-checked by default), and the WebSocket upgrade (checked before any socket exists).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Verdict, SecurityPolicy } from './security.js';
import { authorize, checkHost } from './security.js';

/** A mounted route. Throwing or rejecting answers 500 without details. */
export type RouteHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => void | Promise<void>;

export interface RouteOptions {
  /** Skip the token check (Host is still validated). Default false. */
  public?: boolean;
}

/** Called for an authorised upgrade request on the WebSocket path. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface HttpFront {
  readonly server: Server;
  readonly policy: SecurityPolicy;
  /** Mount a route (exact path match, any method). Later mounts replace earlier ones. */
  addRoute(path: string, handler: RouteHandler, options?: RouteOptions): void;
  setUpgradeHandler(path: string, handler: UpgradeHandler): void;
  listen(host: string, port: number): Promise<AddressInfo>;
  close(): Promise<void>;
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Refuse an upgrade with a plain HTTP answer; no WebSocket is ever created. */
function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ error: reason });
  const headers = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  if (status === 401) headers.push('WWW-Authenticate: Bearer');
  socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`);
}

function parseUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://127.0.0.1');
}

function refuse(res: ServerResponse, verdict: Exclude<Verdict, { ok: true }>): void {
  if (verdict.status === 401) res.setHeader('www-authenticate', 'Bearer');
  sendJson(res, verdict.status, { error: verdict.reason });
}

export function createHttpFront(policy: SecurityPolicy): HttpFront {
  const routes = new Map<string, { handler: RouteHandler; options: RouteOptions }>();
  const upgrades = new Map<string, UpgradeHandler>();

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const url = parseUrl(req);
    const route = routes.get(url.pathname);
    if (route === undefined) {
      sendJson(res, 404, { error: 'not found' });
      return;
    }
    const verdict =
      route.options.public === true
        ? checkHost(req, policy.allowedHosts)
        : authorize(req, url, policy);
    if (!verdict.ok) {
      refuse(res, verdict);
      return;
    }
    Promise.resolve()
      .then(() => route.handler(req, res, url))
      .catch(() => {
        if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
        else res.destroy();
      });
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = parseUrl(req);
    const handler = upgrades.get(url.pathname);
    if (handler === undefined) {
      refuseUpgrade(socket, 404, 'no WebSocket endpoint here');
      return;
    }
    const verdict = authorize(req, url, policy);
    if (!verdict.ok) {
      refuseUpgrade(socket, verdict.status, verdict.reason);
      return;
    }
    handler(req, socket, head);
  };

  const server = createServer(onRequest);
  server.on('upgrade', onUpgrade);
  // Bad requests from a peer must never crash the process.
  server.on('clientError', (_err, socket) => socket.destroy());

  return {
    server,
    policy,
    addRoute: (path, handler, options = {}) => routes.set(path, { handler, options }),
    setUpgradeHandler: (path, handler) => upgrades.set(path, handler),
    listen: (host, port) =>
      new Promise<AddressInfo>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
