/**
 * The fleet bench's child processes (node processes, the control publisher): started under
 * tsx with an IPC channel, killed if the bench process exits first, and answered one message
 * at a time within a deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type ChildMessage = Record<string, unknown>;

/** `node [nodeFlags] --import tsx script ...args`, its stderr shown, killed when we exit. */
export function spawnChild(script: string, args: string[], nodeFlags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const kill = (): void => void child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}

/** The child's next message that passes `test`, within a deadline; its exit rejects. */
export function nextMessage(
  child: ChildProcess,
  test: (m: ChildMessage) => boolean,
  deadlineMs: number,
  what: string,
): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown): void => {
      if (!test(m as ChildMessage)) return;
      done();
      resolve(m as ChildMessage);
    };
    const onExit = (code: number | null): void => {
      done();
      reject(new Error(`${what} exited ${code}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what} did not answer within ${deadlineMs} ms`));
    }, deadlineMs);
    const done = (): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
