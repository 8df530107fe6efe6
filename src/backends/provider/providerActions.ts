/** How the backend contract's operations become provider requests. */
import type { ProviderAction, ProviderActionKind } from '../../../protocol/src/index.js';
import { InvalidParamsError, PatternNotSupportedError } from '../../errors.js';
import type { PatternAction } from '../backend.js';
import type { HeldNode } from './held.js';

/**
 * Refuse, before anything is sent to the app, a pattern the node does not list and values no
 * app could take (NaN, a range value outside the node's range, a scroll of no amount).
 */
export function checkPatternAction(
  node: Pick<HeldNode, 'id' | 'controlType' | 'patterns'> & { range?: HeldNode['range'] },
  action: PatternAction,
): void {
  if (!node.patterns.includes(action.pattern)) {
    throw new PatternNotSupportedError(`${node.controlType} ${node.id} has no ${action.pattern}`);
  }
  if (action.pattern === 'RangeValue') {
    const { value } = action;
    const range = node.range;
    const outside = range !== undefined && (value < range.min || value > range.max);
    if (!Number.isFinite(value) || outside) {
      throw new InvalidParamsError(`range value ${value} is not within the node's range`, {
        details: { value, ...(range === undefined ? {} : { min: range.min, max: range.max }) },
      });
    }
  }
  if (action.pattern === 'Scroll' && !(Number.isFinite(action.amount) && action.amount > 0)) {
    throw new InvalidParamsError(`scroll amount ${action.amount} is not a positive number`);
  }
}

export function actionFor(node: string, action: PatternAction): ProviderAction {
  switch (action.pattern) {
    case 'Invoke':
      return { kind: 'invoke', id: node };
    case 'Toggle':
      return { kind: 'toggle', id: node };
    case 'ExpandCollapse':
      return { kind: action.op, id: node };
    case 'Value':
      return { kind: 'setText', id: node, text: action.value };
    case 'RangeValue':
      return { kind: 'setRange', id: node, value: action.value };
    case 'SelectionItem':
      if (action.op !== 'select') break;
      return { kind: 'select', id: node };
    case 'Scroll':
      return { kind: 'scroll', id: node, direction: action.direction, amount: action.amount };
    case 'ScrollItem':
      return { kind: 'scrollIntoView', id: node };
    case 'Window':
      break;
  }
  const op = 'op' in action ? ` ${action.op}` : '';
  throw new PatternNotSupportedError(`providers do not take ${action.pattern}${op}`);
}

/** Refuse an action the provider did not declare in its hello. */
export function requireCapability(
  declared: readonly ProviderActionKind[],
  kind: ProviderActionKind,
  app: string,
): void {
  if (!declared.includes(kind)) {
    throw new PatternNotSupportedError(`${app} does not offer ${kind}`, {
      details: { offered: declared },
    });
  }
}
