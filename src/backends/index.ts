/**
 * The backend factory: the one place outside a platform folder that names the platforms.
 * Platform modules load lazily, so the D-Bus and koffi libraries are only loaded on the
 * platform that uses them.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../config.js';
import { InvalidParamsError, NotSupportedError } from '../errors.js';
import type { AccessibilityBackend, BackendName } from './backend.js';

export interface ChosenBackend {
  /** What the services use: the platform backend, with in-app providers merged in. */
  backend: AccessibilityBackend;
  /** The platform backend alone (the sim's scripted demo drives it directly). */
  platform: AccessibilityBackend;
  /** Why this backend was chosen, for the start-up banner. */
  reason: string;
  /** Where in-app providers connect (absent with --no-providers). */
  providers?: ProviderEndpoint;
}

/** The `/provider` WebSocket endpoint, as the server mounts it. */
export interface ProviderEndpoint {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Connected provider apps. */
  readonly count: number;
  /** Close every provider connection (the HTTP server cannot close while they are open). */
  close(): void;
  /** The connected providers (diagnostics and the JavaFX bench). */
  links(): ProviderLink[];
}

/** One connected provider, as diagnostics see it. */
export interface ProviderLink {
  readonly id: string;
  /** When the server asked for its tree (performance.now()); null before its hello. */
  readonly subscribedAt: number | null;
  /** A WebSocket ping's round trip on its connection, in ms. */
  roundTrip(deadlineMs: number): Promise<number>;
}

/** Create (not start) the configured backend, with in-app providers merged in unless refused. */
export async function createBackend(config: Config): Promise<ChosenBackend> {
  const chosen = await createPlatformBackend(config);
  if (!config.providers) return { ...chosen, platform: chosen.backend };
  const { ProviderHub, withProviders } = await import('./provider/index.js');
  const hub = new ProviderHub();
  const providers: ProviderEndpoint = {
    handleUpgrade: (req, socket, head) => hub.handleUpgrade(req, socket, head),
    close: () => hub.close(),
    links: () => [...hub.sessions.values()],
    get count() {
      return hub.sessions.size;
    },
  };
  return {
    backend: withProviders(chosen.backend, hub),
    platform: chosen.backend,
    reason: chosen.reason,
    providers,
  };
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

async function createPlatformBackend(
  config: Config,
): Promise<{ backend: AccessibilityBackend; reason: string }> {
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
