/**
 * The composed server the MCP integration tests run against: the real sim backend, cache,
 * executor and method table, wired the way the app does it.
 */
import {
  createSimBackend,
  type SceneInput,
  type SimBackend,
} from '../../../src/backends/sim/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { loadConfig, type Config, type ConfigInput } from '../../../src/config.js';
import type { Executor } from '../../../src/executor/api.js';
import type { HandlerTable } from '../../../src/service/handlers.js';
import { composeServices } from '../../../src/app.js';

export interface TestApp {
  config: Config;
  backend: SimBackend;
  /** The cache as clients see it (apps on the deny list hidden). */
  cache: UiCache;
  /** The whole cache, denied apps included. */
  store: UiCache;
  executor: Executor;
  handlers: HandlerTable;
  stop(): Promise<void>;
}

/**
 * The default desktop minus its deliberately slow and flaky apps, which test the cache rather
 * than the MCP layer: the editor, settings, installer and the virtualized grid.
 */
export const MCP_SCENE: SceneInput = {
  apps: [
    { kind: 'editor', at: { x: 40, y: 40 }, text: '' },
    { kind: 'settings', at: { x: 880, y: 40 } },
    { kind: 'installer', at: { x: 1420, y: 40 }, progressStepMs: 250 },
    { kind: 'grid', at: { x: 880, y: 480 }, rows: 10_000, visibleRows: 20 },
  ],
};

export async function startTestApp(
  input: ConfigInput = {},
  scene: SceneInput = MCP_SCENE,
): Promise<TestApp> {
  const config = loadConfig({ backend: 'sim', ...input });
  const starting = AbortSignal.timeout(20_000);
  const backend = createSimBackend({ scene });
  await backend.start(starting);
  const { cache, store, executor, handlers, pixels } = composeServices(backend, config);
  await cache.start(starting);
  return {
    config,
    backend,
    cache,
    store,
    executor,
    handlers,
    stop: async () => {
      await executor.stop();
      await pixels.stop();
      await cache.stop();
      await backend.stop();
    },
  };
}
