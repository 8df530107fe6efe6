/** The stack the executor benchmark runs on: sim + live cache + executor, and params parsing. */
import { getMethod, type MethodInput, type MethodParams } from '../../protocol/src/index.js';
import { createSimBackend, type SimBackend } from '../../src/backends/sim/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import type { ActionMethod, Executor } from '../../src/executor/api.js';
import { createExecutor } from '../../src/executor/index.js';
import { AccessPolicy } from '../../src/policy/access.js';

export interface Stack {
  sim: SimBackend;
  cache: ReturnType<typeof createCache>;
  executor: Executor;
  ref(automationId: string): string;
  /** Resolve once the sim has delivered every event and the cache has applied them. */
  drain(signal: AbortSignal): Promise<void>;
  stop(): Promise<void>;
}

/** `refreshAfterAction` off isolates the queue's own overhead from the background re-fetch. */
export async function startStack(signal: AbortSignal, refreshAfterAction = true): Promise<Stack> {
  const config = loadConfig({
    executor: { rateLimitPerSec: 100_000, queueLimit: 10_000, refreshAfterAction },
  });
  const sim = createSimBackend();
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: sim,
    cache,
    policy: AccessPolicy.open(),
    config: config.executor,
  });
  return {
    sim,
    cache,
    executor,
    ref(automationId) {
      const query = {
        automationId,
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 1,
      } as const;
      const node = cache.find(query).elements[0];
      if (node === undefined) throw new Error(`no element #${automationId}`);
      return node.ref;
    },
    async drain(signal) {
      await sim.control.quiet();
      await cache.whenIdle(signal);
    },
    async stop() {
      await executor.stop();
      await cache.stop();
      await sim.stop();
    },
  };
}

/** Params as the wire hands them over: validated, defaults applied. */
export function parse<M extends ActionMethod>(method: M, input: MethodInput<M>): MethodParams<M> {
  const def = getMethod(method);
  if (def === undefined) throw new Error(`no method ${method}`);
  return def.params.parse(input) as MethodParams<M>;
}
