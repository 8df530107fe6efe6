/**
 * A sim backend, its cache and an executor over them, started together for executor tests
 * that need the whole action path (settle, changes) on one editor app.
 */
import { createSimBackend, type SimBackend } from '../../src/backends/sim/index.js';
import type { SceneInput } from '../../src/backends/sim/scene.js';
import type { UiCache } from '../../src/cache/api.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import type { Executor } from '../../src/executor/api.js';
import { createExecutor } from '../../src/executor/index.js';
import { AccessPolicy } from '../../src/policy/access.js';

export interface SimStack {
  sim: SimBackend;
  cache: UiCache;
  executor: Executor;
  /** Stops the executor, then the cache, then the backend. */
  stop(): Promise<void>;
}

export async function startSimStack(
  apps: SceneInput['apps'] = [{ kind: 'editor', at: { x: 40, y: 40 } }],
): Promise<SimStack> {
  const config = loadConfig({ backend: 'sim' });
  const signal = AbortSignal.timeout(10_000);
  const sim = createSimBackend({ scene: { apps } });
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const policy = AccessPolicy.open();
  const executor = createExecutor({ backend: sim, cache, policy, config: config.executor });
  const stop = async (): Promise<void> => {
    await executor.stop();
    await cache.stop();
    await sim.stop();
  };
  return { sim, cache, executor, stop };
}
