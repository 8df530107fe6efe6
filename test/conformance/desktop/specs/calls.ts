/** Calling the method table as a client does, and finding the fixture's window in it. */
import { expect } from 'vitest';
import type {
  MethodInput,
  MethodResult,
  Rect,
  WindowInfo,
} from '../../../../protocol/src/index.js';
import type { TableMethod } from '../../../../src/service/handlers.js';
import type { DesktopFixture, OutsideWindow } from '../fixture.js';

/** Deadline of one call. */
const CALL_MS = 20_000;

export function call<M extends TableMethod>(
  fx: DesktopFixture,
  method: M,
  input: MethodInput<M>,
): Promise<MethodResult<M>> {
  const handler = fx.handlers[method] as (
    params: MethodInput<M>,
    ctx: { clientId: string; signal: AbortSignal },
  ) => Promise<MethodResult<M>>;
  return handler(input, { clientId: 'desktop-conformance', signal: AbortSignal.timeout(CALL_MS) });
}

/** The fixture's window as windows.list has it (exactly one). */
export async function listed(fx: DesktopFixture): Promise<WindowInfo> {
  const { windows } = await call(fx, 'windows.list', {});
  const mine = windows.filter(
    (w) => w.title === fx.title && (fx.pid === undefined || w.pid === fx.pid),
  );
  expect(mine.map((w) => w.title)).toEqual([fx.title]);
  return mine[0] as WindowInfo;
}

/** The window read from outside; fails when it is gone. */
export async function seen(fx: DesktopFixture): Promise<OutsideWindow> {
  const got = await fx.outside.window();
  if (got === null) throw new Error(`the window "${fx.title}" is gone`);
  return got;
}

export const contains = (r: Rect, p: { x: number; y: number }): boolean =>
  p.x >= r.x && p.y >= r.y && p.x < r.x + r.width && p.y < r.y + r.height;

export const centreOf = (r: Rect): { x: number; y: number } => ({
  x: r.x + Math.floor(r.width / 2),
  y: r.y + Math.floor(r.height / 2),
});
