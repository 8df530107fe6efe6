/**
 * windows.*: every op answers the window as read back, and that answer equals what the platform
 * says when asked from outside the server; windows.list agrees too; a move off every monitor is
 * refused and changes nothing.
 */
import { expect } from 'vitest';
import type { DesktopSpec } from '../fixture.js';
import { call, centreOf, contains, listed, seen } from './calls.js';

export const windowSpecs: DesktopSpec[] = [
  {
    id: 'windows.move',
    title: 'move answers the new origin as the platform reports it',
    async run(fx) {
      const { ref } = await listed(fx);
      const before = await seen(fx);
      const to = { x: before.rect.x + 37, y: before.rect.y + 23 };
      const moved = await call(fx, 'windows.move', { window: ref, ...to });
      const after = await seen(fx);
      expect(moved.rect).toEqual(after.rect);
      expect(after.rect).toMatchObject(to);
      expect(moved).toMatchObject({ state: 'normal', closed: false });
    },
  },
  {
    id: 'windows.resize',
    title: 'resize answers the new size as the platform reports it',
    async run(fx) {
      const { ref } = await listed(fx);
      const sized = await call(fx, 'windows.resize', { window: ref, width: 420, height: 340 });
      const after = await seen(fx);
      expect(sized.rect).toEqual(after.rect);
      expect(after.rect).toMatchObject({ width: 420, height: 340 });
    },
  },
  {
    id: 'windows.maximize-normal',
    title: 'maximized grows the window and says so; normal gives the size back',
    async run(fx) {
      const { ref } = await listed(fx);
      const before = await seen(fx);
      const max = await call(fx, 'windows.setState', { window: ref, state: 'maximized' });
      const big = await seen(fx);
      expect(max).toMatchObject({ state: 'maximized', rect: big.rect });
      expect(big.state).toBe('maximized');
      expect(big.rect.width).toBeGreaterThan(before.rect.width);
      const normal = await call(fx, 'windows.setState', { window: ref, state: 'normal' });
      const back = await seen(fx);
      expect(normal).toMatchObject({ state: 'normal', rect: back.rect });
      expect(back.state).toBe('normal');
      expect(back.rect).toMatchObject({ width: before.rect.width, height: before.rect.height });
    },
  },
  {
    id: 'windows.fullscreen',
    title: 'fullscreen covers the monitor the window is on, as the platform reports it',
    async run(fx) {
      const { ref } = await listed(fx);
      const centre = centreOf((await seen(fx)).rect);
      const monitor = (await fx.outside.monitors()).find((m) => contains(m.rect, centre));
      const full = await call(fx, 'windows.setState', { window: ref, state: 'fullscreen' });
      const after = await seen(fx);
      expect(full).toMatchObject({ state: 'fullscreen', rect: after.rect });
      expect(after.state).toBe('fullscreen');
      expect(after.rect).toEqual(monitor?.rect);
    },
  },
  {
    id: 'windows.minimize-activate',
    title: 'minimized hides the window; activate brings it back in front, as the platform says',
    async run(fx) {
      const { ref } = await listed(fx);
      const min = await call(fx, 'windows.setState', { window: ref, state: 'minimized' });
      expect(min.state).toBe('minimized');
      expect((await seen(fx)).state).toBe('minimized');
      const act = await call(fx, 'windows.activate', { window: ref });
      const after = await seen(fx);
      expect(act).toMatchObject({ state: 'normal', foreground: true, rect: after.rect });
      expect(after).toMatchObject({ state: 'normal', active: true });
    },
  },
  {
    id: 'windows.list',
    title: 'windows.list reports the state, bounds, focus and monitor the platform reports',
    async run(fx) {
      const { ref } = await listed(fx);
      await call(fx, 'windows.activate', { window: ref });
      const moved = await call(fx, 'windows.move', { window: ref, x: 60, y: 70 });
      const [entry, after, monitors] = [
        await listed(fx),
        await seen(fx),
        await call(fx, 'screen.monitors', {}),
      ];
      expect(entry).toMatchObject({
        state: after.state,
        rect: after.rect,
        foreground: after.active,
      });
      expect(entry.rect).toEqual(moved.rect);
      const holder = monitors.monitors.find((m) => m.index === entry.monitor);
      expect(holder !== undefined && contains(holder.rect, centreOf(after.rect))).toBe(true);
    },
  },
  {
    id: 'windows.close',
    title: 'close answers closed once the platform no longer has the window',
    async run(fx) {
      const { ref } = await listed(fx);
      const closed = await call(fx, 'windows.close', { window: ref });
      expect(closed).toMatchObject({ closed: true, rect: null });
      expect(await fx.outside.window()).toBeNull();
      const { windows } = await call(fx, 'windows.list', {});
      expect(windows.map((w) => w.ref)).not.toContain(ref);
    },
  },
  {
    id: 'windows.off-every-monitor',
    title: 'a move off every monitor is refused with invalid_params and moves nothing',
    async run(fx) {
      const { ref } = await listed(fx);
      const before = await seen(fx);
      const far = call(fx, 'windows.move', { window: ref, x: 30_000, y: 30_000 });
      await expect(far).toFailWith('invalid_params');
      expect((await seen(fx)).rect).toEqual(before.rect);
    },
  },
];
