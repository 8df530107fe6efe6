/**
 * The Chromium part of the AT-SPI bench on its own (`npx tsx --expose-gc bench/atspi/chromium.ts`,
 * or through `node --expose-gc --import tsx`): ONE JSON line with its targets; exits non-zero
 * when one is missed.
 */
import { sharedDesktop, startBackend, stopSharedDesktop } from '../../scripts/harness/atspi.js';
import { printLine } from '../lib/targets.js';
import { chromiumLine } from './toolkits.js';

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(600_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  try {
    printLine('atspiChromium', { chromium: await chromiumLine(backend, desktop, signal) });
  } finally {
    await backend.stop();
    await stopSharedDesktop();
  }
}

await main();
process.exit();
