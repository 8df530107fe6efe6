/**
 * The backend factory: the one place outside a platform folder that names the platforms.
 * Platform modules load lazily, so the D-Bus and koffi libraries are only loaded on the
 * platform that uses them.
 */
import { readFile } from 'node:fs/promises';
import type { Config } from '../config.js';
import { InvalidParamsError, NotSupportedError } from '../errors.js';
import type { AccessibilityBackend, BackendName } from './backend.js';

export interface ChosenBackend {
  backend: AccessibilityBackend;
  /** Why this backend was chosen, for the start-up banner. */
  reason: string;
}

/**
 * Pick the backend for `--backend auto`: UIA on Windows, AX on macOS, AT-SPI when its bus
 * answers, else sim.
 */
export async function detectBackend(
  platform: NodeJS.Platform = process.platform,
): Promise<{ name: BackendName; reason: string }> {
  if (platform === 'win32') return { name: 'uia', reason: 'Windows: UI Automation' };
  if (platform === 'darwin') return { name: 'ax', reason: 'macOS: the Accessibility API' };
  if (platform === 'linux') {
    const { atspiAvailable } = await import('./atspi/index.js');
    if (await atspiAvailable()) return { name: 'atspi', reason: 'an accessibility bus answered' };
    return { name: 'sim', reason: 'no accessibility bus reachable: the simulated desktop' };
  }
  return { name: 'sim', reason: `no platform backend for ${platform}: the simulated desktop` };
}

async function loadSceneFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new InvalidParamsError(`cannot read scene file ${path}: ${(err as Error).message}`);
  }
  const { loadScene } = await import('./sim/index.js');
  return loadScene(text);
}

/** Create (not start) the configured backend. */
export async function createBackend(config: Config): Promise<ChosenBackend> {
  const chosen =
    config.backend === 'auto'
      ? await detectBackend()
      : { name: config.backend, reason: 'chosen with --backend' };
  switch (chosen.name) {
    case 'sim': {
      const { createSimBackend, parseScene } = await import('./sim/index.js');
      const scene = config.scene === undefined ? undefined : await loadSceneFile(config.scene);
      const backend = createSimBackend({
        scene: scene === undefined ? undefined : parseScene(scene),
        seed: config.seed,
      });
      return { backend, reason: chosen.reason };
    }
    case 'atspi': {
      const { createAtspiBackend } = await import('./atspi/index.js');
      return { backend: createAtspiBackend(), reason: chosen.reason };
    }
    case 'uia': {
      if (process.platform !== 'win32') {
        throw new NotSupportedError('the uia backend runs on Windows only (see docs/windows.md)');
      }
      const { createUiaBackend } = await import('./uia/index.js');
      return { backend: createUiaBackend(), reason: chosen.reason };
    }
    case 'ax': {
      // Only loadable on darwin: the host's koffi declarations name macOS frameworks.
      if (process.platform !== 'darwin') {
        throw new NotSupportedError('the ax backend runs on macOS only (see docs/macos.md)');
      }
      const { createAxBackend } = await import('./ax/index.js');
      const backend = createAxBackend({ promptPermissions: config.promptPermissions });
      return { backend, reason: chosen.reason };
    }
  }
}
