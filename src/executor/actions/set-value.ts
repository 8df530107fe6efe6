/**
 * actions.setValue, checked by effect: the Value pattern (EditableText) first; when the app
 * accepts it but the value does not change (Gecko ignores SetTextContents on web inputs), or the
 * element has no Value pattern, select-all + typing; then a typed no_effect with what was seen.
 * RangeValue is checked against the element's range.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import { isUiError } from '../../errors.js';
import { describeNode, performPattern } from '../env.js';
import type { ActionEnv, ActionPlan, Performed } from '../env.js';
import { INPUT_LANE, windowLane } from '../queue.js';
import { noEffect, seeEffect } from '../verify.js';
import { numberOf, patternPlan, resolveElement } from './invoke.js';
import { planType, retypeInto } from './type.js';

type SetValueParams = MethodParams<'actions.setValue'>;

function rangeHolds(value: number): (n: ElementNode) => boolean {
  return (n) => {
    const range = n.range;
    if (range === undefined) return false;
    const tolerance = Math.max(range.step ?? 0, Math.abs(value) * 1e-9, 1e-9);
    return Math.abs(range.value - value) <= tolerance;
  };
}

function rangePlan(env: ActionEnv, node: ElementNode, value: number): ActionPlan {
  const plan = patternPlan(env, node, { pattern: 'RangeValue', value });
  return {
    ...plan,
    perform: async () => {
      const done = await plan.perform();
      const seen = await seeEffect(env, node.ref, rangeHolds(value));
      if (!seen.ok) {
        throw noEffect('RangeValue', node, {
          expected: value,
          tried: ['RangeValue'],
          seen: seen.node,
        });
      }
      return done;
    },
  };
}

/** The Value pattern, unless the backend knows the toolkit ignores it (then: not tried). */
async function tryValuePattern(
  env: ActionEnv,
  node: ElementNode,
  value: string,
): Promise<Performed | undefined> {
  try {
    return await performPattern(env, node, { pattern: 'Value', value });
  } catch (err) {
    if (isUiError(err) && err.details?.reason === 'ignored_by_toolkit') return undefined;
    throw err;
  }
}

function valuePlan(env: ActionEnv, node: ElementNode, value: string): ActionPlan {
  const holds = (n: ElementNode): boolean => n.value === value;
  const keyboard = env.allowInput && node.states.includes('focusable');
  return {
    // The keyboard fallback is input, ordered with all other input.
    lane: keyboard ? INPUT_LANE : windowLane(node.window),
    method: 'pattern',
    element: node,
    windowRef: node.window,
    description: `set the value of ${describeNode(node)}`,
    perform: async () => {
      const tried: string[] = [];
      const byPattern = await tryValuePattern(env, node, value);
      if (byPattern !== undefined) {
        tried.push('Value');
        const seen = await seeEffect(env, node.ref, holds);
        if (seen.ok) return byPattern;
        if (!keyboard)
          throw noEffect('setValue', node, { expected: value, tried, seen: seen.node });
      }
      const typed = await retypeInto(env, node, value);
      tried.push('keyboard');
      const seen = await seeEffect(env, node.ref, holds);
      if (!seen.ok) throw noEffect('setValue', node, { expected: value, tried, seen: seen.node });
      return typed;
    },
  };
}

export async function planSetValue(env: ActionEnv, p: SetValueParams): Promise<ActionPlan> {
  const node = await resolveElement(env, p.target);
  if (
    node.patterns.includes('RangeValue') &&
    (typeof p.value === 'number' || !node.patterns.includes('Value'))
  ) {
    return rangePlan(env, node, numberOf(p.value, 'RangeValue'));
  }
  if (node.patterns.includes('Value')) return valuePlan(env, node, String(p.value));
  if (!env.allowInput) return patternPlan(env, node, { pattern: 'Value', value: String(p.value) });
  return planType(env, {
    ...p,
    target: { ref: node.ref },
    text: String(p.value),
    clearFirst: true,
    submit: false,
  });
}
