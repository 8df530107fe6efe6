/**
 * apps.close: ask every window of the app to close as its close button would, then answer
 * what was seen: `closed` once its windows are gone from the cache and its process has ended,
 * `dialog_opened` when it opened a window instead (a "Save changes?" question: answered by
 * the caller, never killed), or, only with `force`, `killed` after the process was ended.
 */
import type {
  MethodParams,
  MethodResult,
  RunningApp,
  WindowInfo,
} from '../../protocol/src/index.js';
import type { BackendApps } from '../backends/apps.js';
import type { UiCache } from '../cache/api.js';
import { TimeoutError } from '../errors.js';
import { createProgress, type Progress } from '../executor/progress.js';
import { waitForValue } from '../executor/waits.js';
import type { AccessPolicy } from '../policy/access.js';
import { appsOf, cachedWindows } from './running.js';

export interface CloseDeps {
  cache: UiCache;
  control: BackendApps;
  policy: AccessPolicy;
}

type Params = MethodParams<'apps.close'>;
type Result = MethodResult<'apps.close'>;

/** Share of the deadline the polite request gets when `force` may kill afterwards. */
const POLITE_SHARE = 0.5;
/** How often a process that left no window is checked for its end. */
const EXIT_POLL_MS = 20;

type Seen = { kind: 'gone' } | { kind: 'dialog'; dialog: WindowInfo };

export async function closeApp(deps: CloseDeps, p: Params, signal: AbortSignal): Promise<Result> {
  const started = performance.now();
  const { cache, control, policy } = deps;
  // The name as asked first: a denied app is hidden from the cache view, yet refused by name.
  policy.checkTarget({ app: p.app, pid: /^\d+$/.test(p.app) ? Number(p.app) : undefined });
  const info = cache.resolveApp({ query: p.app }).app;
  policy.checkTarget({ app: info.name, pid: info.pid });
  // Every window of the app, those still being read included: each is asked, none is news.
  const windows = cache
    .windowsList({ includeMinimized: true })
    .windows.filter((w) => info.windows.includes(w.ref));
  const [app] = appsOf(windows, control);
  const running: RunningApp = app ?? {
    id: info.id,
    name: info.name,
    windows: [],
    accessible: true,
  };
  const progress = createProgress({
    timeoutMs: p.timeoutMs,
    signals: [signal],
    label: 'apps.close',
  });
  const answer = (status: Result['status'], dialog?: WindowInfo): Result => ({
    revision: cache.revision,
    status,
    app: running,
    ...(dialog === undefined ? {} : { dialog }),
    durationMs: performance.now() - started,
  });
  try {
    const polite = Math.floor(p.force ? progress.remaining() * POLITE_SHARE : progress.remaining());
    const refs = new Set(windows.map((w) => w.ref));
    // A question already open blocks its owner: it is the answer, whatever a request would do.
    const open = windows.find((w) => w.modal);
    if (open !== undefined && !p.force) return answer('dialog_opened', open);
    const seen =
      open === undefined ? await askToClose(deps, info.pid, windows, progress, polite) : undefined;
    if (seen?.kind === 'dialog' && !p.force) return answer('dialog_opened', seen.dialog);
    if (seen?.kind === 'gone') {
      const ended = await gone(
        deps,
        info.pid,
        refs,
        progress,
        polite - (performance.now() - started),
      );
      if (ended) return answer('closed');
    }
    if (!p.force) {
      throw new TimeoutError(`${info.name} did not close within ${p.timeoutMs} ms`, {
        details: { pid: info.pid, windows: [...refs], log: progress.log() },
        recovery: ['Look for a dialog the app opened, or close it with force: true'],
      });
    }
    if (info.pid === undefined) throw new TimeoutError(`${info.name} has no process id to end`);
    progress.step(`killing pid ${info.pid}`);
    await progress.race(control.kill(info.pid, { signal: progress.signal }));
    if (await gone(deps, info.pid, refs, progress, progress.remaining())) return answer('killed');
    throw new TimeoutError(`pid ${info.pid} still runs after it was killed`, {
      details: { pid: info.pid, log: progress.log() },
    });
  } finally {
    progress.dispose();
  }
}

/** Send the close requests and wait for the app to go or to ask something; undefined = neither in time (force only). */
async function askToClose(
  deps: CloseDeps,
  pid: number | undefined,
  windows: readonly WindowInfo[],
  progress: Progress,
  limitMs: number,
): Promise<Seen | undefined> {
  const refs = new Set(windows.map((w) => w.ref));
  for (const w of windows) {
    const id = deps.cache.backendId(w.element);
    if (id === undefined) continue;
    progress.step(`asking window ${w.ref} "${w.title}" to close`);
    await progress.race(deps.control.requestClose(id, { signal: progress.signal }));
  }
  const limit = AbortSignal.any([
    progress.signal,
    AbortSignal.timeout(Math.max(1, Math.floor(limitMs))),
  ]);
  try {
    return await waitForValue(
      deps.cache,
      () => outcome(deps, pid, refs),
      limit,
      Math.max(1, limitMs),
    );
  } catch (err) {
    if (progress.signal.aborted || !limit.aborted) throw err;
    return undefined;
  }
}

/** A new window of the app (a question), or every window of it gone from the cache. */
function outcome(
  deps: CloseDeps,
  pid: number | undefined,
  asked: ReadonlySet<string>,
): Seen | undefined {
  const mine = cachedWindows(deps.cache).filter((w) => pid !== undefined && w.pid === pid);
  const fresh = mine.find((w) => !asked.has(w.ref));
  if (fresh !== undefined) return { kind: 'dialog', dialog: fresh };
  const left = cachedWindows(deps.cache).filter((w) => asked.has(w.ref));
  return left.length === 0 ? { kind: 'gone' } : undefined;
}

/** True once the process has ended and its windows left the cache; false at `limitMs`. */
async function gone(
  deps: CloseDeps,
  pid: number | undefined,
  refs: ReadonlySet<string>,
  progress: Progress,
  limitMs: number,
): Promise<boolean> {
  const deadline = performance.now() + Math.max(0, limitMs);
  progress.step(`waiting for pid ${String(pid)} to end`);
  const live = (): boolean =>
    (pid !== undefined && deps.control.running(pid)) ||
    cachedWindows(deps.cache).some((w) => refs.has(w.ref));
  // A process end raises no cache event: its check is a cheap local one (kill 0 / the sim).
  while (live()) {
    progress.check();
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, EXIT_POLL_MS));
  }
  return true;
}
