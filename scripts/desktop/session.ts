/**
 * A headless Linux desktop for tests, benchmarks and humans: Xvfb + a private D-Bus session bus +
 * the AT-SPI2 accessibility bus, and GTK apps launched with accessibility on. Everything started
 * here is recorded by PID and stopped by PID; nothing is found by name. Readiness is awaited on
 * what each process reports (Xvfb's -displayfd, dbus-daemon's printed address, `gdbus wait` for
 * the a11y bus name), each under a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { execText, firstLine, stopChild, stopGroup, waitExit } from './processes.js';
import { startTwoMonitorDisplay } from './twoMonitors.js';

const STEP_DEADLINE_MS = 10_000;

/** Environment that turns the GTK accessibility bridge on in a launched app. */
const A11Y_APP_ENV = {
  GTK_MODULES: 'gail:atk-bridge',
  ACCESSIBILITY_ENABLED: '1',
  GNOME_ACCESSIBILITY: '1',
  GSETTINGS_BACKEND: 'memory',
  // Qt registers its bridge only when told to (no settings daemon says so in a bare session).
  QT_LINUX_ACCESSIBILITY_ALWAYS_ON: '1',
  QT_ACCESSIBILITY: '1',
  // GTK 4 under Xvfb has no GL: its default renderer falls back to software GL and starts slowly.
  GSK_RENDERER: 'cairo',
  NO_AT_BRIDGE: undefined,
} as const;

/** One app started inside the session. */
export interface LaunchedApp {
  readonly pid: number;
  readonly command: string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** The app's standard input when launched with `{ stdin: true }` (zenity --progress reads it). */
  readonly stdin: Writable | null;
  /** The app's standard output when launched with `{ stdout: true }` (fixtures report on it). */
  readonly stdout: Readable | null;
  /** Stop the app by its PID (SIGTERM, then SIGKILL after a deadline). */
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** Give the app a pipe as its standard input (else /dev/null). */
  stdin?: boolean;
  /** Give the app a pipe as its standard output (else ignored). */
  stdout?: boolean;
}

/** How the desktop is set up. */
export interface DesktopOptions {
  /**
   * Run a window manager (openbox) on the display: frames, `_NET_CLIENT_LIST`,
   * `_NET_ACTIVE_WINDOW`, focus given back after a dialog closes. Default: none, as many CI
   * harnesses run.
   */
  windowManager?: boolean;
  /**
   * Two monitors side by side (Xinerama heads of 1280x1024 at x 0 and 1280) instead of one
   * 1280x1024 screen: a nested Xephyr (scripts/desktop/twoMonitors.ts).
   */
  twoMonitors?: boolean;
}

export interface DesktopSession {
  /** X display, e.g. ":7". */
  readonly display: string;
  /** Whether a window manager runs on it. */
  readonly windowManager: boolean;
  readonly sessionBusAddress: string;
  readonly a11yBusAddress: string;
  /** Environment for anything that should run inside the session (apps, the server). */
  readonly env: NodeJS.ProcessEnv;
  /** Launch an app with accessibility on. It is stopped with the session. */
  launch(command: string, args?: readonly string[], options?: LaunchOptions): LaunchedApp;
  /** Stop every app and then the session's own processes, by PID. Idempotent. */
  stop(): Promise<void>;
}

/** Start a fresh headless desktop. Fails with a clear message when a piece is missing. */
export async function startDesktop(
  signal?: AbortSignal,
  options: DesktopOptions = {},
): Promise<DesktopSession> {
  const runDir = mkdtempSync(join(tmpdir(), 'uistream-desktop-'));
  const owned: ChildProcess[] = [];
  const apps: LaunchedApp[] = [];
  const stopAll = async (): Promise<void> => {
    await Promise.all(apps.map((a) => a.stop()));
    for (const child of owned.reverse()) await stopChild(child);
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    const display =
      options.twoMonitors === true
        ? await startTwoMonitorDisplay(owned, STEP_DEADLINE_MS, signal)
        : await startXvfb(owned, signal);
    if (options.windowManager === true) await startWindowManager(owned, display, signal);
    const sessionBusAddress = await startSessionBus(owned, runDir, signal);
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      DISPLAY: display,
      DBUS_SESSION_BUS_ADDRESS: sessionBusAddress,
      XDG_RUNTIME_DIR: runDir,
    };
    delete baseEnv.AT_SPI_BUS_ADDRESS;
    const a11yBusAddress = await startA11yBus(owned, baseEnv, signal);
    const env = { ...baseEnv, ...A11Y_APP_ENV, AT_SPI_BUS_ADDRESS: a11yBusAddress };
    delete env.NO_AT_BRIDGE;
    let stopped: Promise<void> | undefined;
    return {
      display,
      windowManager: options.windowManager === true,
      sessionBusAddress,
      a11yBusAddress,
      env,
      launch(command, args = [], options = {}) {
        const app = launchApp(command, args, env, options);
        apps.push(app);
        return app;
      },
      stop() {
        stopped ??= stopAll();
        return stopped;
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function startXvfb(owned: ChildProcess[], signal?: AbortSignal): Promise<string> {
  const child = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  owned.push(child);
  const fd3 = child.stdio[3];
  if (fd3 === null || fd3 === undefined || !('on' in fd3))
    throw new Error('Xvfb: no displayfd pipe');
  const number = await firstLine(child, fd3, 'Xvfb display number', STEP_DEADLINE_MS, signal);
  if (!/^\d+$/.test(number)) throw new Error(`Xvfb reported a bad display: ${number}`);
  return `:${number}`;
}

/**
 * Start openbox and wait until it manages the screen: its `--startup` command runs once it has
 * taken over the screen and prints a marker on the standard output we read.
 */
async function startWindowManager(
  owned: ChildProcess[],
  display: string,
  signal?: AbortSignal,
): Promise<void> {
  const marker = 'uistream-openbox-ready';
  const wm = spawn('openbox', ['--sm-disable', '--startup', `echo ${marker}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, DISPLAY: display },
  });
  owned.push(wm);
  const lines = createInterface({ input: wm.stdout });
  const ready = new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      if (line.trim() === marker) resolve();
    }),
  );
  const exited = waitExit(wm).then(() => {
    throw new Error('openbox exited before it managed the screen');
  });
  try {
    await Promise.race([ready, exited, deadline(STEP_DEADLINE_MS, 'openbox start', signal)]);
  } finally {
    lines.close();
    wm.stdout.resume();
  }
}

function deadline(ms: number, what: string, signal?: AbortSignal): Promise<never> {
  const timeout = AbortSignal.timeout(ms);
  const both = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  return new Promise<never>((_resolve, reject) =>
    both.addEventListener('abort', () => reject(new Error(`${what}: not within ${ms} ms`)), {
      once: true,
    }),
  );
}

async function startSessionBus(
  owned: ChildProcess[],
  runDir: string,
  signal?: AbortSignal,
): Promise<string> {
  const child = spawn(
    'dbus-daemon',
    [
      '--session',
      `--address=unix:path=${join(runDir, 'session_bus')}`,
      '--nofork',
      '--nopidfile',
      '--print-address=1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  owned.push(child);
  return firstLine(child, child.stdout, 'session bus address', STEP_DEADLINE_MS, signal);
}

/**
 * Start the accessibility bus launcher and wait for its well-known name before asking for the
 * address (asking earlier would D-Bus-activate a second launcher).
 */
async function startA11yBus(
  owned: ChildProcess[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<string> {
  const launcher = spawn('/usr/libexec/at-spi-bus-launcher', ['--launch-immediately', '--a11y=1'], {
    stdio: 'ignore',
    env,
  });
  owned.push(launcher);
  const seconds = String(STEP_DEADLINE_MS / 1_000);
  await execText('gdbus', ['wait', '--session', '--timeout', seconds, 'org.a11y.Bus'], env, signal);
  const reply = await execText(
    'gdbus',
    [
      'call',
      '--session',
      '--dest',
      'org.a11y.Bus',
      '--object-path',
      '/org/a11y/bus',
      '--method',
      'org.a11y.Bus.GetAddress',
    ],
    env,
    signal,
  );
  const match = /'([^']+)'/.exec(reply);
  if (match?.[1] === undefined) throw new Error(`unexpected a11y bus address reply: ${reply}`);
  return match[1];
}

function launchApp(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: LaunchOptions,
): LaunchedApp {
  const stdin = options.stdin === true ? 'pipe' : 'ignore';
  const stdout = options.stdout === true ? 'pipe' : 'ignore';
  // Its own process group, so stopping it also stops every process it started.
  const child = spawn(command, [...args], {
    stdio: [stdin, stdout, 'ignore'],
    env,
    detached: true,
  });
  // A pipe to an app that exits must not crash the caller with EPIPE.
  child.stdin?.on('error', () => undefined);
  const exited = waitExit(child);
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  return {
    pid: child.pid,
    command,
    exited,
    stdin: child.stdin,
    stdout: child.stdout,
    stop: () => stopGroup(child),
  };
}
