/**
 * windows.* on real toolkits (GTK 3 and Qt 5), under openbox and without a window manager:
 * every op goes through the executor as a client's call does, and its answer is checked
 * against the X server as read from outside the server (xwininfo, xprop, xdotool).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMethod, type WindowOpResult } from '../../protocol/src/index.js';
import type { WindowOpMethod } from '../../src/executor/window-op.js';
import { rejectionCode } from '../support/errors.js';
import { x, xActiveWindow, xidOf, xwininfoRect } from '../support/xwindow.js';
import { startTruthStack, type TruthStack } from './windowTruth.js';
import { GTK_FIXTURE, QT_FIXTURE, type Fixture } from './windowTruthCycles.js';

const SETUP_MS = 60_000;
const folder = mkdtempSync(join(tmpdir(), 'uistream-winops-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What the X server says about a window, read by X's own tools in their own processes. */
interface Outside {
  rect: { x: number; y: number; width: number; height: number };
  viewable: boolean;
  netState: string;
  iconic: boolean;
  active: boolean;
}

async function outside(env: NodeJS.ProcessEnv, xid: string): Promise<Outside> {
  const info = await x(env, 'xwininfo', ['-id', xid]);
  const props = await x(env, 'xprop', ['-id', xid, '_NET_WM_STATE', 'WM_STATE']);
  const active = await xActiveWindow(env);
  return {
    rect: xwininfoRect(info),
    viewable: /Map State: IsViewable/.test(info),
    netState: /_NET_WM_STATE\(ATOM\) = (.*)/.exec(props)?.[1] ?? '',
    iconic: /window state: Iconic/.test(props),
    active: active !== undefined && Number(active) === Number(xid),
  };
}

function op(stack: TruthStack, method: WindowOpMethod, params: object): Promise<WindowOpResult> {
  const ctx = { clientId: 'window-ops', signal: AbortSignal.timeout(15_000) };
  const parsed = getMethod(method)?.params.parse(params);
  return stack.executor.windowOp(method, parsed as never, ctx);
}

function suite(fixture: Fixture, windowManager: boolean): void {
  const wm = windowManager ? 'openbox' : 'no window manager';
  describe(`${fixture.toolkit} window ops, ${wm}`, () => {
    let stack: TruthStack;
    let xid: string;
    /** The title first; then the ref the first answer gave (Qt renames a minimized window). */
    let w = fixture.title;
    beforeAll(async () => {
      const signal = AbortSignal.timeout(SETUP_MS);
      const options = { windowManager, command: fixture.command, args: fixture.args(folder) };
      stack = await startTruthStack(options, signal);
      xid = await xidOf(stack.desktop.env, stack.app.pid, fixture.title);
    }, SETUP_MS + 5_000);
    afterAll(() => stack?.stop());

    it('moves and resizes: the answer is what X reports', async () => {
      const moved = await op(stack, 'windows.move', { window: w, x: 210, y: 130 });
      w = moved.window;
      let seen = await outside(stack.desktop.env, xid);
      expect(moved.rect).toMatchObject({ x: seen.rect.x, y: seen.rect.y });
      expect(seen.rect).toMatchObject({ x: 210, y: 130 });
      const sized = await op(stack, 'windows.resize', { window: w, width: 640, height: 480 });
      seen = await outside(stack.desktop.env, xid);
      expect(sized.rect).toEqual(seen.rect);
      expect(seen.rect).toMatchObject({ width: 640, height: 480 });
    });

    it('maximizes, fullscreens and restores', async () => {
      const before = (await outside(stack.desktop.env, xid)).rect;
      const max = await op(stack, 'windows.setState', { window: w, state: 'maximized' });
      let seen = await outside(stack.desktop.env, xid);
      expect(max.state).toBe('maximized');
      expect(max.rect).toEqual(seen.rect);
      if (windowManager)
        expect(seen.netState).toMatch(
          /MAXIMIZED_VERT.*MAXIMIZED_HORZ|MAXIMIZED_HORZ.*MAXIMIZED_VERT/,
        );
      expect(seen.rect.width).toBeGreaterThan(before.width);
      const full = await op(stack, 'windows.setState', { window: w, state: 'fullscreen' });
      seen = await outside(stack.desktop.env, xid);
      expect(full).toMatchObject({ state: 'fullscreen', rect: seen.rect });
      expect(seen.rect).toMatchObject({ x: 0, y: 0, width: 1280, height: 1024 });
      if (windowManager) expect(seen.netState).toContain('_NET_WM_STATE_FULLSCREEN');
      const normal = await op(stack, 'windows.setState', { window: w, state: 'normal' });
      seen = await outside(stack.desktop.env, xid);
      expect(normal).toMatchObject({ state: 'normal', rect: seen.rect });
      // The size comes back exactly; openbox may put the origin back off by its decoration.
      expect(seen.rect).toMatchObject({ width: before.width, height: before.height });
      expect(Math.abs(seen.rect.x - before.x) + Math.abs(seen.rect.y - before.y)).toBeLessThan(32);
      expect(seen.netState).not.toMatch(/MAXIMIZED|FULLSCREEN/);
    });

    it('minimizes, then activation brings it back to the front', async () => {
      if (!windowManager) {
        const refused = op(stack, 'windows.setState', { window: w, state: 'minimized' });
        expect(await rejectionCode(refused)).toBe('not_supported');
        expect((await outside(stack.desktop.env, xid)).viewable).toBe(true);
      } else {
        const min = await op(stack, 'windows.setState', { window: w, state: 'minimized' });
        const seen = await outside(stack.desktop.env, xid);
        expect(min.state).toBe('minimized');
        expect(seen).toMatchObject({ viewable: false, iconic: true });
      }
      const act = await op(stack, 'windows.activate', { window: w });
      const seen = await outside(stack.desktop.env, xid);
      expect(act).toMatchObject({ state: 'normal', foreground: true });
      expect(seen.viewable).toBe(true);
      if (windowManager) expect(seen.active).toBe(true);
    });

    it('closes: the X window is gone', async () => {
      const closed = await op(stack, 'windows.close', { window: w });
      expect(closed).toMatchObject({ closed: true, rect: null });
      const left = await x(stack.desktop.env, 'xdotool', [
        'search',
        '--all',
        '--onlyvisible',
        '--pid',
        String(stack.app.pid),
        '--name',
        fixture.title,
      ]).catch(() => '');
      expect(left.trim()).toBe('');
    });
  });
}

suite(GTK_FIXTURE, true);
suite(QT_FIXTURE, true);
suite(GTK_FIXTURE, false);
