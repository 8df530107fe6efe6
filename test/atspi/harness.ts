/**
 * Real-desktop test plumbing: one headless desktop per test file, apps launched into it, and
 * waits that are driven by backend events under deadlines (never sleeps).
 */
import { concatMap, filter, firstValueFrom, map, merge, of, timeout, throwError } from 'rxjs';
import {
  startDesktop,
  type DesktopSession,
  type LaunchedApp,
} from '../../scripts/desktop/session.js';
import type { AccessibilityBackend, BackendNode } from '../../src/backends/backend.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';

export const APP_DEADLINE_MS = 10_000;

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

/**
 * Resolve with the app's first shown top-level window once it is registered and populated.
 * Checks now and again after every window/structure event, under a deadline.
 */
export function waitForAppWindow(
  backend: AccessibilityBackend,
  app: LaunchedApp,
  signal: AbortSignal,
  accept: (window: BackendNode) => boolean = () => true,
): Promise<BackendNode> {
  const find = async (): Promise<BackendNode | undefined> => {
    const nodes = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 1 });
    return nodes
      .slice(1)
      .find(
        (n) =>
          n.props.pid === app.pid &&
          n.children.length > 0 &&
          !n.props.states.includes('offscreen') &&
          accept(n),
      );
  };
  const changes = backend.events$.pipe(
    filter((batch) => batch.some((e) => e.type.startsWith('window.') || e.type === 'structure')),
  );
  return firstValueFrom(
    merge(of(null), changes).pipe(
      concatMap(find),
      filter((found): found is BackendNode => found !== undefined),
      map((found) => found),
      timeout({
        first: APP_DEADLINE_MS,
        with: () =>
          throwError(
            () => new Error(`${app.command} showed no window within ${APP_DEADLINE_MS} ms`),
          ),
      }),
    ),
  );
}

/** Launch an app and wait for its window. */
export async function launchAndWait(
  desktop: DesktopSession,
  backend: AccessibilityBackend,
  command: string,
  args: readonly string[],
  signal: AbortSignal,
): Promise<{ app: LaunchedApp; window: BackendNode }> {
  const app = desktop.launch(command, args);
  try {
    const window = await waitForAppWindow(backend, app, signal);
    return { app, window };
  } catch (err) {
    await app.stop();
    throw err;
  }
}
