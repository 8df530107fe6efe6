/** actions.focus: move keyboard focus to an element, its window to the foreground first. */
import type { MethodParams } from '../../../protocol/src/index.js';
import { ActionFailedError, InvalidParamsError } from '../../errors.js';
import { checkAllowed, focusAndConfirm } from '../actionability.js';
import { summarize } from '../changes.js';
import { describeNode, type ActionEnv, type ActionPlan } from '../env.js';
import { checkFocusKept } from '../focus-policy.js';
import { INPUT_LANE } from '../queue.js';
import { resolveTarget } from '../target.js';

export async function planFocus(
  env: ActionEnv,
  p: MethodParams<'actions.focus'>,
): Promise<ActionPlan> {
  const { node } = await resolveTarget(env, p.target);
  if (node === null) {
    throw new InvalidParamsError('nothing at that point to focus', {
      details: { target: p.target },
    });
  }
  checkAllowed(env, node);
  checkFocusKept(env, node, 'focusing');
  return {
    // Focus decides where keystrokes land, so it is ordered with the input.
    lane: INPUT_LANE,
    method: 'pattern',
    element: node,
    windowRef: node.window,
    description: `focus ${describeNode(node)}`,
    perform: async () => {
      if (await focusAndConfirm(env, node)) return { method: 'pattern' };
      throw new ActionFailedError(`focus did not move to ${describeNode(node)}`, {
        details: { reason: 'focus_refused', element: summarize(node) },
      });
    },
  };
}
