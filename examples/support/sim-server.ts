/**
 * A uistream server on the embedded simulated desktop, for the examples: the same composition
 * the CLI uses (sim backend -> cache -> executor -> handlers -> server), on 127.0.0.1 and a
 * free port. A real deployment runs `uistream serve` and connects to its printed URL instead.
 */
import { createSimBackend, type SimBackend } from '../../src/backends/sim/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { createExecutor } from '../../src/executor/index.js';
import { startServer } from '../../src/server/index.js';
import { createHandlers } from '../../src/service/handlers.js';

export interface ExampleServer {
  url: string;
  token: string;
  /** The simulated desktop, so an example can make things happen "on screen". */
  desktop: SimBackend;
  close(): Promise<void>;
}

export async function startSimServer(): Promise<ExampleServer> {
  const config = loadConfig({ backend: 'sim', port: 0 });
  const signal = AbortSignal.timeout(10_000);
  const desktop = createSimBackend({
    scene: { apps: [{ kind: 'editor', at: { x: 40, y: 40 }, text: 'Dear diary,' }] },
  });
  await desktop.start(signal);
  const cache = createCache(desktop, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: desktop,
    cache,
    config: config.executor,
    readOnly: false,
  });
  const handlers = createHandlers({ backend: desktop, cache, executor, config });
  const server = await startServer({ config, backend: desktop, cache, executor, handlers });
  return {
    url: server.url,
    token: server.token ?? '',
    desktop,
    close: async () => {
      await server.close();
      await executor.stop();
      await cache.stop();
      await desktop.stop();
    },
  };
}
