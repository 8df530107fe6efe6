/**
 * actions.scroll and actions.scrollIntoView. Scrolling uses the Scroll pattern when the
 * element has it (window lane), else the mouse wheel at its centre (input lane). Scrolling
 * into view searches a (virtualized) container until the target exists (scroll-search.ts).
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import { InvalidParamsError, PatternNotSupportedError } from '../../errors.js';
import { checkAllowed, ensureForeground, ensureOnScreen } from '../actionability.js';
import { byInput, callOptions, centreOf, describeNode, performPattern } from '../env.js';
import type { ActionEnv, ActionPlan, Performed } from '../env.js';
import { summarize } from '../changes.js';
import { INPUT_LANE, windowLane } from '../queue.js';
import { describeLocator, nodeByRef, resolveTarget } from '../target.js';
import { scrollUntilFound } from './scroll-search.js';

type ScrollParams = MethodParams<'actions.scroll'>;
type IntoViewParams = MethodParams<'actions.scrollIntoView'>;
type Direction = ScrollParams['direction'];

/** Wheel notches per direction: positive dy scrolls down, positive dx right (as backends agree). */
const WHEEL: Record<Direction, { dx: number; dy: number }> = {
  up: { dx: 0, dy: -1 },
  down: { dx: 0, dy: 1 },
  left: { dx: -1, dy: 0 },
  right: { dx: 1, dy: 0 },
};

function scrollPattern(
  env: ActionEnv,
  node: ElementNode,
  direction: Direction,
  amount: number,
): Promise<Performed> {
  const action = { pattern: 'Scroll', direction, amount } as const;
  return performPattern(env, node, action);
}

export async function planScroll(env: ActionEnv, p: ScrollParams): Promise<ActionPlan> {
  const resolved = p.target === undefined ? undefined : await resolveTarget(env, p.target);
  const node = resolved === undefined ? env.cache.focused({}).element : resolved.node;
  checkAllowed(env, node);
  if (resolved?.kind !== 'point' && node?.patterns.includes('Scroll') === true) {
    return {
      lane: windowLane(node.window),
      method: 'pattern',
      element: node,
      windowRef: node.window,
      description: `scroll ${describeNode(node)} ${p.direction} by ${p.amount}`,
      perform: () => scrollPattern(env, node, p.direction, p.amount),
    };
  }
  if (!env.allowInput) {
    throw new PatternNotSupportedError('no Scroll pattern here and input is not allowed', {
      details: { element: node?.ref ?? null },
    });
  }
  const point = resolved?.kind === 'point' ? resolved : node === null ? undefined : centreOf(node);
  if (point === undefined) {
    throw new InvalidParamsError('give a target or a point to scroll at', {
      details: { target: p.target ?? null },
    });
  }
  return wheelPlan(env, p, node, point);
}

/** The mouse wheel at a point, on the input lane, its window brought forward first. */
function wheelPlan(
  env: ActionEnv,
  p: ScrollParams,
  node: ElementNode | null,
  point: { x: number; y: number },
): ActionPlan {
  const wheel = WHEEL[p.direction];
  const action = {
    kind: 'wheel',
    x: point.x,
    y: point.y,
    dx: wheel.dx * p.amount,
    dy: wheel.dy * p.amount,
  } as const;
  return {
    lane: INPUT_LANE,
    method: 'input',
    element: node,
    windowRef: node?.window ?? null,
    description: `wheel ${p.direction} ${p.amount} at (${point.x},${point.y})`,
    perform: async () => {
      await ensureForeground(env, node?.window ?? null);
      env.progress.step(`wheel ${p.direction} ${p.amount} at (${point.x},${point.y})`);
      await env.progress.race(env.backend.input(action, callOptions(env)));
      return byInput();
    },
  };
}

function containerOf(env: ActionEnv, p: IntoViewParams): ElementNode {
  const ref = p.container ?? p.target.within ?? onlyScrollableIn(env, p.target.window);
  const node = nodeByRef(env.cache, ref);
  if (!node.patterns.includes('Scroll')) {
    throw new PatternNotSupportedError(`${describeNode(node)} cannot scroll`, {
      details: { patterns: node.patterns },
    });
  }
  return node;
}

/** The one scrollable container of a window, when the caller named no container. */
function onlyScrollableIn(env: ActionEnv, window: string | undefined): string {
  const recovery = ['Pass the list as container: its ref from a snapshot'];
  if (window === undefined) {
    throw new InvalidParamsError('scrollIntoView needs container, target.within or target.window', {
      recovery,
    });
  }
  const query = { window, nameMatch: 'contains', caseSensitive: false, maxResults: 1000 } as const;
  const scrollables = env.cache.find(query).elements.filter((n) => n.patterns.includes('Scroll'));
  const [only, another] = scrollables;
  if (only !== undefined && another === undefined) return only.ref;
  throw new InvalidParamsError(
    `window "${window}" has ${scrollables.length} scrollable containers; name one as container`,
    { details: { candidates: scrollables.slice(0, 10).map(summarize) }, recovery },
  );
}

export function planScrollIntoView(env: ActionEnv, p: IntoViewParams): Promise<ActionPlan> {
  // A Promise executor turns a throw while planning into a rejection.
  return new Promise((resolve) => resolve(intoViewPlan(env, p)));
}

function intoViewPlan(env: ActionEnv, p: IntoViewParams): ActionPlan {
  const container = p.target.ref === undefined ? containerOf(env, p) : null;
  const existing = container === null ? nodeByRef(env.cache, p.target.ref ?? '') : undefined;
  const owner = container ?? existing ?? null;
  checkAllowed(env, owner);
  return {
    lane: windowLane(owner?.window ?? null),
    method: 'pattern',
    element: existing ?? null,
    windowRef: owner?.window ?? null,
    description: `scroll ${container === null ? 'into view' : describeNode(container)} until ${describeLocator(p.target)} shows`,
    perform: async () => {
      if (container !== null) await scrollUntilFound(env, p, container);
      const found = existing ?? (await resolveTarget({ ...env, waitMs: 0 }, p.target)).node;
      const element = found === null ? undefined : await ensureOnScreen(env, found);
      // The search's Scroll calls are the work; a ref already in the tree needs none of its own.
      return { element, method: 'pattern', via: container === null ? undefined : 'Scroll' };
    },
  };
}
