/**
 * ui_app: list, launch and close apps in one tool (an operation field keeps the tool list
 * small). Each operation is the registry method of the same name; the answer is one line of
 * text plus the method's result.
 */
import { z } from 'zod';
import {
  appsClose,
  appsLaunch,
  ElementQuery,
  type CloseResult,
  type LaunchResult,
  type RunningApp,
} from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';
import { callMethod } from '../call.js';
import { defineTool } from '../types.js';

const launch = appsLaunch.params.shape;
const close = appsClose.params.shape;

export const AppToolInput = z.object({
  op: z.enum(['list', 'launch', 'close']),
  name: ElementQuery.shape.name,
  desktopId: launch.desktopId,
  path: launch.path,
  args: launch.args.unwrap().optional(),
  cwd: launch.cwd,
  waitFor: launch.waitFor.unwrap().optional(),
  app: ElementQuery.shape.app,
  force: close.force.unwrap().optional(),
  timeoutMs: launch.timeoutMs.unwrap().optional(),
});

const AppToolAnswer = z.object({ apps: z.array(z.unknown()).optional() }).loose();

function appLine(a: RunningApp): string {
  const pid = a.pid === undefined ? '' : ` pid=${a.pid}`;
  const kit = a.toolkit === undefined ? '' : ` ${a.toolkit}`;
  const seen = a.accessible ? ` windows=${a.windows.join(',')}` : ' (no accessibility tree)';
  return `${a.name}${pid}${kit}${seen}`;
}

function launchLine(r: LaunchResult): string {
  const w = r.window === null ? 'no window awaited' : `window ${r.window.ref} "${r.window.title}"`;
  return `launched ${r.app.name} pid=${String(r.app.pid)}: ${w}`;
}

function closeLine(r: CloseResult): string {
  if (r.dialog !== undefined)
    return `${r.app.name} asks: window ${r.dialog.ref} "${r.dialog.title}"`;
  return `${r.app.name}: ${r.status}`;
}

export const uiApp = defineTool({
  name: 'ui_app',
  title: 'Apps',
  kind: 'action',
  description: 'list; launch: answers its window; close: closed, or a dialog to answer.',
  input: AppToolInput,
  output: AppToolAnswer,
  async run(input, ctx) {
    const { op, ...rest } = input;
    if (op === 'list') {
      const r = await callMethod(ctx, 'apps.list', {});
      return { text: r.apps.map(appLine).join('\n') || 'no apps', structured: r };
    }
    if (op === 'launch') {
      const { app: _a, force: _f, ...p } = rest;
      const r = await callMethod(ctx, 'apps.launch', p);
      return { text: launchLine(r), structured: r };
    }
    if (rest.app === undefined) throw new InvalidParamsError('close needs app');
    const r = await callMethod(ctx, 'apps.close', {
      app: rest.app,
      ...(rest.force === undefined ? {} : { force: rest.force }),
      ...(rest.timeoutMs === undefined ? {} : { timeoutMs: rest.timeoutMs }),
    });
    return { text: closeLine(r), structured: r };
  },
});
