/**
 * The services over a backend: cache, executor, pixels and the method table, wired as every
 * server runs them. Apart from the composition root (app.ts) so that a runner with a backend
 * of its own (the Wine runs) composes them without the backend factory.
 */
import type { AccessibilityBackend } from './backends/backend.js';
import type { UiCache } from './cache/api.js';
import { createCache } from './cache/index.js';
import type { Config } from './config.js';
import type { Executor } from './executor/api.js';
import { createExecutor } from './executor/index.js';
import { Pixels } from './pixels/service.js';
import { AccessPolicy } from './policy/access.js';
import { createHandlers, type HandlerDeps, type HandlerTable } from './service/handlers.js';

/** The services over a backend, wired as every server runs them (nothing started yet). */
export interface Services {
  /** The whole cache, denied apps included (what the executor and pixels see). */
  store: UiCache;
  /** The cache as clients see it (denied apps hidden); `start`/`stop` reach the store. */
  cache: UiCache;
  executor: Executor;
  pixels: Pixels;
  handlers: HandlerTable;
  policy: AccessPolicy;
}

/** Methods beyond the protocol's: a registry that lists them and their implementations. */
export type MethodExtension = Pick<HandlerDeps, 'registry' | 'extra'>;

/** Wire cache, executor, pixels and the method table over a backend. */
export function composeServices(
  backend: AccessibilityBackend,
  config: Config,
  extension: MethodExtension = {},
): Services {
  const store = createCache(backend, config.cache);
  const policy = AccessPolicy.of(config);
  if (policy.clipboardEnabled && backend.clipboard !== undefined) {
    store.followClipboard(backend.clipboard.changes$);
  }
  // The executor and the pixels service see denied apps (to refuse them, to black them out).
  const cache = policy.visible(store);
  const executor = createExecutor({ backend, cache: store, policy, config: config.executor });
  const pixels = new Pixels({ backend, cache: store, config, policy });
  const handlers = createHandlers({
    ...extension,
    backend,
    cache,
    store,
    executor,
    config,
    pixels,
    policy,
  });
  return { store, cache, executor, pixels, handlers, policy };
}
