/**
 * Ways to start a UIA host: a child process (the default: it survives a native crash of the
 * host and a hung host can be killed) or a worker thread (cheaper messages, but a crash takes
 * the server down and a thread stuck in a native call can only be abandoned). docs/windows.md
 * records the measurements behind the default.
 */
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FromHost, ToHost } from './uiaHostProtocol.js';

/** The supervisor's end of one running host. */
export interface HostChannel {
  send(message: ToHost): void;
  onMessage(handler: (message: FromHost) => void): void;
  /** Called once when the host is gone, whatever the cause. */
  onExit(handler: (reason: string) => void): void;
  /** End the host now (it may be stuck in a native call). */
  kill(): void;
}

export interface HostLaunch {
  /** Host entry module (a file path). */
  module: string;
  /** Node flags for the host, e.g. ['--import', 'tsx'] when running from TypeScript sources. */
  execArgv?: string[];
  /** Arguments passed to the host module. */
  args?: string[];
  /** 'process' (default) or 'worker'. */
  mode?: 'process' | 'worker';
  /**
   * Where the host's stderr goes: this process's (default), nowhere, or appended to a file (process
   * mode; a worker's stderr is this process's, so it is then kept away). A file keeps what a host
   * wrote before it died, e.g. Node's own fatal errors; under Wine, writing to the parent's
   * stderr fails, and a native crash's line goes to Wine's log, not here.
   */
  stderr?: 'inherit' | 'ignore' | { file: string };
}

function stderrOf(launch: HostLaunch): 'ignore' | 'inherit' | number {
  const stderr = launch.stderr ?? 'inherit';
  return typeof stderr === 'string' ? stderr : openSync(stderr.file, 'a');
}

function processChannel(launch: HostLaunch): HostChannel {
  const stderr = stderrOf(launch);
  const child = fork(launch.module, launch.args ?? [], {
    execArgv: launch.execArgv ?? [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', stderr, 'ipc'],
  });
  // The child holds its own copy of the file descriptor.
  if (typeof stderr === 'number') closeSync(stderr);
  let exitHandler: ((reason: string) => void) | undefined;
  let exited: string | undefined;
  const exit = (reason: string): void => {
    if (exited !== undefined) return;
    exited = reason;
    exitHandler?.(reason);
  };
  child.on('exit', (code, signal) => exit(`host exited (${signal ?? `code ${String(code)}`})`));
  child.on('error', (err) => exit(`host failed: ${err.message}`));
  return {
    send: (message) => {
      if (child.connected) child.send(message);
    },
    onMessage: (handler) => child.on('message', (m) => handler(m as FromHost)),
    onExit: (handler) => {
      exitHandler = handler;
      if (exited !== undefined) handler(exited);
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}

function workerChannel(launch: HostLaunch): HostChannel {
  const worker = new Worker(launch.module, {
    execArgv: launch.execArgv ?? [],
    argv: launch.args ?? [],
    stderr: (launch.stderr ?? 'inherit') !== 'inherit',
  });
  let exitHandler: ((reason: string) => void) | undefined;
  let exited: string | undefined;
  const exit = (reason: string): void => {
    if (exited !== undefined) return;
    exited = reason;
    exitHandler?.(reason);
  };
  worker.on('exit', (code) => exit(`host worker exited (code ${code})`));
  worker.on('error', (err) => exit(`host worker failed: ${err.message}`));
  return {
    send: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.on('message', (m) => handler(m as FromHost)),
    onExit: (handler) => {
      exitHandler = handler;
      if (exited !== undefined) handler(exited);
    },
    // A thread blocked in a native call cannot be stopped; terminate() is abandoned then.
    kill: () => {
      void worker.terminate().catch(() => undefined);
      exit('host worker terminated');
    },
  };
}

/** Start one host as described. */
export function launchHost(launch: HostLaunch): HostChannel {
  return launch.mode === 'worker' ? workerChannel(launch) : processChannel(launch);
}
