/** How the backend contract's operations become provider requests. */
import type { ProviderAction, ProviderActionKind } from '../../../protocol/src/index.js';
import { PatternNotSupportedError } from '../../errors.js';
import type { PatternAction } from '../backend.js';

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
