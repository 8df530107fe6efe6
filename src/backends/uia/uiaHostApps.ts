/**
 * The apps operations inside the host: what is installed (App Paths, programs on PATH, a path
 * that exists), starting a program (CreateProcessW; ShellExecuteExW for a document; a packaged
 * app by its AUMID through IApplicationActivationManager), asking a window to close as its
 * close button does (WM_CLOSE), ending a process, and the processes' exits and parents.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, delimiter, extname, isAbsolute, join } from 'node:path';
import { InvalidParamsError, NotSupportedError } from '../../errors.js';
import type { InstalledApp } from '../apps.js';
import type { BackendId } from '../backend.js';
import { activateAumid } from './uiaAumid.js';
import type { HostOp } from './uiaHostProtocol.js';
import type { Hwnd } from './uiaWin32.js';
import {
  appPaths,
  closeHandle,
  createProcess,
  exitCode,
  openProcess,
  parentPids,
  shellExecute,
  terminate,
  type Started,
} from './uiaWin32Process.js';
import { requestOp, readWindow } from './uiaWin32Window.js';

const PROGRAM = /\.(exe|com)$/i;

/** What the server learns about the processes it follows. */
export interface ProcessReport {
  /** pid -> exit code, 'running', or null (ended, code unknown). */
  exits: Record<number, number | 'running' | null>;
  parents: [number, number][];
}

function programsOnPath(): InstalledApp[] {
  const out: InstalledApp[] = [];
  for (const dir of (process.env['PATH'] ?? '').split(delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of names.filter((n) => PROGRAM.test(n))) {
      const executable = join(dir, file);
      out.push({ id: executable, name: basename(file, extname(file)), executable, source: 'path' });
    }
  }
  return out;
}

function catalog(path: string | undefined): InstalledApp[] {
  if (path !== undefined) {
    if (!isAbsolute(path)) throw new InvalidParamsError(`path must be absolute: ${path}`);
    if (!existsSync(path) || !statSync(path).isFile()) return [];
    const name = basename(path, extname(path));
    return [{ id: path, name, executable: path, source: 'path' }];
  }
  const registered = [...appPaths()].map(([key, executable]): InstalledApp => ({
    id: key,
    name: basename(key, extname(key)),
    executable,
    source: 'app-paths',
  }));
  return [...registered, ...programsOnPath()];
}

export class HostApps {
  /** Handles of the processes this host started, for their exit codes. */
  private readonly started = new Map<number, number | bigint>();

  constructor(
    private readonly hwndOf: (id: BackendId) => Hwnd,
    private readonly appName: (pid: number) => string,
  ) {}

  async call(op: HostOp, a: Record<string, unknown>, deadline: number): Promise<unknown> {
    switch (op) {
      case 'appsCatalog':
        return catalog(a['path'] as string | undefined);
      case 'appsLaunch':
        return this.launch(
          a['argv'] as string[],
          a['cwd'] as string | undefined,
          a['packaged'] === true,
          deadline,
        );
      case 'appsClose': {
        const hwnd = this.hwndOf(a['id'] as BackendId);
        return requestOp(hwnd, { op: 'close' }, readWindow(hwnd, ''));
      }
      case 'appsKill':
        return terminate(a['pid'] as number);
      case 'appsProcesses':
        return this.report(a['pids'] as number[]);
      default:
        throw new NotSupportedError(`the UIA host has no operation ${op}`);
    }
  }

  private async launch(
    argv: string[],
    cwd: string | undefined,
    packaged: boolean,
    deadline: number,
  ) {
    const [program = ''] = argv;
    let started: Started;
    if (packaged) started = await activateAumid(program, argv.slice(1), deadline);
    else if (PROGRAM.test(program)) started = createProcess(argv, cwd);
    else started = shellExecute(argv, cwd);
    if (started.handle !== 0 && started.handle !== 0n)
      this.started.set(started.pid, started.handle);
    const name = this.appName(started.pid) || basename(program, extname(program)).toLowerCase();
    return { pid: started.pid, name };
  }

  private report(pids: readonly number[]): ProcessReport {
    const exits: ProcessReport['exits'] = {};
    for (const pid of pids) {
      const kept = this.started.get(pid);
      const handle = kept ?? openProcess(pid);
      if (handle === null) {
        exits[pid] = null;
        continue;
      }
      const code = exitCode(handle);
      exits[pid] = code;
      if (kept === undefined) closeHandle(handle);
      else if (code !== 'running') {
        this.started.delete(pid);
        closeHandle(handle);
      }
    }
    return { exits, parents: parentPids() };
  }
}
