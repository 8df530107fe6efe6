/**
 * Shell entry for humans (through run.sh): start a fresh headless desktop, launch apps with
 * accessibility on and wait until each shows a registered window, then run a command inside the
 * session and stop everything by PID when it ends (or on Ctrl+C).
 *
 *   scripts/desktop/run.sh [--app "gtk3-widget-factory"]... [-- command args...]
 *
 * Without a command the session stays up, printing its environment, until interrupted.
 */
import { spawn } from 'node:child_process';
import { createBackend } from '../../src/backends/index.js';
import { loadConfig } from '../../src/config.js';
import { waitForAppWindow } from './apps.js';
import { startDesktop, type DesktopSession } from './session.js';

interface Invocation {
  apps: string[][];
  command: string[];
}

function parse(argv: readonly string[]): Invocation {
  const apps: string[][] = [];
  let i = 0;
  for (; i < argv.length && argv[i] !== '--'; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg !== '--app' || value === undefined) {
      throw new Error(
        `usage: run.sh [--app "<command args>"]... [-- command args...] (got ${arg ?? ''})`,
      );
    }
    apps.push(value.split(' ').filter((part) => part !== ''));
    i++;
  }
  return { apps, command: argv.slice(i + 1) };
}

/** Launch the apps and wait for each one's window through a short-lived atspi backend. */
async function launchApps(
  desktop: DesktopSession,
  apps: string[][],
  signal: AbortSignal,
): Promise<void> {
  if (apps.length === 0) return;
  Object.assign(process.env, desktop.env);
  const { backend } = await createBackend(loadConfig({ backend: 'atspi' }));
  await backend.start(signal);
  try {
    for (const [command, ...args] of apps) {
      if (command === undefined) continue;
      const app = desktop.launch(command, args);
      const window = await waitForAppWindow(backend, app, signal);
      process.stderr.write(`desktop: ${command} (pid ${app.pid}) shows "${window.props.name}"\n`);
    }
  } finally {
    await backend.stop();
  }
}

function runCommand(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [file, ...args] = command;
  if (file === undefined) return new Promise(() => undefined);
  const child = spawn(file, args, { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`desktop: cannot run ${file}: ${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

async function main(): Promise<number> {
  const invocation = parse(process.argv.slice(2));
  const desktop = await startDesktop(AbortSignal.timeout(30_000));
  let code: number;
  try {
    await launchApps(desktop, invocation.apps, AbortSignal.timeout(60_000));
    const { DISPLAY, DBUS_SESSION_BUS_ADDRESS, AT_SPI_BUS_ADDRESS } = desktop.env;
    process.stderr.write(
      `desktop: DISPLAY=${DISPLAY ?? ''} DBUS_SESSION_BUS_ADDRESS=${DBUS_SESSION_BUS_ADDRESS ?? ''} AT_SPI_BUS_ADDRESS=${AT_SPI_BUS_ADDRESS ?? ''}\n`,
    );
    if (invocation.command.length === 0) {
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      code = 0;
    } else {
      code = await runCommand(invocation.command, desktop.env);
    }
  } finally {
    await desktop.stop();
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`desktop: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
