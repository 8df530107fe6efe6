/**
 * Running apps as the cache sees them (top-level windows grouped by process), plus those the
 * backend knows show windows without an accessibility tree. Denied apps are left out by the
 * caller passing the policy's view of the cache.
 */
import type { RunningApp, WindowInfo } from '../../protocol/src/index.js';
import type { BackendApps } from '../backends/apps.js';
import type { UiCache } from '../cache/api.js';
import type { AccessPolicy } from '../policy/access.js';

/** Windows of the cache whose content is fetched (a window still opening is not there yet). */
export function cachedWindows(cache: UiCache): WindowInfo[] {
  return cache
    .windowsList({ includeMinimized: true })
    .windows.filter((w) => !cache.windowOpening(w.ref));
}

/** Group windows by pid (by app name where the platform gives no pid). */
export function appsOf(
  windows: readonly WindowInfo[],
  control: BackendApps | undefined,
): RunningApp[] {
  const apps = new Map<string, RunningApp>();
  for (const w of windows) {
    const id = w.pid === undefined ? w.app : String(w.pid);
    let app = apps.get(id);
    if (app === undefined) {
      app = { id, name: w.app, windows: [], accessible: true };
      if (w.pid !== undefined) {
        app.pid = w.pid;
        const toolkit = control?.toolkit?.(w.pid);
        if (toolkit !== undefined) app.toolkit = toolkit;
      }
      apps.set(id, app);
    }
    app.windows.push(w.ref);
  }
  return [...apps.values()];
}

/** Every running app callers may see: the cache's, then the inaccessible ones. */
export async function listRunning(
  cache: UiCache,
  control: BackendApps | undefined,
  policy: AccessPolicy,
  signal: AbortSignal,
): Promise<RunningApp[]> {
  const apps = appsOf(cachedWindows(policy.visible(cache)), control);
  if (control?.inaccessible === undefined) return apps;
  const known = new Set(apps.flatMap((a) => (a.pid === undefined ? [] : [a.pid])));
  const others = (await control.inaccessible(signal)).filter(
    (a) => !known.has(a.pid) && !policy.deniesApp(a.name, a.pid),
  );
  return [
    ...apps,
    ...others.map((a) => ({
      id: String(a.pid),
      name: a.name,
      pid: a.pid,
      windows: [],
      accessible: false,
    })),
  ];
}

/** The app a window belongs to, as a RunningApp (its other cached windows included). */
export function appOfWindow(
  cache: UiCache,
  control: BackendApps | undefined,
  window: WindowInfo,
): RunningApp {
  const same = cachedWindows(cache).filter((w) =>
    window.pid === undefined ? w.app === window.app : w.pid === window.pid,
  );
  const [app] = appsOf(same.length > 0 ? same : [window], control);
  return app ?? { id: window.app, name: window.app, windows: [window.ref], accessible: true };
}
