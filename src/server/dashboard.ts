/**
 * The dashboard's static files, served from the daemon's own port under /dashboard/, and one
 * token-checked JSON route with live server figures for its health panel. The page carries
 * no secret (the token stays in the URL fragment, which browsers never send), so the files are
 * public like /health, Host-checked against DNS rebinding. Every answer has a strict
 * Content-Security-Policy: scripts and styles only from this origin, no inline code, sockets
 * only back to this host.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import type { HttpFront } from './http.js';
import { sendJson } from './http.js';
import { DASHBOARD_DIST, STAMP_FILE, builtHash, dashboardSourceHash } from './dashboard-stamp.js';

export const DASHBOARD_PATH = '/dashboard/';
export const DASHBOARD_STATS_PATH = '/dashboard/api/stats';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface DashboardOptions {
  /** Where the built bundle lives (default dashboard/dist of the checkout). */
  dist?: string;
  /** Live figures for the health panel (token-checked). */
  stats(): unknown;
}

interface StaticFile {
  body: Buffer;
  type: string;
}

function securityHeaders(req: IncomingMessage): Record<string, string> {
  // The Host header was validated (loopback, IP literal or the bind name) before we run.
  const host = req.headers.host ?? '127.0.0.1';
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ws://${host}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-cache',
  };
}

function send(req: IncomingMessage, res: ServerResponse, status: number, file: StaticFile): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...securityHeaders(req) });
    res.end();
    return;
  }
  res.writeHead(status, {
    'content-type': file.type,
    'content-length': file.body.length,
    ...securityHeaders(req),
  });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

function unavailablePage(reason: string): StaticFile {
  const html =
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>uistream dashboard</title>' +
    `<h1>Dashboard unavailable</h1><p>${reason}</p>` +
    '<p>Build it with <code>npm run dashboard:build</code> (npm start does it for you).</p></html>';
  return { body: Buffer.from(html), type: CONTENT_TYPES['.html']! };
}

/** The bundle's files, or why it cannot be served (missing, or built from other sources). */
export function loadBundle(dist: string): Map<string, StaticFile> | string {
  const built = builtHash(dist);
  if (built === null) return 'the dashboard bundle has not been built';
  const sources = dashboardSourceHash();
  if (sources !== null && sources !== built) {
    return 'the dashboard bundle is stale (its sources changed since it was built)';
  }
  const files = new Map<string, StaticFile>();
  for (const name of readdirSync(dist)) {
    const type = CONTENT_TYPES[extname(name)];
    if (type === undefined || name === STAMP_FILE) continue;
    files.set(name, { body: readFileSync(join(dist, name)), type });
  }
  return files;
}

export function mountDashboard(front: HttpFront, options: DashboardOptions): void {
  const bundle = loadBundle(options.dist ?? DASHBOARD_DIST);
  front.addRoute(DASHBOARD_STATS_PATH, (_req, res) => sendJson(res, 200, options.stats()));
  front.addRoute(
    '/dashboard',
    (req, res) => {
      res.writeHead(308, { location: DASHBOARD_PATH, ...securityHeaders(req) });
      res.end();
    },
    { public: true },
  );
  if (typeof bundle === 'string') {
    const page = unavailablePage(bundle);
    front.addRoute(DASHBOARD_PATH, (req, res) => send(req, res, 503, page), { public: true });
    return;
  }
  for (const [name, file] of bundle) {
    const path = name === 'index.html' ? DASHBOARD_PATH : `${DASHBOARD_PATH}${name}`;
    front.addRoute(path, (req, res) => send(req, res, 200, file), { public: true });
  }
}
