/**
 * Waiting for a launched app to be registered: its first shown top-level window, populated,
 * seen through any backend's desktop root. Checks now and again after every window/structure
 * event, under a deadline (never a sleep).
 */
import { concatMap, filter, firstValueFrom, merge, of, throwError, timeout } from 'rxjs';
import type { AccessibilityBackend, BackendNode } from '../../src/backends/backend.js';
import type { LaunchedApp } from './session.js';

export const APP_DEADLINE_MS = 10_000;

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
  const exited = app.exited.then((code) => {
    throw new Error(`${app.command} exited (code ${String(code)}) before showing a window`);
  });
  const shown = firstValueFrom(
    merge(of(null), changes).pipe(
      concatMap(find),
      filter((found): found is BackendNode => found !== undefined),
      timeout({
        first: APP_DEADLINE_MS,
        with: () =>
          throwError(
            () => new Error(`${app.command} showed no window within ${APP_DEADLINE_MS} ms`),
          ),
      }),
    ),
  );
  return Promise.race([shown, exited]);
}
