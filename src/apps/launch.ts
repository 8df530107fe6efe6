/**
 * apps.launch: resolve what to start, ask the policy, start it without a shell, and answer once
 * its first window is in the cache with its content. The wait is event-driven (the cache's
 * patch stream); a process that ends first fails the launch, unless it ended well after handing
 * off to an instance already running (a single-instance app): then its next new window counts.
 */
import type { MethodParams, MethodResult, WindowInfo } from '../../protocol/src/index.js';
import type { BackendApps, LaunchedProcess } from '../backends/apps.js';
import type { UiCache } from '../cache/api.js';
import { ActionFailedError, TimeoutError } from '../errors.js';
import { createProgress } from '../executor/progress.js';
import { waitForValue } from '../executor/waits.js';
import type { AccessPolicy } from '../policy/access.js';
import { appOfWindow, cachedWindows } from './running.js';

export interface LaunchDeps {
  cache: UiCache;
  control: BackendApps;
  policy: AccessPolicy;
}

type Params = MethodParams<'apps.launch'>;
type Result = MethodResult<'apps.launch'>;

/** A short description of the request, for the audit log. */
export function describeLaunch(p: Params): string {
  const what = p.desktopId ?? p.path ?? p.name ?? '';
  return p.args.length === 0 ? what : `${what} (${p.args.length} args)`;
}

export async function launchApp(deps: LaunchDeps, p: Params, signal: AbortSignal): Promise<Result> {
  const started = performance.now();
  const progress = createProgress({
    timeoutMs: p.timeoutMs,
    signals: [signal],
    label: 'apps.launch',
  });
  try {
    const { control, cache, policy } = deps;
    const command = await progress.race(control.resolve(p, { signal: progress.signal }));
    policy.checkLaunch(command.app);
    const before = new Set(cachedWindows(cache).map((w) => w.ref));
    progress.step(`starting ${command.argv.join(' ')}`);
    const launched = await progress.race(control.launch(command, { signal: progress.signal }));
    const base = { command: command.argv, revision: cache.revision };
    if (p.waitFor === 'none') {
      const app = {
        id: String(launched.pid),
        name: launched.name,
        pid: launched.pid,
        windows: [],
        accessible: true,
      };
      return { ...base, app, window: null, durationMs: performance.now() - started };
    }
    progress.step(`waiting for a window of pid ${launched.pid} in the cache`);
    const window = await firstWindow(deps, launched, before, progress.signal);
    return {
      ...base,
      revision: cache.revision,
      app: appOfWindow(cache, control, window),
      window,
      durationMs: performance.now() - started,
    };
  } catch (err) {
    if (err instanceof TimeoutError) {
      throw new TimeoutError(`${describeLaunch(p)} showed no window within ${p.timeoutMs} ms`, {
        details: { ...err.details, log: progress.log() },
        recovery: ['The app may still be starting: list apps, or launch with a longer timeoutMs'],
      });
    }
    throw err;
  } finally {
    progress.dispose();
  }
}

/** The first new, content-cached window of the launched process (or of the instance it handed off to). */
async function firstWindow(
  deps: LaunchDeps,
  launched: LaunchedProcess,
  before: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<WindowInfo> {
  let handedOff = false;
  let exitCode: number | null | undefined;
  const ended = new AbortController();
  launched.exited.then(
    (code) => {
      exitCode = code;
      if (code === 0) handedOff = true;
      else ended.abort();
    },
    () => undefined,
  );
  const evaluate = (): WindowInfo | undefined =>
    cachedWindows(deps.cache).find(
      (w) =>
        !before.has(w.ref) &&
        (handedOff || (w.pid !== undefined && deps.control.belongsTo(w.pid, launched.pid))),
    );
  const done = AbortSignal.any([signal, ended.signal]);
  try {
    const found = await waitForValue(deps.cache, evaluate, done, 300_000);
    if (found !== undefined) return found;
  } catch (err) {
    if (!ended.signal.aborted || signal.aborted) throw err;
  }
  throw new ActionFailedError(
    `${launched.name} (pid ${launched.pid}) ended with code ${String(exitCode)} before showing a window`,
    { details: { pid: launched.pid, exitCode } },
  );
}
