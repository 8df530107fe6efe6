/**
 * The X11 window watcher hurried by an action: with its usual pace set beyond the test (so only
 * the hurried drains can see anything), a window mapped during the hurry is reported, and the
 * hurried pace ends once its time is up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { X11WindowWatcher, type XWindowView } from '../../src/backends/x11/index.js';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';

const NEVER_MS = 3_600_000;
let desktop: DesktopSession;
const apps: ChildProcess[] = [];

beforeAll(async () => {
  desktop = await startDesktop(AbortSignal.timeout(30_000));
}, 60_000);
afterAll(async () => {
  for (const app of apps) app.kill();
  await desktop.stop();
});

const titled = (view: XWindowView, title: string): boolean =>
  view.windows.some((w) => w.title === title);

it('reports a window mapped while hurried, though its usual pace never drains', async () => {
  let seen: () => void = () => undefined;
  const shown = new Promise<void>((resolve) => (seen = resolve));
  const watcher = new X11WindowWatcher(desktop.env, {
    pollMs: NEVER_MS,
    onChange: (view) => titled(view, 'hurried') && seen(),
  });
  expect(watcher.start()).toBe(true);
  try {
    watcher.hurry(30_000);
    apps.push(spawn('xlogo', ['-title', 'hurried'], { env: desktop.env, stdio: 'ignore' }));
    await Promise.race([
      shown,
      new Promise((_r, reject) => setTimeout(() => reject(new Error('not seen')), 20_000)),
    ]);
    expect(watcher.hurrying).toBe(true);
  } finally {
    watcher.stop();
  }
  expect(watcher.hurrying).toBe(false);
}, 30_000);

it('returns to its usual pace once the hurry is over', async () => {
  const watcher = new X11WindowWatcher(desktop.env, { pollMs: NEVER_MS, onChange: () => {} });
  expect(watcher.start()).toBe(true);
  try {
    watcher.hurry(50);
    expect(watcher.hurrying).toBe(true);
    await vi.waitFor(() => expect(watcher.hurrying).toBe(false), { timeout: 5_000 });
  } finally {
    watcher.stop();
  }
}, 30_000);
