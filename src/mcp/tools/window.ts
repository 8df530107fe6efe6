/**
 * `ui_window`: the five window ops behind one operation field, so they cost one tool
 * definition. Each answers the window as the platform reports it afterwards, in one line.
 */
import { z } from 'zod';
import {
  WindowOpResult,
  WindowSelector,
  WindowStateName,
  windowsMove,
} from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';
import { callByName } from '../call.js';
import { defineTool } from '../types.js';

const OPS = {
  move: 'windows.move',
  resize: 'windows.resize',
  state: 'windows.setState',
  activate: 'windows.activate',
  close: 'windows.close',
} as const;

const move = windowsMove.params.shape;

export const WindowToolInput = z.object({
  op: z.enum(['move', 'resize', 'state', 'activate', 'close']).describe('What to do'),
  window: WindowSelector,
  x: move.x.optional().describe('move: left'),
  y: move.y.optional().describe('move: top'),
  width: z.number().int().min(1).max(32_767).optional().describe('resize'),
  height: z.number().int().min(1).max(32_767).optional().describe('resize'),
  state: WindowStateName.optional().describe('state'),
});
export type WindowToolInput = z.infer<typeof WindowToolInput>;

/** The method and its params for one ui_window call; a missing field is invalid_params. */
export function windowCall(i: WindowToolInput): { method: string; params: object } {
  const need = (names: (keyof WindowToolInput)[]): Record<string, unknown> => {
    const missing = names.filter((n) => i[n] === undefined);
    if (missing.length > 0) {
      throw new InvalidParamsError(`ui_window ${i.op} needs ${missing.join(' and ')}`, {
        details: { op: i.op, missing },
      });
    }
    return Object.fromEntries(names.map((n) => [n, i[n]]));
  };
  const more = { move: ['x', 'y'], resize: ['width', 'height'], state: ['state'] } as const;
  const fields = i.op in more ? need([...more[i.op as keyof typeof more]]) : {};
  return { method: OPS[i.op], params: { window: i.window, ...fields } };
}

function line(r: WindowOpResult): string {
  if (r.closed) return `${r.window} "${r.title}" closed`;
  const at =
    r.rect === null ? 'no rect' : `${r.rect.x},${r.rect.y} ${r.rect.width}x${r.rect.height}`;
  const fg = r.foreground ? ', foreground' : '';
  const warn = r.warnings === undefined ? '' : `\nwarning: ${r.warnings.join('; ')}`;
  return `${r.window} "${r.title}" ${r.state} at ${at} on monitor ${r.monitor ?? '-'}${fg}${warn}`;
}

export const uiWindow = defineTool({
  name: 'ui_window',
  title: 'Arrange a window',
  kind: 'action',
  description:
    'Move, resize, set the state of, activate or close a window; answers it as read back.',
  input: WindowToolInput,
  output: WindowOpResult,
  async run(input, ctx) {
    const { method, params } = windowCall(input);
    const r = (await callByName(ctx, method, params)) as WindowOpResult;
    return { text: line(r), structured: r };
  },
});
