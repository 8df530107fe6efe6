/**
 * Launch benchmark (one JSON line): apps.launch with waitFor "window" (answered once the window's
 * content is in the cache) as a ratio to the app's own time to map that window, both from the
 * same start in the same run. The map is seen by a separate X connection in its own process
 * (bench/launch/mapWatch.py: the client's MapNotify), not by the server. GTK 3 and Qt 5 drag
 * fixtures under openbox; median of TRIALS per toolkit, with the spread.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';
import { composeServices, type Services } from '../../src/app.js';
import { createAtspiBackend } from '../../src/backends/atspi/index.js';
import { loadConfig } from '../../src/config.js';
import { round, trialsOf } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const TRIALS = 5;
const PYTHON = '/usr/bin/python3';
const fixture = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const APPS = {
  gtk3: fixture('../../test/fixtures/gtk/dnd_app.py'),
  qt5: fixture('../../test/fixtures/toolkits/qtDnd.py'),
} as const;

interface Mapped {
  xid: number;
  pid: number | null;
  t: number;
}

/** The map watcher: its MapNotify lines, by pid, as they come. */
async function watchMaps(desktop: DesktopSession) {
  const child = spawn(PYTHON, [fixture('./mapWatch.py')], { env: desktop.env });
  child.stderr.resume();
  const byPid = new Map<number, Mapped>();
  const waiting = new Map<number, (m: Mapped) => void>();
  const lines = createInterface({ input: child.stdout });
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (ready = resolve));
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    const m = JSON.parse(line) as Mapped;
    if (m.pid === null || byPid.has(m.pid)) return;
    byPid.set(m.pid, m);
    waiting.get(m.pid)?.(m);
  });
  await started;
  return {
    /** The first map of a window of `pid` (already seen or still to come). */
    mapOf(pid: number): Promise<Mapped> {
      const seen = byPid.get(pid);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.set(pid, resolve));
    },
    stop: () => void child.kill(),
  };
}

/** Wall-clock ms since the epoch, sub-millisecond, comparable with the watcher's time.time(). */
const now = (): number => performance.timeOrigin + performance.now();

async function trial(services: Services, maps: Awaited<ReturnType<typeof watchMaps>>, app: string) {
  const ctx = { clientId: 'bench', signal: AbortSignal.timeout(60_000) };
  const start = now();
  const launched = await services.handlers['apps.launch'](
    {
      path: PYTHON,
      args: [app, '--title', `Launch ${start}`],
      waitFor: 'window',
      timeoutMs: 30_000,
    },
    ctx,
  );
  const answered = now();
  const pid = launched.app.pid;
  if (pid === undefined || launched.window === null) throw new Error('launch answered no window');
  const mapped = await Promise.race([
    maps.mapOf(pid),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no MapNotify for pid ${pid}`)), 10_000),
    ),
  ]);
  await services.handlers['apps.close']({ app: String(pid), force: true }, ctx);
  return { launchMs: answered - start, mapMs: mapped.t - start };
}

async function measure(
  services: Services,
  maps: Awaited<ReturnType<typeof watchMaps>>,
  app: string,
) {
  // One launch first: the disk cache and Python's bytecode are warm for every measured trial.
  await trial(services, maps, app);
  const launch: number[] = [];
  const map: number[] = [];
  for (let i = 0; i < TRIALS; i++) {
    const t = await trial(services, maps, app);
    launch.push(t.launchMs);
    map.push(t.mapMs);
  }
  return {
    launchMs: trialsOf(launch.map((x) => round(x, 1))),
    mapMs: trialsOf(map.map((x) => round(x, 1))),
    launchVsMap: trialsOf(launch.map((x, i) => x / (map[i] as number))),
  };
}

async function main(): Promise<void> {
  const signal = AbortSignal.timeout(60_000);
  const desktop = await startDesktop(signal, { windowManager: true });
  const backend = createAtspiBackend({ env: desktop.env, a11yBusAddress: desktop.a11yBusAddress });
  const maps = await watchMaps(desktop);
  try {
    await backend.start(signal);
    const services = composeServices(backend, loadConfig({ backend: 'atspi' }));
    await services.store.start(signal);
    try {
      const gtk3 = await measure(services, maps, APPS.gtk3);
      const qt5 = await measure(services, maps, APPS.qt5);
      printLine('launch', { trials: TRIALS, windowManager: 'openbox', gtk3, qt5 });
    } finally {
      await services.executor.stop();
      await services.store.stop();
    }
  } finally {
    maps.stop();
    await backend.stop();
    await desktop.stop();
  }
}

await main();
