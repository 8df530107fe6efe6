/**
 * What the desktop itself says, read without the server: X's own tools (xwininfo, xdotool,
 * xdpyinfo, xclip, setxkbmap) in their own processes, pyatspi through the line reader, and /proc.
 * The desktop-operations end-to-end test checks every MCP answer against these.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Rect } from '../../protocol/src/index.js';
import { xwininfoRect } from '../support/xwindow.js';

const exec = promisify(execFile);
const POLL_MS = 50;

export async function x(env: NodeJS.ProcessEnv, cmd: string, args: string[]): Promise<string> {
  return (await exec(cmd, args, { env, timeout: 10_000 })).stdout;
}

/** Whether a process runs (not a zombie), from /proc. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return !/^[ZX]$/.test(state);
  } catch {
    return false;
  }
}

/**
 * Wait until the process has ended, reading /proc under a deadline: a process the server
 * spawned is not this one's child, so there is no exit event to wait on.
 */
export async function ended(pid: number, deadlineMs = 15_000): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (running(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return true;
}

/** The mapped X windows of a process whose title contains `title`, now. */
export async function xWindows(env: NodeJS.ProcessEnv, pid: number, title: string) {
  const args = ['search', '--all', '--onlyvisible', '--pid', String(pid), '--name', title];
  const out = await x(env, 'xdotool', args).catch(() => '');
  return out.split('\n').filter((l) => /^\d+$/.test(l));
}

/**
 * The first mapped X window of a process whose title contains `title`, once mapped: the app
 * may tell AT-SPI of its window before the window manager has mapped it (xdotool's --sync
 * waits for the window; the call's deadline bounds it).
 */
export async function xWindowMapped(
  env: NodeJS.ProcessEnv,
  pid: number,
  title: string,
): Promise<string | undefined> {
  const args = [
    'search',
    '--sync',
    '--all',
    '--onlyvisible',
    '--pid',
    String(pid),
    '--name',
    title,
  ];
  const out = await x(env, 'xdotool', args).catch(() => '');
  return out.split('\n').find((l) => /^\d+$/.test(l));
}

/** A window's rectangle as the X server reports it (the client area, root coordinates). */
export async function xRect(env: NodeJS.ProcessEnv, xid: string): Promise<Rect> {
  return xwininfoRect(await x(env, 'xwininfo', ['-id', xid]));
}

/** The monitors as Xinerama heads (`xdpyinfo -ext XINERAMA`), in their order. */
export async function xMonitors(env: NodeJS.ProcessEnv): Promise<Rect[]> {
  const out = await x(env, 'xdpyinfo', ['-ext', 'XINERAMA']);
  return [...out.matchAll(/head #\d+: (\d+)x(\d+) @ (\d+),(\d+)/g)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
    x: Number(m[3]),
    y: Number(m[4]),
  }));
}

export function inside(r: Rect, outer: Rect): boolean {
  return (
    r.x >= outer.x &&
    r.y >= outer.y &&
    r.x + r.width <= outer.x + outer.width &&
    r.y + r.height <= outer.y + outer.height
  );
}

/** The CLIPBOARD selection's UTF-8 text, as xclip (another X client) receives it. */
export function xClipboard(env: NodeJS.ProcessEnv): Promise<string> {
  return x(env, 'xclip', ['-selection', 'clipboard', '-target', 'UTF8_STRING', '-o']);
}

/** The keyboard layout in force (`setxkbmap -query`). */
export async function xLayout(env: NodeJS.ProcessEnv): Promise<string> {
  const out = await x(env, 'setxkbmap', ['-query']);
  return /^layout:\s+(\S+)/m.exec(out)?.[1] ?? '';
}
