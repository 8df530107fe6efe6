/** The live cached tree: `createCache(backend, config.cache)`. See store.ts for the wiring. */
import type { AccessibilityBackend } from '../backends/backend.js';
import { CacheStore, type CacheConfig } from './store.js';

export type { UiCache, CacheQueries, CacheInternals, EventLog } from './api.js';
export { CacheStore } from './store.js';

/** Build the cache over a backend; call `start(signal)` to sync and follow its events. */
export function createCache(backend: AccessibilityBackend, config: CacheConfig): CacheStore {
  return new CacheStore(backend, config);
}
