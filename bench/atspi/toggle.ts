/**
 * The Toggle part of the AT-SPI bench on its own (`npx tsx bench/atspi/toggle.ts`): Toggle ->
 * cache patch against the app's own signal (bench/atspi/togglePatch.ts) on gtk3-widget-factory.
 * ONE JSON line with its targets; exits non-zero when one is missed.
 */
import { loadConfig } from '../../src/config.js';
import { createCache } from '../../src/cache/index.js';
import {
  launchAndWait,
  sharedDesktop,
  startBackend,
  stopSharedDesktop,
} from '../../scripts/harness/atspi.js';
import { printLine } from '../lib/targets.js';
import { measureTogglePatch } from './togglePatch.js';

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(600_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  try {
    const factory = await launchAndWait(desktop, backend, 'gtk3-widget-factory', [], signal);
    const cache = createCache(backend, loadConfig({}).cache);
    await cache.start(signal);
    const nodes = await backend.fetchSubtree(factory.window.id, { signal });
    const figures = await measureTogglePatch(cache, backend, nodes, desktop.a11yBusAddress, signal);
    await cache.stop();
    await factory.app.stop();
    printLine('atspiToggle', { app: 'gtk3-widget-factory', ...figures });
  } finally {
    await backend.stop();
    await stopSharedDesktop();
  }
}

await main();
process.exit();
