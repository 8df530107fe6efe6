/**
 * The composition root: config -> backend -> cache -> executor -> method table. The servers
 * (WebSocket + MCP over HTTP, MCP over stdio) are started on top of an App by the CLI.
 */
import type { AccessibilityBackend } from './backends/backend.js';
import { createBackend, type ProviderEndpoint } from './backends/index.js';
import type { UiCache } from './cache/api.js';
import { createCache } from './cache/index.js';
import type { Config } from './config.js';
import type { Executor } from './executor/api.js';
import { createExecutor } from './executor/index.js';
import { Pixels } from './pixels/service.js';
import { hideDeniedApps } from './service/denied-view.js';
import { createHandlers, type HandlerTable } from './service/handlers.js';

export interface App {
  readonly config: Config;
  readonly backend: AccessibilityBackend;
  /** Why this backend was chosen (for the start-up banner). */
  readonly backendReason: string;
  /** Where in-app providers connect; absent with --no-providers. */
  readonly providers?: ProviderEndpoint;
  /** The cache as clients see it: apps on the deny list left out (see service/denied-view.ts). */
  readonly cache: UiCache;
  readonly executor: Executor;
  readonly handlers: HandlerTable;
  readonly pixels: Pixels;
  /** Stop the executor, the cache and the backend, in that order. Idempotent. */
  stop(): Promise<void>;
}

/** How long start-up (backend connect + initial sync) may take at most. */
const START_TIMEOUT_MS = 60_000;

/** The services over a backend, wired as every server runs them (nothing started yet). */
export interface Services {
  /** The whole cache, denied apps included (what the executor and pixels see). */
  store: UiCache;
  /** The cache as clients see it (denied apps hidden); `start`/`stop` reach the store. */
  cache: UiCache;
  executor: Executor;
  pixels: Pixels;
  handlers: HandlerTable;
}

/** Wire cache, executor, pixels and the method table over a backend. */
export function composeServices(backend: AccessibilityBackend, config: Config): Services {
  const store = createCache(backend, config.cache);
  // The executor and the pixels service see denied apps (to refuse them, to black them out).
  const cache = hideDeniedApps(store, config.executor.denyApps);
  const executor = createExecutor({
    backend,
    cache: store,
    reads: cache,
    config: config.executor,
    readOnly: config.readOnly,
  });
  const pixels = new Pixels({ backend, cache: store, config });
  const handlers = createHandlers({ backend, cache, executor, config, pixels });
  return { store, cache, executor, pixels, handlers };
}

/** Build and start everything below the servers. */
export async function createApp(config: Config, signal?: AbortSignal): Promise<App> {
  const { backend, reason, providers } = await createBackend(config);
  const { cache, executor, pixels, handlers } = composeServices(backend, config);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await executor.stop();
      await pixels.stop();
      await cache.stop();
      await backend.stop();
    })());
  const startSignal = AbortSignal.any([
    AbortSignal.timeout(START_TIMEOUT_MS),
    ...(signal === undefined ? [] : [signal]),
  ]);
  try {
    await backend.start(startSignal);
    await cache.start(startSignal);
  } catch (err) {
    await stop();
    throw err;
  }
  const app = { config, backend, backendReason: reason, cache, executor, handlers, pixels, stop };
  return providers === undefined ? app : { ...app, providers };
}
