/**
 * Window ops and monitors through the method table over the sim, on a desktop of two monitors
 * (the second at 150%): each op answers the window as the desktop has it afterwards, checked
 * against the sim's own model (outside the server); bad input and the access policy change
 * nothing; clicks and captures land right on the second monitor.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MethodResult } from '../../../protocol/src/index.js';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import { createCache } from '../../../src/cache/index.js';
import { loadConfig } from '../../../src/config.js';
import type { Executor } from '../../../src/executor/api.js';
import { createExecutor } from '../../../src/executor/index.js';
import { AccessPolicy } from '../../../src/policy/access.js';
import { callTableMethod } from '../../../src/service/dispatch.js';
import { createHandlers, type HandlerTable } from '../../../src/service/handlers.js';
import { rejectionCode } from '../../support/errors.js';

const SECOND = { x: 1920, y: 0, width: 2880, height: 1620 };
const SECOND_WORK = { x: 1920, y: 0, width: 2880, height: 1560 };
const SCENE = {
  screen: { width: 4800, height: 1620 },
  monitors: [
    { rect: [0, 0, 1920, 1080] as [number, number, number, number], primary: true },
    {
      rect: [1920, 0, 2880, 1620] as [number, number, number, number],
      workArea: [1920, 0, 2880, 1560] as [number, number, number, number],
      scale: 1.5,
    },
  ],
  apps: [
    { kind: 'editor' as const, at: { x: 40, y: 40 } },
    { kind: 'settings' as const, at: { x: 880, y: 40 } },
  ],
};

type Parts = { sim: SimBackend; cache: UiCache; executor: Executor; table: HandlerTable };
let parts: Parts | undefined;
afterEach(async () => {
  await parts?.executor.stop();
  await parts?.cache.stop();
  await parts?.sim.stop();
  parts = undefined;
});

async function start(rules: { readOnly?: boolean; denyApps?: string[] } = {}): Promise<Parts> {
  const config = loadConfig({ backend: 'sim' });
  const signal = AbortSignal.timeout(10_000);
  const sim = createSimBackend({ scene: SCENE });
  await sim.start(signal);
  const cache = createCache(sim, config.cache);
  await cache.start(signal);
  const policy = new AccessPolicy({
    readOnly: rules.readOnly ?? false,
    dryRun: false,
    denyApps: rules.denyApps ?? [],
    captureEnabled: true,
  });
  const executor = createExecutor({ backend: sim, cache, policy, config: config.executor });
  const table = createHandlers({ backend: sim, cache, executor, config, policy });
  parts = { sim, cache, executor, table };
  return parts;
}

const ctx = () => ({ clientId: 'windows-test', signal: AbortSignal.timeout(10_000) });

function call<T = MethodResult<'windows.move'>>(p: Parts, name: string, params: unknown) {
  return callTableMethod(p.table, name, params, ctx()) as Promise<T>;
}

/** The settings window as the sim itself has it (not through the server). */
function truth(p: Parts): { rect: unknown; minimized: boolean; maximized: boolean; fg: boolean } {
  const win = p.sim.desktop.zOrder.find((w) => w.name === 'Settings');
  if (win === undefined) throw new Error('Settings is not open');
  return {
    rect: win.rect,
    minimized: win.states.has('minimized'),
    maximized: win.states.has('maximized'),
    fg: p.sim.desktop.foreground === win,
  };
}

describe('windows.* on the sim', () => {
  it('lists both monitors with work area, scale and primary flag', async () => {
    const p = await start();
    const r = await call<MethodResult<'screen.monitors'>>(p, 'screen.monitors', {});
    expect(r.space).toBe('physical');
    expect(r.monitors).toEqual([
      { index: 0, rect: { x: 0, y: 0, width: 1920, height: 1080 }, scale: 1, primary: true },
      { index: 1, rect: SECOND, workArea: SECOND_WORK, scale: 1.5, primary: false },
    ]);
  });

  it('moves and resizes, answering the rect as read back, on the second monitor', async () => {
    const p = await start();
    const moved = await call(p, 'windows.move', { window: 'Settings', x: 2000, y: 100 });
    expect(moved.rect).toMatchObject({ x: 2000, y: 100 });
    expect(moved.monitor).toBe(1);
    expect(truth(p).rect).toMatchObject({ x: 2000, y: 100 });
    const sized = await call(p, 'windows.resize', { window: 'Settings', width: 700, height: 500 });
    expect(sized.rect).toEqual({ x: 2000, y: 100, width: 700, height: 500 });
    expect(truth(p).rect).toEqual(sized.rect);
    const list = await call<MethodResult<'windows.list'>>(p, 'windows.list', {});
    const listed = list.windows.find((w) => w.title === 'Settings');
    expect(listed).toMatchObject({ monitor: 1, state: 'normal', rect: sized.rect });
  });

  it('maximizes onto its monitor work area, fullscreens, minimizes and restores', async () => {
    const p = await start();
    await call(p, 'windows.move', { window: 'Settings', x: 2000, y: 100 });
    const before = truth(p).rect;
    const max = await call(p, 'windows.setState', { window: 'Settings', state: 'maximized' });
    expect(max).toMatchObject({ state: 'maximized', rect: SECOND_WORK, monitor: 1 });
    expect(truth(p)).toMatchObject({ maximized: true, rect: SECOND_WORK });
    const full = await call(p, 'windows.setState', { window: 'Settings', state: 'fullscreen' });
    expect(full).toMatchObject({ state: 'fullscreen', rect: SECOND });
    const min = await call(p, 'windows.setState', { window: 'Settings', state: 'minimized' });
    expect(min.state).toBe('minimized');
    expect(truth(p).minimized).toBe(true);
    const listed = await call<MethodResult<'windows.list'>>(p, 'windows.list', {});
    expect(listed.windows.find((w) => w.title === 'Settings')?.state).toBe('minimized');
    const normal = await call(p, 'windows.setState', { window: 'Settings', state: 'normal' });
    expect(normal).toMatchObject({ state: 'normal', rect: before, foreground: true });
    expect(truth(p)).toMatchObject({ minimized: false, maximized: false, rect: before });
  });

  it('activates (z-order 0) and closes', async () => {
    const p = await start();
    await call(p, 'windows.activate', { window: 'Editor' });
    expect(truth(p).fg).toBe(false);
    const act = await call(p, 'windows.activate', { window: 'Settings' });
    expect(act.foreground).toBe(true);
    expect(truth(p).fg).toBe(true);
    const list = await call<MethodResult<'windows.list'>>(p, 'windows.list', {});
    expect(list.windows.find((w) => w.title === 'Settings')?.z).toBe(0);
    expect(list.windows.find((w) => w.title !== 'Settings')?.z).toBe(1);
    const closed = await call(p, 'windows.close', { window: 'Settings' });
    expect(closed).toMatchObject({ closed: true, rect: null });
    expect(p.sim.desktop.zOrder.some((w) => w.name === 'Settings')).toBe(false);
  });

  it('refuses a move off every monitor and changes nothing', async () => {
    const p = await start();
    const before = truth(p).rect;
    const err = await rejectionCode(
      call(p, 'windows.move', { window: 'Settings', x: 6000, y: 2000 }),
    );
    expect(err).toBe('invalid_params');
    expect(truth(p).rect).toEqual(before);
  });

  it('refuses window ops in read-only mode and on a denied app', async () => {
    const ro = await start({ readOnly: true });
    const before = truth(ro).rect;
    const refused = await rejectionCode(
      call(ro, 'windows.move', { window: 'Settings', x: 10, y: 10 }),
    );
    expect(refused).toBe('read_only');
    expect(truth(ro).rect).toEqual(before);
    await ro.executor.stop();
    await ro.cache.stop();
    await ro.sim.stop();
    const denied = await start({ denyApps: ['settings'] });
    const err = await rejectionCode(call(denied, 'windows.close', { window: 'Settings' }));
    expect(err).toBe('forbidden_target');
    expect(denied.sim.desktop.zOrder.some((w) => w.name === 'Settings')).toBe(true);
  });

  it('clicks and captures right on the 150% monitor', async () => {
    const p = await start();
    await call(p, 'windows.move', { window: 'Settings', x: 2400, y: 300 });
    const id = p.sim.control.find('settings.notifications');
    const box = id === undefined ? undefined : p.sim.desktop.get(id);
    if (box?.rect == null) throw new Error('no check box');
    const wasChecked = box.states.has('checked');
    const x = box.rect.x + box.rect.width / 2;
    const y = box.rect.y + box.rect.height / 2;
    expect(x).toBeGreaterThan(SECOND.x);
    await callTableMethod(p.table, 'actions.click', { target: { x, y }, allowInput: true }, ctx());
    expect(box.states.has('checked')).toBe(!wasChecked);
    const shot = await call<MethodResult<'screen.capture'>>(p, 'screen.capture', {
      monitorIndex: 1,
      format: 'png',
    });
    expect(shot.rect).toEqual(SECOND);
    expect([shot.width, shot.height]).toEqual([SECOND.width, SECOND.height]);
  });
});
