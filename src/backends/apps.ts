/**
 * The apps capability of a backend: what is installed, starting it without a shell, asking a
 * window to close the way its close button does, and ending a process. Backends implement it
 * in their own folder (XDG entries on Linux, App Paths and AUMIDs in the UIA host, the sim's
 * catalogue); the service above decides policy, waits on the cache and audits.
 */
/** Something that can be launched. */
export interface InstalledApp {
  /** Desktop entry id (`org.gnome.TextEditor.desktop`), AUMID, or the program's path. */
  id: string;
  /** Display name (`Text Editor`); for a bare program its file name. */
  name: string;
  /** The program it runs, an absolute path where known. */
  executable: string;
  source: 'desktop-entry' | 'path' | 'app-paths' | 'packaged' | 'sim';
}

/** What a caller asked to launch (exactly one of name, desktopId, path). */
export interface LaunchRequest {
  name?: string | undefined;
  desktopId?: string | undefined;
  path?: string | undefined;
  args: readonly string[];
  cwd?: string | undefined;
}

/** A launch request resolved to one command: argv[0] is the program; never a shell line. */
export interface ResolvedLaunch {
  app: InstalledApp;
  argv: string[];
  cwd?: string | undefined;
}

export interface LaunchedProcess {
  pid: number;
  /** The process name the platform will report for its windows. */
  name: string;
  /** Settles when the process ends (its exit code; null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface AppsOptions {
  signal: AbortSignal;
}

/** A process that shows windows the accessibility tree does not have (no a11y support). */
export interface InaccessibleApp {
  pid: number;
  name: string;
  /** Window titles as the windowing system knows them. */
  titles: string[];
}

export interface BackendApps {
  /** Resolve a request to a command. AppNotFound (`app_not_found`, closest names in details). */
  resolve(request: LaunchRequest, options: AppsOptions): Promise<ResolvedLaunch>;
  /** Start the command; resolves once the process exists (spawn failures are typed errors). */
  launch(command: ResolvedLaunch, options: AppsOptions): Promise<LaunchedProcess>;
  /** Ask a top-level window (its backend id) to close as its close button would; the app may refuse or ask. */
  requestClose(windowId: string, options: AppsOptions): Promise<void>;
  /** End a process at once (SIGKILL / TerminateProcess). */
  kill(pid: number, options: AppsOptions): Promise<void>;
  /** True while the process exists. */
  running(pid: number): boolean;
  /** True when a window owned by `pid` belongs to the launch of `launched` (same process or a
   * child it started; a launcher that hands off to a running instance is not followed). */
  belongsTo(pid: number, launched: number): boolean;
  /** Toolkit of a running app when the platform tells (gtk, qt, win32...). */
  toolkit?(pid: number): string | undefined;
  /** Processes with windows but no accessibility tree (absent: the backend cannot tell). */
  inaccessible?(signal: AbortSignal): Promise<InaccessibleApp[]>;
}
