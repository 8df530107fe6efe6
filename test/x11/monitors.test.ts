/**
 * The X11 screen's monitors against what xdpyinfo (another X client) says: a two-head desktop
 * (Xinerama, scripts/desktop/twoMonitors.ts) reports both heads in Xinerama's order, a
 * one-screen desktop the whole screen.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { X11Screen } from '../../src/backends/x11/index.js';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';

const run = promisify(execFile);
const desktops: DesktopSession[] = [];
afterAll(() => Promise.all(desktops.map((d) => d.stop())));

async function start(twoMonitors: boolean): Promise<DesktopSession> {
  const desktop = await startDesktop(AbortSignal.timeout(30_000), { twoMonitors });
  desktops.push(desktop);
  return desktop;
}

it('reports both Xinerama heads of a two-monitor desktop', async () => {
  const desktop = await start(true);
  const out = (await run('xdpyinfo', ['-ext', 'XINERAMA'], { env: desktop.env })).stdout;
  const heads = [...out.matchAll(/head #\d+: (\d+)x(\d+) @ (\d+),(\d+)/g)].map((m) => ({
    x: Number(m[3]),
    y: Number(m[4]),
    width: Number(m[1]),
    height: Number(m[2]),
  }));
  expect(heads).toHaveLength(2);
  const monitors = await new X11Screen(desktop.env).monitors();
  expect(monitors.map((m) => m.rect)).toEqual(heads);
  expect(monitors.map((m) => [m.index, m.primary])).toEqual([
    [0, true],
    [1, false],
  ]);
}, 60_000);

it('reports a one-screen desktop as one monitor, the whole screen', async () => {
  const desktop = await start(false);
  const out = (await run('xwininfo', ['-root'], { env: desktop.env })).stdout;
  const width = Number(/Width: (\d+)/.exec(out)?.[1]);
  const height = Number(/Height: (\d+)/.exec(out)?.[1]);
  const monitors = await new X11Screen(desktop.env).monitors();
  expect(monitors).toEqual([
    { index: 0, rect: { x: 0, y: 0, width, height }, scale: 1, primary: true },
  ]);
}, 60_000);
