/**
 * A real server over real sockets on the simulated desktop, composed the way the app does:
 * sim backend -> cache -> executor -> handlers -> HTTP front + WebSocket endpoint on 127.0.0.1.
 * Shared by the tests and the benches.
 */
import {
  createSimBackend,
  type SceneInput,
  type SimBackend,
} from '../../src/backends/sim/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { loadConfig, type Config, type ConfigInput } from '../../src/config.js';
import type { Executor } from '../../src/executor/api.js';
import type { Pixels } from '../../src/pixels/service.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import type { HandlerTable } from '../../src/service/handlers.js';
import { composeServices } from '../../src/app.js';

export const TEST_TOKEN = 'test-token-0123456789abcdef';

/** A quiet desktop: an editor and the settings app, nothing that ticks by itself. */
export const QUIET_SCENE: SceneInput = {
  apps: [
    { kind: 'editor', at: { x: 40, y: 40 }, text: 'hello' },
    { kind: 'settings', at: { x: 880, y: 40 } },
  ],
};

export interface TestServer {
  config: Config;
  sim: SimBackend;
  /** The cache as clients see it (apps on the deny list hidden). */
  cache: UiCache;
  /** The whole cache, denied apps included. */
  store: UiCache;
  executor: Executor;
  handlers: HandlerTable;
  /** The pixels service, when started with `{ pixels: true }`. */
  pixels?: Pixels;
  server: RunningServer;
  url: string;
  close(): Promise<void>;
}

export async function startTestServer(
  overrides: ConfigInput = {},
  scene: SceneInput = QUIET_SCENE,
  options: { pixels?: boolean } = {},
): Promise<TestServer> {
  const config = loadConfig({ backend: 'sim', port: 0, token: TEST_TOKEN, ...overrides });
  const signal = AbortSignal.timeout(10_000);
  const sim = createSimBackend({ scene });
  await sim.start(signal);
  const composed = composeServices(sim, config);
  const { cache, executor, handlers } = composed;
  await cache.start(signal);
  const pixels = options.pixels === true ? composed.pixels : undefined;
  const server = await startServer({ config, backend: sim, cache, executor, handlers });
  return {
    config,
    sim,
    cache,
    store: composed.store,
    executor,
    handlers,
    pixels,
    server,
    url: server.url,
    close: async () => {
      await server.close();
      await executor.stop();
      await composed.pixels.stop();
      await cache.stop();
      await sim.stop();
    },
  };
}
