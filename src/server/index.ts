/**
 * Start everything that listens: the HTTP front (health, mounted routes such as /mcp) and the
 * WebSocket endpoint on `/` (and `/ws`). The CLI calls startServer with the composed app.
 */
import { PROVIDER_PATH } from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { ProviderEndpoint } from '../backends/index.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { Executor } from '../executor/api.js';
import type { HandlerTable } from '../service/handlers.js';
import { healthOf } from '../service/health.js';
import { SERVER_VERSION } from '../service/version.js';
import { createWsEndpoint, type WsStats } from '../ws/server.js';
import type { RouteHandler, RouteOptions } from './http.js';
import { createHttpFront, sendJson } from './http.js';
import { DASHBOARD_PATH, mountDashboard } from './dashboard.js';
import { resolvePolicy } from './security.js';

export { authorize, checkHost, checkOrigin, checkToken, isLoopbackHost } from './security.js';
export type { SecurityPolicy, Verdict } from './security.js';
export type { RouteHandler, RouteOptions } from './http.js';
export type { WsStats } from '../ws/server.js';

/** What the server needs of the composed app (createApp's result satisfies it). */
export interface ServableApp {
  config: Config;
  backend: AccessibilityBackend;
  cache: UiCache;
  executor: Executor;
  handlers: HandlerTable;
  /** In-app providers' endpoint, mounted on /provider when present. */
  providers?: ProviderEndpoint;
}

export interface RunningServer {
  /** ws://host:port/ */
  readonly url: string;
  /** http://host:port */
  readonly httpUrl: string;
  readonly port: number;
  /** The dashboard page; the token goes in the fragment (#token=...), never in a query. */
  readonly dashboardUrl: string;
  /** Null when auth is disabled. */
  readonly token: string | null;
  /** Mount another HTTP route (token-checked unless public). */
  addRoute(path: string, handler: RouteHandler, options?: RouteOptions): void;
  readonly connections: number;
  /** Connection and send-queue figures of the WebSocket endpoint. */
  stats(): WsStats;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(app: ServableApp): Promise<RunningServer> {
  const { config } = app;
  const policy = resolvePolicy(config);
  const front = createHttpFront(policy);
  const ws = createWsEndpoint(app);
  front.addRoute(
    '/health',
    (_req, res) =>
      sendJson(res, 200, {
        ok: app.cache.status === 'ok',
        version: SERVER_VERSION,
        backend: app.backend.name,
        status: app.cache.status,
        health: healthOf(app.backend, app.cache),
      }),
    { public: true },
  );
  mountDashboard(front, {
    stats: () => ({
      backend: app.backend.name,
      status: app.cache.status,
      cache: app.cache.stats(),
      connections: ws.connections,
      seq: app.cache.events.seq,
      readOnly: config.readOnly,
    }),
  });
  front.setUpgradeHandler('/', (req, socket, head) => ws.handleUpgrade(req, socket, head));
  front.setUpgradeHandler('/ws', (req, socket, head) => ws.handleUpgrade(req, socket, head));
  const providers = app.providers;
  if (providers !== undefined) {
    front.setUpgradeHandler(PROVIDER_PATH, (req, socket, head) =>
      providers.handleUpgrade(req, socket, head),
    );
  }
  const address = await front.listen(config.host, config.port);
  const base = `${urlHost(config.host)}:${address.port}`;
  return {
    url: `ws://${base}/`,
    httpUrl: `http://${base}`,
    port: address.port,
    dashboardUrl: `http://${base}${DASHBOARD_PATH}`,
    token: policy.token,
    addRoute: (path, handler, options) => front.addRoute(path, handler, options),
    get connections() {
      return ws.connections;
    },
    stats: () => ws.stats(),
    close: async () => {
      await ws.close();
      providers?.close();
      await front.close();
    },
  };
}
