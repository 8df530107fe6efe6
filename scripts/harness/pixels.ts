/**
 * A real server on the simulated desktop with the pixels service composed in (so its OCR pool
 * is stopped with the server), and a scene whose drawn text is the OCR ground truth. Shared by
 * the pixels tests and the pixels bench.
 */
import type { SceneInput } from '../../src/backends/sim/index.js';
import type { ConfigInput } from '../../src/config.js';
import type { Pixels } from '../../src/pixels/service.js';
import { startTestServer, type TestServer } from './sim-server.js';

export { TEST_TOKEN } from './sim-server.js';

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

export type PixelsServer = TestServer & { pixels: Pixels };

export async function startPixelsServer(
  overrides: ConfigInput = {},
  scene: SceneInput = PIXELS_SCENE,
): Promise<PixelsServer> {
  const started = await startTestServer(overrides, scene, { pixels: true });
  return { ...started, pixels: started.pixels! };
}

/** Words as OCR ground truth compares them: letters and digits only, lower case. */
export function words(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter((w) => w !== '');
}
