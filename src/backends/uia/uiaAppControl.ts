/**
 * The apps capability of the UIA backend as the server sees it. What is installed (App Paths,
 * programs on PATH), starting, closing and ending run in the host; names are matched here with
 * the shared rules (launchMatch). A desktop id holding "!" is a packaged app's AUMID. The ends
 * of launched processes, and every process's parent (to follow a launcher's child), come from
 * the host on a slow poll while a launched process runs; `running` asks the OS directly
 * (process.kill with signal 0 opens the process and reads its exit code on Windows).
 */
import { InvalidParamsError, UiError } from '../../errors.js';
import type {
  AppsOptions,
  BackendApps,
  InstalledApp,
  LaunchedProcess,
  LaunchRequest,
  ResolvedLaunch,
} from '../apps.js';
import { byDesktopId, byName } from '../launchMatch.js';
import type { HostOp } from './uiaHostProtocol.js';
import type { ProcessReport } from './uiaHostApps.js';

type HostCall = (op: HostOp, args: unknown, signal: AbortSignal) => Promise<unknown>;

/** How often the ends of launched processes are asked for. */
const EXIT_POLL_MS = 250;
const AUMID = /^[^\s\\/!]+![^\s\\/!]+$/;

interface Followed {
  resolve(code: number | null): void;
}

export class UiaAppControl implements BackendApps {
  private readonly followed = new Map<number, Followed>();
  private parents = new Map<number, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly call: HostCall) {}

  async resolve(request: LaunchRequest, options: AppsOptions): Promise<ResolvedLaunch> {
    const { args, cwd } = request;
    const resolved = (app: InstalledApp): ResolvedLaunch => ({
      app,
      argv: [app.executable, ...args],
      cwd,
    });
    if (request.path !== undefined) {
      const [app] = await this.catalog(options.signal, request.path);
      if (app === undefined) {
        throw new UiError('app_not_found', `no file at ${request.path}`, {
          details: { query: request.path, closest: [] },
        });
      }
      return resolved(app);
    }
    if (request.desktopId !== undefined && AUMID.test(request.desktopId)) {
      const id = request.desktopId;
      return resolved({ id, name: id, executable: id, source: 'packaged' });
    }
    const installed = await this.catalog(options.signal);
    if (request.desktopId !== undefined) return resolved(byDesktopId(installed, request.desktopId));
    if (request.name !== undefined) return resolved(byName(installed, request.name));
    throw new InvalidParamsError('give name, desktopId or path');
  }

  async launch(command: ResolvedLaunch, options: AppsOptions): Promise<LaunchedProcess> {
    const args = {
      argv: command.argv,
      cwd: command.cwd,
      packaged: command.app.source === 'packaged',
    };
    const started = (await this.call('appsLaunch', args, options.signal)) as {
      pid: number;
      name: string;
    };
    const exited = new Promise<number | null>((resolve) =>
      this.followed.set(started.pid, { resolve }),
    );
    this.schedule();
    return { pid: started.pid, name: started.name, exited };
  }

  async requestClose(windowId: string, options: AppsOptions): Promise<void> {
    await this.call('appsClose', { id: windowId }, options.signal);
  }

  async kill(pid: number, options: AppsOptions): Promise<void> {
    await this.call('appsKill', { pid }, options.signal);
  }

  running(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }

  belongsTo(pid: number, launched: number): boolean {
    const seen = new Set<number>();
    for (
      let p: number | undefined = pid;
      p !== undefined && !seen.has(p);
      p = this.parents.get(p)
    ) {
      if (p === launched) return true;
      seen.add(p);
    }
    return false;
  }

  toolkit(): string {
    return 'win32';
  }

  /** Stop following launched processes (the backend stops). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const f of this.followed.values()) f.resolve(null);
    this.followed.clear();
  }

  private async catalog(signal: AbortSignal, path?: string): Promise<InstalledApp[]> {
    const args = path === undefined ? {} : { path };
    return (await this.call('appsCatalog', args, signal)) as InstalledApp[];
  }

  private schedule(): void {
    if (this.timer !== undefined || this.followed.size === 0) return;
    this.timer = setTimeout(() => void this.poll(), EXIT_POLL_MS);
    this.timer.unref?.();
  }

  private async poll(): Promise<void> {
    try {
      const pids = [...this.followed.keys()];
      const signal = AbortSignal.timeout(5_000);
      const report = (await this.call('appsProcesses', { pids }, signal)) as ProcessReport;
      this.parents = new Map(report.parents);
      for (const pid of pids) {
        const code = report.exits[pid];
        if (code === 'running') continue;
        this.followed.get(pid)?.resolve(code ?? null);
        this.followed.delete(pid);
      }
    } catch {
      // the host is restarting: asked again on the next round
    } finally {
      this.timer = undefined;
      this.schedule();
    }
  }
}
