/**
 * Real-desktop test plumbing: one headless desktop per test file, apps launched into it, and
 * waits that are driven by backend events under deadlines (never sleeps).
 */
import {
  startDesktop,
  type DesktopSession,
  type LaunchedApp,
  type LaunchOptions,
} from '../desktop/session.js';
import type { AccessibilityBackend, BackendNode } from '../../src/backends/backend.js';
import { waitForAppWindow } from '../desktop/apps.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';

export { APP_DEADLINE_MS, waitForAppWindow } from '../desktop/apps.js';

let shared: Promise<DesktopSession> | undefined;

/** The file's desktop, started on first use. Stop it in afterAll with `stopSharedDesktop`. */
export function sharedDesktop(): Promise<DesktopSession> {
  shared ??= startDesktop();
  return shared;
}

export async function stopSharedDesktop(): Promise<void> {
  const desktop = shared;
  shared = undefined;
  if (desktop !== undefined) await (await desktop).stop();
}

/** A started atspi backend on the desktop's accessibility bus. */
export async function startBackend(
  desktop: DesktopSession,
  signal: AbortSignal,
): Promise<AtspiBackend> {
  const backend = createAtspiBackend({ env: desktop.env, a11yBusAddress: desktop.a11yBusAddress });
  await backend.start(signal);
  return backend;
}

/** Launch an app and wait for its window. */
export async function launchAndWait(
  desktop: DesktopSession,
  backend: AccessibilityBackend,
  command: string,
  args: readonly string[],
  signal: AbortSignal,
  options: LaunchOptions = {},
): Promise<{ app: LaunchedApp; window: BackendNode }> {
  const app = desktop.launch(command, args, options);
  try {
    const window = await waitForAppWindow(backend, app, signal);
    return { app, window };
  } catch (err) {
    await app.stop();
    throw err;
  }
}
