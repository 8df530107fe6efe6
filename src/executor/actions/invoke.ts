/**
 * actions.invoke: control patterns used directly, on the window's lane. Toggle and
 * ExpandCollapse are checked: the element's state must change as asked.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import type { PatternAction } from '../../backends/backend.js';
import { InvalidParamsError, PatternNotSupportedError } from '../../errors.js';
import { checkAllowed, ensureEnabled } from '../actionability.js';
import { describeNode, type ActionEnv, type ActionPlan } from '../env.js';
import { windowLane } from '../queue.js';
import { resolveTarget } from '../target.js';
import { performChecked } from '../verify.js';
import { hint } from '../../hints.js';

type InvokeParams = MethodParams<'actions.invoke'>;

function badOp(p: InvokeParams): InvalidParamsError {
  return new InvalidParamsError(`op ${p.op ?? '(none)'} does not fit the ${p.pattern} pattern`, {
    details: { pattern: p.pattern, op: p.op },
  });
}

export function numberOf(value: string | number | undefined, what: string): number {
  const n = typeof value === 'number' ? value : value === undefined ? NaN : Number(value);
  if (!Number.isFinite(n)) {
    throw new InvalidParamsError(`${what} needs a numeric value`, { details: { value } });
  }
  return n;
}

/** The backend pattern action for an invoke request on `node`. */
export function patternAction(p: InvokeParams, node: ElementNode): PatternAction {
  const op = p.op;
  switch (p.pattern) {
    case 'Invoke':
      if (op !== undefined && op !== 'invoke') throw badOp(p);
      return { pattern: 'Invoke' };
    case 'Toggle':
      if (op !== undefined && op !== 'toggle') throw badOp(p);
      return { pattern: 'Toggle' };
    case 'ExpandCollapse':
      if (op === 'expand' || op === 'collapse') return { pattern: 'ExpandCollapse', op };
      if (op !== undefined) throw badOp(p);
      return {
        pattern: 'ExpandCollapse',
        op: node.states.includes('expanded') ? 'collapse' : 'expand',
      };
    case 'Value':
      if (op !== undefined && op !== 'setValue') throw badOp(p);
      if (p.value === undefined) throw new InvalidParamsError('Value needs a value');
      return { pattern: 'Value', value: String(p.value) };
    case 'RangeValue':
      if (op !== undefined && op !== 'setValue') throw badOp(p);
      return { pattern: 'RangeValue', value: numberOf(p.value, 'RangeValue') };
    case 'SelectionItem': {
      const ops = {
        select: 'select',
        addToSelection: 'add',
        removeFromSelection: 'remove',
      } as const;
      if (op !== undefined && !(op in ops)) throw badOp(p);
      return { pattern: 'SelectionItem', op: ops[(op ?? 'select') as keyof typeof ops] };
    }
    case 'ScrollItem':
      return { pattern: 'ScrollItem' };
    default:
      throw new InvalidParamsError(`${p.pattern} has no operation to invoke`, {
        details: { pattern: p.pattern },
        recovery: [
          hint(
            'Use {call} for Scroll; Invoke, Toggle, ExpandCollapse, Value, RangeValue, SelectionItem, ScrollItem work here',
            'actions.scroll',
          ),
        ],
      });
  }
}

export function patternPlan(env: ActionEnv, node: ElementNode, action: PatternAction): ActionPlan {
  if (!node.patterns.includes(action.pattern)) {
    throw new PatternNotSupportedError(`${describeNode(node)} does not support ${action.pattern}`, {
      details: { supported: node.patterns, element: node.ref },
    });
  }
  return {
    lane: windowLane(node.window),
    method: 'pattern',
    element: node,
    windowRef: node.window,
    description: `${action.pattern}${'op' in action ? ` ${action.op}` : ''} on ${describeNode(node)}`,
    perform: () => performChecked(env, node, action),
  };
}

export async function resolveElement(
  env: ActionEnv,
  target: InvokeParams['target'],
): Promise<ElementNode> {
  const resolved = await resolveTarget(env, target);
  if (resolved.node === null) {
    throw new InvalidParamsError('this action needs an element, not an empty point', {
      details: { target },
    });
  }
  checkAllowed(env, resolved.node);
  return ensureEnabled(env, resolved.node);
}

export async function planInvoke(env: ActionEnv, p: InvokeParams): Promise<ActionPlan> {
  const node = await resolveElement(env, p.target);
  return patternPlan(env, node, patternAction(p, node));
}
