/**
 * actions.click: Invoke (or Toggle / SelectionItem / ExpandCollapse) when the element offers
 * it and the click is a plain left click; otherwise a real click at the element's centre, or
 * at the given point, on the global input lane.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import type { PatternAction } from '../../backends/backend.js';
import { PatternNotSupportedError } from '../../errors.js';
import {
  checkAllowed,
  checkPointAllowed,
  ensureEnabled,
  ensureForeground,
  ensureOnScreen,
} from '../actionability.js';
import { byInput, callOptions, centreOf, describeNode } from '../env.js';
import type { ActionEnv, ActionPlan } from '../env.js';
import { INPUT_LANE, windowLane } from '../queue.js';
import { resolveTarget } from '../target.js';
import { performChecked } from '../verify.js';

type ClickParams = MethodParams<'actions.click'>;

/** The pattern a plain left click maps to, in order of preference. */
export function clickPattern(node: ElementNode): PatternAction | undefined {
  if (node.patterns.includes('Invoke')) return { pattern: 'Invoke' };
  if (node.patterns.includes('Toggle')) return { pattern: 'Toggle' };
  if (node.patterns.includes('SelectionItem')) return { pattern: 'SelectionItem', op: 'select' };
  if (node.patterns.includes('ExpandCollapse')) {
    const op = node.states.includes('expanded') ? 'collapse' : 'expand';
    return { pattern: 'ExpandCollapse', op };
  }
  return undefined;
}

export async function planClick(env: ActionEnv, p: ClickParams): Promise<ActionPlan> {
  const target = await resolveTarget(env, p.target);
  if (target.kind === 'point') {
    checkPointAllowed(env, target.x, target.y, target.node);
    return pointPlan(env, p, target.x, target.y, target.node);
  }
  checkAllowed(env, target.node);
  const node = await ensureEnabled(env, target.node);
  const pattern = p.button === 'left' && p.clickCount === 1 ? clickPattern(node) : undefined;
  if (pattern !== undefined) return patternPlan(env, node, pattern);
  if (!env.allowInput) {
    throw new PatternNotSupportedError(
      `${describeNode(node)} has no pattern for this click and input is not allowed`,
      { details: { patterns: node.patterns, button: p.button, clickCount: p.clickCount } },
    );
  }
  return centrePlan(env, p, node);
}

function pointPlan(
  env: ActionEnv,
  p: ClickParams,
  x: number,
  y: number,
  node: ElementNode | null,
): ActionPlan {
  return {
    lane: INPUT_LANE,
    method: 'input',
    element: node,
    windowRef: node?.window ?? null,
    description: `${p.button} click x${p.clickCount} at (${x},${y})`,
    perform: async () => {
      await env.progress.race(clickAt(env, x, y, p));
      return byInput();
    },
  };
}

function patternPlan(env: ActionEnv, node: ElementNode, pattern: PatternAction): ActionPlan {
  return {
    lane: windowLane(node.window),
    method: 'pattern',
    element: node,
    windowRef: node.window,
    description: `${pattern.pattern} ${describeNode(node)}`,
    perform: () => performChecked(env, node, pattern),
  };
}

/** A real click at the element's centre, once it is on screen in the foreground window. */
function centrePlan(env: ActionEnv, p: ClickParams, node: ElementNode): ActionPlan {
  return {
    lane: INPUT_LANE,
    method: 'input',
    element: node,
    windowRef: node.window,
    description: `${p.button} click x${p.clickCount} on ${describeNode(node)}`,
    perform: async () => {
      const shown = await ensureOnScreen(env, node);
      await ensureForeground(env, shown.window);
      const centre = centreOf(shown);
      if (centre !== undefined) await env.progress.race(clickAt(env, centre.x, centre.y, p));
      return byInput();
    },
  };
}

function clickAt(env: ActionEnv, x: number, y: number, p: ClickParams): Promise<void> {
  env.progress.step(`${p.button} click x${p.clickCount} at (${x},${y})`);
  return env.backend.input(
    { kind: 'click', x, y, button: p.button, count: p.clickCount },
    callOptions(env),
  );
}
