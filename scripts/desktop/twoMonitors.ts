/**
 * A headless display with two monitors side by side (1280x1024 each, one 2560x1024 root): Xvfb's
 * RandR ignores `xrandr --setmonitor` and its Xinerama stacks every screen at 0,0, so a nested
 * Xephyr with two screens joined by Xinerama draws into a hidden Xvfb. Window managers and apps
 * see two Xinerama heads, as on a two-monitor desk; XTEST and XKB work as on Xvfb.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { firstLine } from './processes.js';

const MONITOR = { width: 1280, height: 1024 };

async function displayOf(child: ChildProcess, what: string, ms: number, signal?: AbortSignal) {
  const number = await firstLine(child, child.stdio[3] ?? null, what, ms, signal);
  if (!/^\d+$/.test(number)) throw new Error(`${what}: bad display ${number}`);
  return `:${number}`;
}

/** Start the hidden host and the two-monitor display on it; both go into `owned`, in order. */
export async function startTwoMonitorDisplay(
  owned: ChildProcess[],
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<string> {
  const stdio = ['ignore', 'ignore', 'pipe', 'pipe'] as const;
  const size = `${MONITOR.width * 2}x${MONITOR.height}x24`;
  const host = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', size, '-nolisten', 'tcp'], {
    stdio: [...stdio],
  });
  owned.push(host);
  const hostDisplay = await displayOf(host, 'Xvfb (Xephyr host) display', deadlineMs, signal);
  const screen = (x: number): string => `${MONITOR.width}x${MONITOR.height}+${x}+0`;
  const nested = spawn(
    'Xephyr',
    [
      ...['-displayfd', '3', '+xinerama', '-nolisten', 'tcp', '-noreset'],
      ...['-screen', screen(0), '-screen', screen(MONITOR.width)],
    ],
    { stdio: [...stdio], env: { ...process.env, DISPLAY: hostDisplay } },
  );
  owned.push(nested);
  return displayOf(nested, 'Xephyr display', deadlineMs, signal);
}
