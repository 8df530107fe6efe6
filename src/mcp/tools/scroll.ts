/**
 * ui_scroll's two methods: by notches in a direction (actions.scroll) or, without a direction,
 * until the target exists and is visible (actions.scrollIntoView); one tool, as an agent thinks
 * of both. ui_scroll and ui_batch's scroll steps both route through scrollCall.
 */
import type { z } from 'zod';
import {
  actionsScroll,
  actionsScrollIntoView,
  ScrollDirection,
  type MethodInput,
} from '../../../protocol/src/index.js';
import { InvalidParamsError } from '../../errors.js';

/** ui_scroll's input: a scroll's and a scroll-into-view's parameters, direction optional. */
export const ScrollInput = actionsScroll.params.extend({
  direction: ScrollDirection.optional(),
  container: actionsScrollIntoView.params.shape.container,
  maxScrolls: actionsScrollIntoView.params.shape.maxScrolls,
});

/** The method and params a ui_scroll input stands for. */
export function scrollCall(input: z.output<typeof ScrollInput>): ScrollCall {
  const { direction, amount, container, maxScrolls, target, ...options } = input;
  if (direction !== undefined) {
    return { method: 'actions.scroll', params: { ...options, target, direction, amount } };
  }
  if (target === undefined) {
    throw new InvalidParamsError('ui_scroll needs a direction, or a target to scroll into view', {
      details: { issues: [{ path: 'direction', message: 'required without a target' }] },
    });
  }
  return {
    method: 'actions.scrollIntoView',
    params: { ...options, target, container, maxScrolls },
  };
}
export type ScrollCall =
  | { method: 'actions.scroll'; params: MethodInput<'actions.scroll'> }
  | { method: 'actions.scrollIntoView'; params: MethodInput<'actions.scrollIntoView'> };
