/**
 * The post-action re-fetch. A lost property event cannot be seen from the event stream, so
 * after acting the executor re-fetches the windows the action may have changed; with the idle
 * drift check this is how an event-fed cache stays exact where actions happen.
 */
import type { WindowInfo } from '../../protocol/src/index.js';
import type { CacheInternals, CacheQueries } from '../cache/api.js';

type Cache = CacheQueries & CacheInternals;

/**
 * Sibling windows of an acted app are re-fetched only when the app has at most this many:
 * a dialog's answer changes its owner (Save As renames the document window), but shell-like
 * processes own dozens of top-level windows and one fetch each would cost more than the action.
 */
export const MAX_APP_WINDOWS = 4;

/** Deadline of one post-action re-fetch; it runs beside the action, never inside its deadline. */
const REFRESH_TIMEOUT_MS = 10_000;

function appKey(win: WindowInfo): string {
  return win.pid === undefined ? `app:${win.app}` : `pid:${win.pid}`;
}

function windowRefOf(cache: Cache, ref: string | undefined): string | undefined {
  if (ref === undefined) return undefined;
  const node = cache.node(ref);
  return node === undefined ? undefined : (node.window ?? node.ref);
}

/**
 * The apps of the given elements, noted before acting: the action may close the window (a
 * dialog's OK) and with it the only way to tell which app it belonged to.
 */
export function appsOf(cache: Cache, refs: readonly (string | undefined)[]): Set<string> {
  const windows = new Set(refs.map((r) => windowRefOf(cache, r)));
  const apps = new Set<string>();
  for (const win of cache.windowsList({ includeMinimized: true }).windows) {
    if (windows.has(win.ref)) apps.add(appKey(win));
  }
  return apps;
}

/**
 * The elements whose windows to re-fetch after an action: one per window, for the touched
 * elements' windows and every window of the acted apps (when they have few).
 */
export function refreshTargets(
  cache: Cache,
  touched: readonly (string | undefined)[],
  apps: ReadonlySet<string>,
): string[] {
  const perWindow = new Map<string, string>();
  for (const ref of touched) {
    const win = windowRefOf(cache, ref);
    if (win !== undefined && ref !== undefined) perWindow.set(win, ref);
  }
  const byApp = new Map<string, WindowInfo[]>();
  for (const win of cache.windowsList({ includeMinimized: true }).windows) {
    const key = appKey(win);
    if (apps.has(key)) byApp.set(key, [...(byApp.get(key) ?? []), win]);
  }
  for (const windows of byApp.values()) {
    if (windows.length > MAX_APP_WINDOWS) continue;
    for (const win of windows) if (!perWindow.has(win.ref)) perWindow.set(win.ref, win.element);
  }
  return [...perWindow.values()];
}

/**
 * Note, before acting, what the re-fetch needs (the elements' apps: the action may close the
 * window that tells which app it was); the returned function, called after acting with the
 * element acted on, starts the re-fetches in the background. They never delay the answer;
 * their patches land in the settle period.
 */
export function planRefresh(
  cache: Cache,
  before: readonly (string | undefined)[],
): (acted: string | undefined) => void {
  const apps = appsOf(cache, before);
  return (acted) => {
    for (const ref of refreshTargets(cache, [acted, ...before], apps)) {
      cache.refresh(ref, AbortSignal.timeout(REFRESH_TIMEOUT_MS)).catch(() => {
        // The element or its window went away meanwhile: nothing left to repair.
      });
    }
  };
}
