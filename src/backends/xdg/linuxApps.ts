/**
 * The apps capability on Linux, whatever reads the accessibility tree: desktop entries and
 * PATH programs (catalog.ts) resolved to an argv (execLine.ts) and spawned directly, never
 * through a shell, in its own process group so it outlives nothing of ours; processes checked
 * and related through /proc. Closing a window is the caller's (X11 today); see `requestClose`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { ActionFailedError, throwIfAborted, UiError } from '../../errors.js';
import type {
  AppsOptions,
  BackendApps,
  InaccessibleApp,
  InstalledApp,
  LaunchRequest,
  ResolvedLaunch,
} from '../apps.js';
import { byDesktopId, byName } from '../launchMatch.js';
import { entryApp, findOnPath, isExecutable, pathPrograms, readDesktopEntries } from './catalog.js';
import type { DesktopEntry } from './desktopEntry.js';
import { expandExec, splitExec } from './execLine.js';

export interface LinuxAppHooks {
  /** Ask a top-level window (backend id) to close the way its close button does. */
  requestClose(windowId: string, options: AppsOptions): Promise<void>;
  toolkit?(pid: number): string | undefined;
  inaccessible?(signal: AbortSignal): Promise<InaccessibleApp[]>;
}

/** Hops up the parent chain at most when relating a window's process to a launch. */
const MAX_ANCESTRY = 32;

/** Fields of /proc/<pid>/stat after the command (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

export function processRunning(pid: number): boolean {
  const fields = statFields(pid);
  return fields !== undefined && fields[0] !== 'Z' && fields[0] !== 'X';
}

/** True when `pid` is `ancestor` or descends from it. */
export function descendsFrom(pid: number, ancestor: number): boolean {
  let current = pid;
  for (let hop = 0; hop < MAX_ANCESTRY && current > 1; hop++) {
    if (current === ancestor) return true;
    current = Number(statFields(current)?.[1] ?? 0);
  }
  return false;
}

export function processName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function createLinuxAppControl(env: NodeJS.ProcessEnv, hooks: LinuxAppHooks): BackendApps {
  return {
    resolve: (request, options) =>
      new Promise((done) => done(resolveLaunch(env, request, options))),
    launch: (command, options) => spawnDetached(env, command, options),
    requestClose: (id, options) => hooks.requestClose(id, options),
    kill(pid, options) {
      throwIfAborted(options.signal);
      try {
        process.kill(pid, 'SIGKILL');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ESRCH')
          throw new ActionFailedError(`cannot kill pid ${pid}`, { cause: err });
      }
      return Promise.resolve();
    },
    running: processRunning,
    belongsTo: descendsFrom,
    ...(hooks.toolkit === undefined ? {} : { toolkit: (pid) => hooks.toolkit?.(pid) }),
    ...(hooks.inaccessible === undefined
      ? {}
      : { inaccessible: (signal) => hooks.inaccessible?.(signal) ?? Promise.resolve([]) }),
  };
}

function resolveLaunch(
  env: NodeJS.ProcessEnv,
  request: LaunchRequest,
  options: AppsOptions,
): ResolvedLaunch {
  throwIfAborted(options.signal);
  if (request.path !== undefined) return byPath(env, request);
  const entries = readDesktopEntries(env);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const installed = entries.flatMap((e) => entryApp(e, env) ?? []);
  const app =
    request.desktopId !== undefined
      ? byDesktopId(installed, request.desktopId)
      : byName([...installed, ...pathPrograms(env)], request.name ?? '');
  const entry = byId.get(app.id);
  if (entry === undefined) {
    if (!isExecutable(app.executable)) throw notRunnable(app.executable);
    return { app, argv: [app.executable, ...request.args], cwd: request.cwd };
  }
  return { app, argv: entryArgv(env, entry, app, request), cwd: request.cwd ?? entry.path };
}

function entryArgv(
  env: NodeJS.ProcessEnv,
  entry: DesktopEntry,
  app: InstalledApp,
  request: LaunchRequest,
): string[] {
  const argv = expandExec(splitExec(entry.exec), {
    args: request.args,
    name: entry.name,
    icon: entry.icon,
    file: entry.file,
  });
  const program = argv[0];
  if (program === undefined) throw notRunnable(entry.exec);
  const found = findOnPath(program, env) ?? app.executable;
  if (!isExecutable(found)) throw notRunnable(program);
  return [found, ...argv.slice(1)];
}

function byPath(env: NodeJS.ProcessEnv, request: LaunchRequest): ResolvedLaunch {
  const path = request.path ?? '';
  const full =
    isAbsolute(path) || path.includes('/')
      ? resolve(request.cwd ?? process.cwd(), path)
      : findOnPath(path, env);
  if (full === undefined || !isExecutable(full)) throw notRunnable(path);
  return {
    app: { id: full, name: basename(full), executable: full, source: 'path' },
    argv: [full, ...request.args],
    cwd: request.cwd,
  };
}

function notRunnable(program: string): UiError {
  return new UiError('app_not_found', `${program} is not an executable program`, {
    details: { query: program, closest: [] },
    recovery: ['Give the path of an executable file, or an installed app name'],
  });
}

function spawnDetached(
  env: NodeJS.ProcessEnv,
  command: ResolvedLaunch,
  options: AppsOptions,
): Promise<{ pid: number; name: string; exited: Promise<number | null> }> {
  throwIfAborted(options.signal);
  const [program, ...args] = command.argv;
  if (program === undefined) return Promise.reject(notRunnable(''));
  const child = spawn(program, args, {
    env,
    cwd: command.cwd,
    detached: true,
    stdio: 'ignore',
    shell: false,
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveSpawn, reject) => {
    child.once('error', (err) =>
      reject(
        new ActionFailedError(`cannot start ${program}: ${err.message}`, {
          cause: err,
          details: { program },
        }),
      ),
    );
    child.once('spawn', () => {
      child.unref();
      resolveSpawn({ pid: child.pid ?? 0, name: basename(program), exited });
    });
  });
}
