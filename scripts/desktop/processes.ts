/**
 * Child-process plumbing for the headless desktop: read a readiness line under a deadline, run a
 * short command for its output, and stop a child by its PID with escalation. Every wait has a
 * deadline; nothing is found or killed by name.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

const STOP_GRACE_MS = 2_000;

/** Resolves with the exit code once the child has exited (null when killed by a signal). */
export function waitExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode ?? -1));
  });
}

/**
 * The first line a child writes to `stream`: its readiness report. Rejects when the child exits
 * or fails to start first, on the deadline, or when `signal` fires.
 */
export function firstLine(
  child: ChildProcess,
  stream: Readable | Writable | null,
  what: string,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => finish(new Error(`${what}: none within ${deadlineMs} ms`)),
      deadlineMs,
    );
    const onAbort = (): void => finish(new Error(`${what}: aborted`));
    const onExit = (): void => finish(new Error(`${what}: the process exited first`));
    const onError = (err: Error): void => finish(new Error(`${what}: ${err.message}`));
    const onData = (chunk: Buffer | string): void => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) finish(buffered.slice(0, newline).trim());
    };
    function finish(result: string | Error): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      child.off('exit', onExit);
      child.off('error', onError);
      stream?.off('data', onData);
      if (typeof result === 'string') resolve(result);
      else reject(result);
    }
    if (stream === null) return finish(new Error(`${what}: no stream`));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('exit', onExit);
    child.once('error', onError);
    stream.on('data', onData);
  });
}

/** Run a short command and return its stdout; rejects with its stderr on failure. */
export function execText(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      [...args],
      { env, timeout: 15_000, ...(signal ? { signal } : {}) },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${command} ${args[0] ?? ''} failed: ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** Stop a child by its PID: SIGTERM, then SIGKILL if it is still there after a grace period. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = waitExit(child);
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_GRACE_MS);
  });
  const outcome = await Promise.race([exited, graceOver]);
  clearTimeout(timer);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

const GROUP_POLL_MS = 50;

/** Whether any process of the group `pgid` is still alive (signal 0 probes without harm). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // The group is gone already.
  }
}

/**
 * Stop a child started as the leader of its own process group, and every process it started
 * (a browser's renderers, zygote and crash handler outlive the browser process by a moment and
 * still write to its profile). Other processes signal no exit to us, so the group is polled.
 */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const pgid = child.pid;
  await stopChild(child);
  if (pgid === undefined) return;
  signalGroup(pgid, 'SIGTERM');
  if (await groupGone(pgid, STOP_GRACE_MS)) return;
  signalGroup(pgid, 'SIGKILL');
  // Bounded: a zombie whose parent never reaps it (no init in a container) still answers.
  await groupGone(pgid, STOP_GRACE_MS);
}

async function groupGone(pgid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (groupAlive(pgid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
  return !groupAlive(pgid);
}
