/**
 * Window operations and the monitors. Every coordinate is in one space on every backend: the
 * desktop's physical pixels (X11 root coordinates; Windows virtual-screen pixels as a
 * per-monitor-DPI-aware process sees them; the sim's screen), the same space as element rects,
 * clicks and captures. A window op answers the window as the platform reports it afterwards.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { WindowStateName } from '../element.js';
import { Rect, Revision, WindowRef, WindowSelector } from '../primitives.js';
import { Monitor } from './session.js';

const Coord = z.number().int().min(-32_768).max(32_767);
const Extent = z.number().int().min(1).max(32_767);

const common = {
  window: WindowSelector,
  timeoutMs: z.number().int().min(1).max(60_000).optional().describe('Deadline in ms'),
  dryRun: z.boolean().default(false),
};

export const WindowOpResult = z.object({
  action: z.string(),
  dryRun: z.boolean(),
  window: WindowRef,
  title: z.string(),
  state: WindowStateName.describe('As read back from the platform'),
  rect: Rect.nullable().describe('As read back from the platform'),
  monitor: z.number().int().nullable(),
  foreground: z.boolean(),
  closed: z.boolean(),
  via: z.string().describe('The platform request that did it'),
  durationMs: z.number(),
  revision: Revision,
  warnings: z.array(z.string()).optional(),
});
export type WindowOpResult = z.infer<typeof WindowOpResult>;

const windowOp = <N extends string, S extends z.ZodRawShape>(name: N, summary: string, shape: S) =>
  defineMethod({
    name,
    kind: 'act',
    mcp: { tool: 'ui_window', automation: 'window_state' },
    summary,
    params: z.object({ ...common, ...shape }),
    result: WindowOpResult,
  });

export const windowsMove = windowOp('windows.move', 'Move a window (top-left corner).', {
  x: Coord,
  y: Coord,
});
export const windowsResize = windowOp('windows.resize', 'Resize a window.', {
  width: Extent,
  height: Extent,
});
export const windowsSetState = windowOp(
  'windows.setState',
  'Minimize, maximize, restore or fullscreen a window.',
  { state: WindowStateName },
);
export const windowsActivate = windowOp('windows.activate', 'Bring a window to the front.', {});
export const windowsClose = windowOp('windows.close', 'Ask a window to close.', {});

export const screenMonitors = defineMethod({
  name: 'screen.monitors',
  kind: 'read',
  summary: 'Monitors: bounds, work area, scale, primary; in physical desktop pixels.',
  params: z.object({}).default({}),
  result: z.object({
    monitors: z.array(Monitor),
    space: z.literal('physical').describe('Every rect of the protocol is in this space'),
  }),
});

export const windowMethods = [
  windowsMove,
  windowsResize,
  windowsSetState,
  windowsActivate,
  windowsClose,
  screenMonitors,
] as const;
