/**
 * CI probe on a macOS runner, before anything else runs: is this process trusted for
 * Accessibility (AXIsProcessTrustedWithOptions, no prompt), may it capture the screen
 * (CGPreflightScreenCaptureAccess), and can it read the Dock's and Finder's elements through
 * the backend's own koffi declarations? Retries the reads (the session may still be starting),
 * prints one JSON line, exits 1 when anything is missing. Run: npx tsx test/macos/probe.ts
 */
import { execFileSync } from 'node:child_process';
import { createNativeSurface } from '../../src/backends/ax/axNativeSurface.js';

const ATTEMPTS = 10;

function pidOf(name: string): number | null {
  try {
    const out = execFileSync('/usr/bin/pgrep', ['-x', name], { encoding: 'utf8' });
    const pid = Number(out.trim().split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function readApp(
  name: string,
): Promise<{ pid: number | null; children: number; error?: string }> {
  const surface = createNativeSurface();
  let error = 'not running';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const pid = pidOf(name);
    if (pid !== null) {
      const app = surface.applicationElement(pid);
      try {
        const [role] = surface.copyAttributes(app, ['AXRole']);
        return {
          pid,
          children: surface.attributeCount(app, 'AXChildren'),
          ...(role === 'AXApplication' ? {} : { error: `role ${JSON.stringify(role)}` }),
        };
      } catch (err) {
        error = String(err);
      } finally {
        surface.release(app);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return { pid: pidOf(name), children: 0, error };
}

const surface = createNativeSurface();
const result = {
  execPath: process.execPath,
  accessibility: surface.isProcessTrusted(false),
  screenRecording: surface.screenCaptureAllowed(false),
  dock: await readApp('Dock'),
  finder: await readApp('Finder'),
  windows: surface.windowList().length,
};
console.log(JSON.stringify(result));
const ok =
  result.accessibility &&
  result.screenRecording &&
  result.dock.error === undefined &&
  result.dock.children > 0 &&
  result.finder.error === undefined;
process.exit(ok ? 0 : 1);
