/**
 * Apps: what runs, starting an installed app and closing a running one. A launch answers once
 * the app's first window is in the cache with its content; a close answers what was seen
 * (the app gone, a dialog it opened instead, or its process killed), never what was asked.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { WindowInfo } from '../element.js';
import { Revision, WindowRef } from '../primitives.js';

export const RunningApp = z.object({
  id: z.string().describe('Backend identity of the app (pid, bus name, sim id)'),
  name: z.string(),
  pid: z.number().int().optional(),
  toolkit: z.string().optional().describe('gtk, qt, win32... when the platform tells'),
  windows: z.array(WindowRef),
  accessible: z
    .boolean()
    .describe('False: the app shows windows but exposes no accessibility tree'),
});
export type RunningApp = z.infer<typeof RunningApp>;

export const appsList = defineMethod({
  name: 'apps.list',
  kind: 'read',
  mcp: { tool: 'ui_app' },
  summary: 'Running apps with their windows.',
  params: z.object({}).default({}),
  result: z.object({ revision: Revision, apps: z.array(RunningApp) }),
});

const launchTimeout = z.number().int().min(1).max(300_000).default(30_000);

export const LaunchParams = z
  .object({
    name: z.string().min(1).max(256).optional().describe('App name (desktop entry or program)'),
    desktopId: z.string().min(1).max(256).optional().describe('Desktop entry id or AUMID'),
    path: z.string().min(1).max(4_096).optional().describe('Executable path'),
    args: z.array(z.string().max(4_096)).max(64).default([]),
    cwd: z.string().min(1).max(4_096).optional(),
    waitFor: z.enum(['window', 'none']).default('window'),
    timeoutMs: launchTimeout,
  })
  .refine((p) => [p.name, p.desktopId, p.path].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of name, desktopId or path',
  });

export const LaunchResult = z.object({
  revision: Revision,
  app: RunningApp,
  window: WindowInfo.nullable().describe('Its first window, content cached (null: waitFor none)'),
  command: z.array(z.string()).describe('What was run (argv, no shell)'),
  durationMs: z.number(),
});
export type LaunchResult = z.infer<typeof LaunchResult>;

export const appsLaunch = defineMethod({
  name: 'apps.launch',
  kind: 'act',
  mcp: { tool: 'ui_app', automation: 'launch_app' },
  summary: 'Start an installed app; answers once its first window is cached.',
  params: LaunchParams,
  result: LaunchResult,
});

export const CloseParams = z.object({
  app: z.string().min(1).max(256).describe('App name, pid or id'),
  force: z.boolean().default(false).describe('Kill the process if asking fails'),
  timeoutMs: z.number().int().min(1).max(300_000).default(10_000),
});

export const CloseResult = z.object({
  revision: Revision,
  status: z
    .enum(['closed', 'dialog_opened', 'killed'])
    .describe('closed: gone as asked; dialog_opened: it asks something (see dialog)'),
  app: RunningApp,
  dialog: WindowInfo.optional(),
  durationMs: z.number(),
});
export type CloseResult = z.infer<typeof CloseResult>;

export const appsClose = defineMethod({
  name: 'apps.close',
  kind: 'act',
  mcp: { tool: 'ui_app', automation: 'close_app' },
  summary: 'Close an app politely; a dialog it opens is answered, not killed (force kills).',
  params: CloseParams,
  result: CloseResult,
});

export const appMethods = [appsList, appsLaunch, appsClose] as const;
