/**
 * The X server read from outside the server under test, by X's own tools in their own
 * processes (xwininfo, xprop, xdotool), for tests that check what an action did to a window.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Run an X tool against the test's display; its standard output. */
export async function x(env: NodeJS.ProcessEnv, cmd: string, args: string[]): Promise<string> {
  return (await run(cmd, args, { env, timeout: 10_000 })).stdout;
}

/** The first X window of a process whose name matches `namePattern` (an xdotool regex). */
export async function xidOf(
  env: NodeJS.ProcessEnv,
  pid: number,
  namePattern: string,
): Promise<string> {
  const out = await x(env, 'xdotool', [
    'search',
    '--all',
    '--pid',
    String(pid),
    '--name',
    namePattern,
  ]);
  const ids = out.split('\n').filter((l) => /^\d+$/.test(l));
  if (ids.length === 0) throw new Error(`no X window "${namePattern}" of pid ${pid}`);
  return ids[0] as string;
}

/** A window's absolute rectangle as `xwininfo -id` prints it. */
export function xwininfoRect(info: string): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const num = (label: string): number =>
    Number(new RegExp(`${label}:\\s+(-?\\d+)`).exec(info)?.[1]);
  return {
    x: num('Absolute upper-left X'),
    y: num('Absolute upper-left Y'),
    width: num('Width'),
    height: num('Height'),
  };
}

/** The active window (_NET_ACTIVE_WINDOW) as a hex id, if the window manager names one. */
export async function xActiveWindow(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const root = await x(env, 'xprop', ['-root', '_NET_ACTIVE_WINDOW']);
  return /window id # (0x[0-9a-f]+)/.exec(root)?.[1];
}
