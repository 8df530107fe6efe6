/**
 * Acting tools: thin calls into the executor's methods. Each answer shows the element, the
 * window after, and what changed, in a few lines; `includePatches` asks for the raw patches.
 */
import type { z } from 'zod';
import {
  ActionResult,
  actionsClick,
  actionsDrag,
  actionsFocus,
  actionsInvoke,
  actionsKeys,
  actionsScroll,
  actionsScrollIntoView,
  actionsSelect,
  actionsSetValue,
  actionsType,
  actionsWaitFor,
  type MethodDef,
} from '../../../protocol/src/index.js';
import type { ActionMethod } from '../../executor/api.js';
import { callMethod } from '../call.js';
import { openedForm } from '../opened-form.js';
import { deliverShot } from '../shots.js';
import { actionText, clip, summaryLine } from '../render.js';
import { defineTool, type ToolAnswer, type ToolContext, type ToolDef } from '../types.js';
import { uiBatch } from './batch.js';
import { ScrollInput, scrollCall } from './scroll.js';

type SingleAction = Exclude<ActionMethod, 'actions.batch' | 'actions.waitFor'>;

function actionTool<M extends SingleAction, P extends z.ZodType>(
  name: string,
  title: string,
  def: MethodDef<M, P>,
  description: string,
): ToolDef<P, typeof ActionResult> {
  return defineTool({
    name,
    title,
    kind: 'action',
    description,
    input: def.params,
    output: ActionResult,
    run: (input, ctx) => runAction(def, input, ctx),
  });
}

/** Call an action method and render its result, with the screenshot when there is one. */
async function runAction(
  def: MethodDef,
  input: unknown,
  ctx: ToolContext,
): Promise<ToolAnswer<ActionResult>> {
  const r: ActionResult = await callMethod(ctx, def.name as SingleAction, input as never);
  const patches = r.patches !== undefined ? `\npatches: ${JSON.stringify(r.patches)}` : '';
  const head = actionText(r) + (await openedForm(r, ctx)) + patches;
  if (r.screenshot === undefined) return { text: head, structured: r };
  const shot = await deliverShot(r.screenshot, ctx.deps.config);
  const text = `${head}\n${shot.line}`;
  return { text, structured: { ...r, screenshot: shot.shot }, images: shot.images };
}

export const uiClick = actionTool(
  'ui_click',
  'Click',
  actionsClick,
  'Click an element by ref or locator (Invoke when possible), or a screen point.',
);
export const uiType = actionTool(
  'ui_type',
  'Type text',
  actionsType,
  'Type text into an element (focused first) or into whatever has focus.',
);
export const uiPressKeys = actionTool(
  'ui_press_keys',
  'Press keys',
  actionsKeys,
  'Press key combos such as "Ctrl+S", space-separated or a list.',
);
export const uiSetValue = actionTool(
  'ui_set_value',
  'Set value',
  actionsSetValue,
  'Set the value of an edit, slider or spinner directly.',
);
export const uiSelect = actionTool(
  'ui_select',
  'Select option',
  actionsSelect,
  'Select an option of a combo box or list by its visible text.',
);
export const uiInvoke = actionTool(
  'ui_invoke',
  'Use a pattern',
  actionsInvoke,
  'Use a control pattern directly (Invoke, Toggle, ExpandCollapse, SelectionItem...).',
);
export const uiFocus = actionTool(
  'ui_focus',
  'Focus',
  actionsFocus,
  'Move keyboard focus to an element and bring its window to the front.',
);

export const uiScroll = defineTool({
  name: 'ui_scroll',
  title: 'Scroll',
  kind: 'action',
  description:
    'Scroll an element (or under the mouse) by notches; without a direction, scroll a ' +
    '(virtualized) list until the target exists and is visible.',
  input: ScrollInput,
  output: ActionResult,
  run: (input, ctx) => {
    const call = scrollCall(input);
    return call.method === 'actions.scroll'
      ? runAction(actionsScroll, call.params, ctx)
      : runAction(actionsScrollIntoView, call.params, ctx);
  },
});

export const uiDrag = actionTool(
  'ui_drag',
  'Drag',
  actionsDrag,
  'Drag with real input from an element or point onto another.',
);

export const uiWaitFor = defineTool({
  name: 'ui_wait_for',
  title: 'Wait for a condition',
  kind: 'read',
  description:
    'Wait (event-driven) until an element appears, disappears or is enabled, a value or name ' +
    'matches, or a window opens or closes.',
  input: actionsWaitFor.params,
  output: actionsWaitFor.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'actions.waitFor', input);
    const what =
      r.element !== null
        ? ` ${summaryLine(r.element)}`
        : r.window !== null
          ? ` "${clip(r.window.title)}" [${r.window.ref}]`
          : '';
    return {
      text: `${r.condition}${what} after ${Math.round(r.waitedMs)}ms (rev ${r.revision})`,
      structured: r,
    };
  },
});

export const actTools = [
  uiClick,
  uiType,
  uiPressKeys,
  uiSetValue,
  uiSelect,
  uiInvoke,
  uiFocus,
  uiScroll,
  uiDrag,
  uiWaitFor,
  uiBatch,
] as const;
