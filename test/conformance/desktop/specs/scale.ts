/**
 * Coordinates on another monitor and in an app that scales itself: the server's rects are X
 * pixels, so a real click at a row's centre selects that row (the app's own selection, read
 * outside) and a capture of the row shows what the X server shows there (a pixel read outside).
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Rect } from '../../../../protocol/src/index.js';
import type { DesktopFixture, DesktopSpec } from '../fixture.js';
import { call, contains, listed, seen } from './calls.js';

/** How long the cache may take to hold the row where the moved window put it. */
const SETTLE_MS = 10_000;

/** The row's rect once the cache has it inside the window as X reports it. */
async function rowInWindow(fx: DesktopFixture, name: string): Promise<{ ref: string; rect: Rect }> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const window = (await seen(fx)).rect;
    const { elements } = await call(fx, 'elements.find', { ...fx.row(name), maxResults: 1 });
    const row = elements[0];
    const r = row?.rect;
    const inside = r != null && contains(window, r) && contains(window, corner(r));
    if (row !== undefined && r != null && inside) return { ref: row.ref, rect: r };
    if (Date.now() > deadline)
      throw new Error(`row ${name} at ${JSON.stringify(r)}, window at ${JSON.stringify(window)}`);
  }
}

const corner = (r: Rect) => ({ x: r.x + r.width - 1, y: r.y + r.height - 1 });

/** A point of the row clear of its text: near its right end, at mid height. */
const blank = (r: Rect) => ({ x: r.width - 6, y: Math.floor(r.height / 2) });

async function pixelOf(png: Uint8Array, at: { x: number; y: number }): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  const i = (at.y * info.width + at.x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]] as number[];
}

export const scaleSpecs: DesktopSpec[] = [
  {
    id: 'monitors.click-capture',
    title: 'on the last monitor a real click at a row selects it and its capture shows it',
    async run(fx) {
      const { pixel, selected } = fx.outside;
      if (pixel === undefined || selected === undefined)
        throw new Error('this desktop has no outside pixel or selection read');
      const last = (await fx.outside.monitors()).sort((a, b) => b.rect.x - a.rect.x)[0];
      if (last === undefined) throw new Error('no monitor');
      const { ref } = await listed(fx);
      const to = { x: last.rect.x + 120, y: last.rect.y + 90 };
      await call(fx, 'windows.move', { window: ref, ...to });
      expect(contains(last.rect, (await seen(fx)).rect)).toBe(true);
      const row = await rowInWindow(fx, 'Banana');
      const other = await rowInWindow(fx, 'Apple');
      const centre = { x: row.rect.x + row.rect.width / 2, y: row.rect.y + row.rect.height / 2 };
      await call(fx, 'actions.click', { target: centre });
      expect(await selected()).toEqual(['Banana']);
      const shot = await call(fx, 'screen.capture', { ref: row.ref, format: 'png' });
      expect(shot.rect).toEqual(row.rect);
      expect({ width: shot.width, height: shot.height }).toMatchObject({
        width: row.rect.width,
        height: row.rect.height,
      });
      const png = typeof shot.data === 'string' ? Buffer.from(shot.data, 'base64') : shot.data;
      expect(contains(last.rect, row.rect)).toBe(true);
      const at = blank(row.rect);
      const inShot = await pixelOf(png, at);
      expect(inShot).toEqual(await pixel(row.rect.x + at.x, row.rect.y + at.y));
      // The selected row looks unlike an unselected one: the capture is of the selected row.
      expect(inShot).not.toEqual(await pixel(other.rect.x + at.x, other.rect.y + at.y));
    },
  },
];
