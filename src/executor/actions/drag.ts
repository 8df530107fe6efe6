/**
 * actions.drag: a real press at the source, pointer moves in steps, a real release at the
 * destination, on the global input lane. Either end is an element (its centre, once on screen)
 * or a screen point. The drag answers ok only once the drop shows in the cache (see
 * drag-stroke.ts); a destination element that vanishes mid-way ends the drag with the button
 * released and an error that says where.
 */
import type { MethodParams, Target } from '../../../protocol/src/index.js';
import { ActionFailedError, PatternNotSupportedError } from '../../errors.js';
import {
  checkAllowed,
  checkPointAllowed,
  ensureEnabled,
  ensureForeground,
  ensureOnScreen,
} from '../actionability.js';
import { byInput, centreOf, describeNode, type ActionEnv, type ActionPlan } from '../env.js';
import { INPUT_LANE } from '../queue.js';
import { resolveTarget } from '../target.js';
import { strokeAndDrop, type DragEnd } from './drag-stroke.js';

export type DragParams = MethodParams<'actions.drag'>;

/** Resolve one end of a drag from the cache: an element (checked) or a point. */
async function resolveEnd(env: ActionEnv, target: Target, which: string): Promise<DragEnd> {
  const resolved = await resolveTarget(env, target);
  if (resolved.kind === 'point') {
    checkPointAllowed(env, resolved.x, resolved.y, resolved.node);
    return { x: resolved.x, y: resolved.y, node: resolved.node, aimed: false, which };
  }
  checkAllowed(env, resolved.node);
  const node = which === 'from' ? await ensureEnabled(env, resolved.node) : resolved.node;
  const centre = centreOf(node);
  if (centre === undefined) {
    throw new ActionFailedError(`the drag's ${which} end ${describeNode(node)} has no bounds`, {
      details: { reason: 'no_bounds', end: which, element: node.ref },
    });
  }
  return { ...centre, node, aimed: true, which };
}

/** The live centre of an element end once it is on screen; a point end as given. */
async function placeEnd(env: ActionEnv, end: DragEnd): Promise<DragEnd> {
  if (!end.aimed || end.node === null) return end;
  const shown = await ensureOnScreen(env, end.node);
  const centre = centreOf(shown) ?? end;
  return { ...end, node: shown, x: centre.x, y: centre.y };
}

function describeEnd(end: DragEnd): string {
  return end.aimed && end.node !== null ? describeNode(end.node) : `(${end.x},${end.y})`;
}

/** The window whose changes make up the drag's result: the destination's, else the source's. */
function resultWindow(from: DragEnd, to: DragEnd): string | null {
  return to.node?.window ?? from.node?.window ?? null;
}

export async function planDrag(env: ActionEnv, p: DragParams): Promise<ActionPlan> {
  if (!env.allowInput) {
    throw new PatternNotSupportedError('a drag needs real input and input is not allowed', {
      details: { allowInput: false },
    });
  }
  const from = await resolveEnd(env, p.from, 'from');
  const to = await resolveEnd(env, p.to, 'to');
  const description = `${p.button} drag from ${describeEnd(from)} to ${describeEnd(to)}`;
  return {
    lane: INPUT_LANE,
    method: 'input',
    element: from.node,
    windowRef: resultWindow(from, to),
    description,
    perform: async () => {
      const start = await placeEnd(env, from);
      const end = await placeEnd(env, to);
      // The press must land on the source: its window comes forward first.
      if (start.node !== null) await ensureForeground(env, start.node.window);
      await strokeAndDrop(env, p, start, end);
      return byInput('drag');
    },
  };
}
