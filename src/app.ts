/**
 * The composition root: config -> backend -> cache -> executor -> method table. The servers
 * (WebSocket + MCP over HTTP, MCP over stdio) are started on top of an App by the CLI.
 */
import type { AccessibilityBackend } from './backends/backend.js';
import { createBackend } from './backends/index.js';
import type { UiCache } from './cache/api.js';
import { createCache } from './cache/index.js';
import type { Config } from './config.js';
import type { Executor } from './executor/api.js';
import { createExecutor } from './executor/index.js';
import { Pixels } from './pixels/service.js';
import { createHandlers, type HandlerTable } from './service/handlers.js';

export interface App {
  readonly config: Config;
  readonly backend: AccessibilityBackend;
  /** Why this backend was chosen (for the start-up banner). */
  readonly backendReason: string;
  readonly cache: UiCache;
  readonly executor: Executor;
  readonly handlers: HandlerTable;
  readonly pixels: Pixels;
  /** Stop the executor, the cache and the backend, in that order. Idempotent. */
  stop(): Promise<void>;
}

/** How long start-up (backend connect + initial sync) may take at most. */
const START_TIMEOUT_MS = 60_000;

/** Build and start everything below the servers. */
export async function createApp(config: Config, signal?: AbortSignal): Promise<App> {
  const { backend, reason } = await createBackend(config);
  const cache = createCache(backend, config.cache);
  const executor = createExecutor({
    backend,
    cache,
    config: config.executor,
    readOnly: config.readOnly,
  });
  const pixels = new Pixels({ backend, cache, config });
  const handlers = createHandlers({ backend, cache, executor, config, pixels });
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
  return { config, backend, backendReason: reason, cache, executor, handlers, pixels, stop };
}
