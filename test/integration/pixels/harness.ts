/**
 * A real server on the simulated desktop with the pixels service composed in (so its OCR pool
 * is stopped with the server), and a scene whose drawn text is the OCR ground truth.
 */
import {
  createSimBackend,
  type SceneInput,
  type SimBackend,
} from '../../../src/backends/sim/index.js';
import { createCache } from '../../../src/cache/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { loadConfig, type Config, type ConfigInput } from '../../../src/config.js';
import { createExecutor } from '../../../src/executor/index.js';
import { Pixels } from '../../../src/pixels/service.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { createHandlers, type HandlerTable } from '../../../src/service/handlers.js';

export const TEST_TOKEN = 'test-token-0123456789abcdef';

/** The editor's text: ordinary words, digits and punctuation. */
export const EDITOR_TEXT = [
  'The quick brown fox jumps over the lazy dog.',
  'Pack my box with five dozen liquor jugs.',
  'Sphinx of black quartz, judge my vow.',
  'Invoice 2041 was paid on March 14 by Alice.',
  'Meeting moved to room 318 at half past nine.',
].join('\n');

export const DRAWN_LABEL = 'Sync now';

export const PIXELS_SCENE: SceneInput = {
  apps: [
    { kind: 'editor', at: { x: 40, y: 40 }, text: EDITOR_TEXT },
    {
      kind: 'window',
      app: 'sketch',
      title: 'Sketch',
      at: { x: 900, y: 60 },
      width: 320,
      height: 200,
      elements: [
        // A custom-drawn label: painted text, no accessible name.
        { type: 'Custom', drawnText: DRAWN_LABEL, rect: [20, 60, 120, 24] },
        { type: 'Button', name: 'Apply', automationId: 'sketch.apply', rect: [20, 120, 100, 28] },
      ],
    },
  ],
};

export interface PixelsServer {
  config: Config;
  sim: SimBackend;
  cache: UiCache;
  handlers: HandlerTable;
  pixels: Pixels;
  server: RunningServer;
  url: string;
  close(): Promise<void>;
}

export async function startPixelsServer(
  overrides: ConfigInput = {},
  scene: SceneInput = PIXELS_SCENE,
): Promise<PixelsServer> {
  const config = loadConfig({ backend: 'sim', port: 0, token: TEST_TOKEN, ...overrides });
  const signal = AbortSignal.timeout(10_000);
  const sim = createSimBackend({ scene });
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const executor = createExecutor({
    backend: sim,
    cache,
    config: config.executor,
    readOnly: config.readOnly,
  });
  const pixels = new Pixels({ backend: sim, cache, config });
  const handlers = createHandlers({ backend: sim, cache, executor, config, pixels });
  const server = await startServer({ config, backend: sim, cache, executor, handlers });
  return {
    config,
    sim,
    cache,
    handlers,
    pixels,
    server,
    url: server.url,
    close: async () => {
      await server.close();
      await executor.stop();
      await pixels.stop();
      await cache.stop();
      await sim.stop();
    },
  };
}

/** Words as OCR ground truth compares them: letters and digits only, lower case. */
export function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter((w) => w !== '');
}
