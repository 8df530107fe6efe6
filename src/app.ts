/**
 * The composition root: config -> backend -> cache -> executor -> method table. The servers
 * (WebSocket + MCP over HTTP, MCP over stdio) are started on top of an App by the CLI.
 */
import type { AccessibilityBackend } from './backends/backend.js';
import { createBackend, type ProviderEndpoint } from './backends/index.js';
import type { UiCache } from './cache/api.js';
import type { Config } from './config.js';
import type { Executor } from './executor/api.js';
import type { Pixels } from './pixels/service.js';
import type { AccessPolicy } from './policy/access.js';
import type { HandlerTable } from './service/handlers.js';
import { composeServices } from './services.js';

export { composeServices, type MethodExtension, type Services } from './services.js';

export interface App {
  readonly config: Config;
  readonly backend: AccessibilityBackend;
  /** The platform backend alone, without in-app providers (the sim's demo drives it). */
  readonly platform: AccessibilityBackend;
  /** Why this backend was chosen (for the start-up banner). */
  readonly backendReason: string;
  /** Where in-app providers connect; absent with --no-providers. */
  readonly providers?: ProviderEndpoint;
  /** The cache as clients see it: apps on the deny list left out (see policy/access.ts). */
  readonly cache: UiCache;
  readonly executor: Executor;
  readonly handlers: HandlerTable;
  readonly pixels: Pixels;
  readonly policy: AccessPolicy;
  /** Stop the executor, the cache and the backend, in that order. Idempotent. */
  stop(): Promise<void>;
}

/** How long start-up (backend connect + initial sync) may take at most. */
const START_TIMEOUT_MS = 60_000;

/** Build and start everything below the servers. */
export async function createApp(config: Config, signal?: AbortSignal): Promise<App> {
  const { backend, platform, reason, providers } = await createBackend(config);
  const { cache, executor, pixels, handlers, policy } = composeServices(backend, config);
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
  const app = {
    config,
    backend,
    platform,
    backendReason: reason,
    cache,
    executor,
    handlers,
    pixels,
    policy,
    stop,
  };
  return providers === undefined ? app : { ...app, providers };
}
