/**
 * Window truth plumbing for the real-desktop tests and the liveness bench: a desktop (with or
 * without a window manager), the AT-SPI backend, cache and executor, a fixture app, and two
 * independent readers to compare the cache with: the X server's top-level windows read through
 * Xlib by a Python process (test/fixtures/x11/xtoplevels.py) and the focused element read over
 * AT-SPI by pyatspi (test/fixtures/x11/atspiFocus.py).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { firstValueFrom, map, race, timer } from 'rxjs';
import {
  startDesktop,
  type DesktopSession,
  type LaunchedApp,
} from '../../scripts/desktop/session.js';
import { stopGroup } from '../../scripts/desktop/processes.js';
import { createAtspiBackend, type AtspiBackend } from '../../src/backends/atspi/index.js';
import type { UiCache } from '../../src/cache/api.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import type { Executor } from '../../src/executor/api.js';
import { createExecutor } from '../../src/executor/index.js';
import { launchAndWait } from './atspi.js';
import { AccessPolicy } from '../../src/policy/access.js';

const SYSTEM_PYTHON = '/usr/bin/python3';
const script = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
export const QT_DIALOGS = script('../../test/fixtures/toolkits/qtDialogs.py');
export const GTK_DIALOGS = script('../../test/fixtures/gtk/dialogs_app.py');
export const GTK4_DIALOGS = script('../../test/fixtures/gtk/dialogs4_app.py');
const X_READER = script('../../test/fixtures/x11/xtoplevels.py');
const FOCUS_READER = script('../../test/fixtures/x11/atspiFocus.py');

/** A long-lived line-oriented helper process: one request line, one JSON answer line. */
export class LineReader {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];

  constructor(path: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(SYSTEM_PYTHON, [path], { env, detached: true });
    this.child.stderr.resume();
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on('line', (line) => this.waiting.shift()?.(line));
  }

  ask<T>(request: string, deadlineMs = 30_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${request}`)), deadlineMs);
      this.waiting.push((line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line) as T);
      });
      this.child.stdin.write(`${request}\n`);
    });
  }

  stop(): Promise<void> {
    this.lines.close();
    return stopGroup(this.child);
  }
}

export interface XRead {
  managed: boolean;
  windows: { xid: number; title: string; pid: number | null }[];
}

/** The focus reader's answer: the focused elements, or why the read failed part way. */
export interface FocusRead {
  focused?: { name: string; role: string; window: string }[];
  error?: string;
}

export type Focused = NonNullable<FocusRead['focused']>;

const FOCUS_READ_ATTEMPTS = 3;

/**
 * A complete independent focus read of the app `pid`. A read that failed part way (a call the
 * app answered too late, an element gone mid-read) says nothing about the focus: it is read
 * again, and after FOCUS_READ_ATTEMPTS failures the error is thrown, never taken as "none".
 */
export async function readFocus(reader: Pick<LineReader, 'ask'>, pid: number): Promise<Focused> {
  let error = '';
  for (let attempt = 0; attempt < FOCUS_READ_ATTEMPTS; attempt++) {
    const answer = await reader.ask<FocusRead>(String(pid));
    if (answer.error === undefined) return answer.focused ?? [];
    error = answer.error;
  }
  throw new Error(`the independent focus read failed ${FOCUS_READ_ATTEMPTS} times: ${error}`);
}

export interface TruthStack {
  desktop: DesktopSession;
  backend: AtspiBackend;
  cache: UiCache;
  executor: Executor;
  app: LaunchedApp;
  /** Titles of the app's top-level windows in the X server, sorted. */
  xTitles(): Promise<string[]>;
  /** Titles of the app's windows in the cache, sorted. */
  cacheTitles(): string[];
  /** The focused elements an independent AT-SPI read finds in the app's showing windows. */
  focusRead(): Promise<Focused>;
  stop(): Promise<void>;
}

export async function startTruthStack(
  options: { windowManager: boolean; command: string; args: string[]; callTimeoutMs?: number },
  signal: AbortSignal,
): Promise<TruthStack> {
  const desktop = await startDesktop(signal, { windowManager: options.windowManager });
  const readers: LineReader[] = [];
  // Stopped before the desktop on a failed start too: its X connection must not outlive Xvfb.
  const backend = createAtspiBackend({
    env: desktop.env,
    a11yBusAddress: desktop.a11yBusAddress,
    ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
  });
  try {
    await backend.start(signal);
    const { app } = await launchAndWait(desktop, backend, options.command, options.args, signal);
    const config = loadConfig({});
    const cache = createCache(backend, config.cache);
    await cache.start(signal);
    const executor = createExecutor({
      backend,
      cache,
      policy: AccessPolicy.open(),
      config: config.executor,
    });
    const xReader = new LineReader(X_READER, desktop.env);
    const focusReader = new LineReader(FOCUS_READER, desktop.env);
    readers.push(xReader, focusReader);
    return {
      desktop,
      backend,
      cache,
      executor,
      app,
      xTitles: async () =>
        (await xReader.ask<XRead>('read')).windows
          .filter((w) => w.pid === app.pid)
          .map((w) => w.title)
          .sort(),
      cacheTitles: () =>
        cache
          .windowsList({ includeMinimized: true })
          .windows.filter((w) => w.pid === app.pid)
          .map((w) => w.title)
          .sort(),
      focusRead: () => readFocus(focusReader, app.pid),
      stop: async () => {
        await executor.stop();
        await cache.stop();
        await backend.stop();
        await Promise.all(readers.map((r) => r.stop()));
        await desktop.stop();
      },
    };
  } catch (err) {
    await backend.stop();
    await Promise.all(readers.map((r) => r.stop()));
    await desktop.stop();
    throw err;
  }
}

/** The cache's focused element as the independent read names it: (name, window title). */
export function cacheFocus(stack: TruthStack): { name: string; window: string } | null {
  const element = stack.cache.focused({}).element;
  if (element === null || element === undefined) return null;
  const win = stack.cache
    .windowsList({ includeMinimized: true })
    .windows.find((w) => w.ref === element.window);
  return { name: element.name, window: win?.title ?? '' };
}

/**
 * Compare the cache with the independent reads until they agree or `deadlineMs` passes, reading
 * again after each cache change (the reads are not atomic with each other); resolves with the
 * last reads, for the caller to assert on, and how long agreement took.
 */
export async function agreement(
  stack: TruthStack,
  deadlineMs: number,
): Promise<{ x: string[]; cache: string[]; focusOk: boolean; focus: unknown; waitedMs: number }> {
  const started = performance.now();
  for (;;) {
    const [x, read] = await Promise.all([
      stack.xTitles(),
      stack.focusRead().catch((err: unknown) => ({ error: String(err) })),
    ]);
    const cache = stack.cacheTitles();
    const mine = cacheFocus(stack);
    // A read that failed agrees with nothing: the loop reads again until the deadline.
    const focusOk = Array.isArray(read) && focusAgrees(read, mine);
    const waitedMs = performance.now() - started;
    const agreed = JSON.stringify(x) === JSON.stringify(cache) && focusOk;
    if (agreed || waitedMs > deadlineMs)
      return { x, cache, focusOk, focus: { focus: read, mine }, waitedMs };
    await nextChange(stack.cache);
  }
}

function focusAgrees(read: Focused, mine: { name: string; window: string } | null): boolean {
  if (mine === null) return read.length === 0;
  return read.some((f) => f.name === mine.name && f.window === mine.window);
}

/** The next cache patch batch, or 200 ms: the X server's own changes arrive without one. */
function nextChange(cache: UiCache): Promise<unknown> {
  return firstValueFrom(race(cache.patches$.pipe(map(() => 'patch')), timer(200)));
}

export { untilCache } from './cacheWait.js';
