/**
 * actions.scroll and actions.scrollIntoView. Scrolling uses the Scroll pattern when the
 * element has it (window lane), else the mouse wheel at its centre (input lane). Scrolling
 * into view pages a (virtualized) container until the target exists: down first, then up,
 * and answers scroll_exhausted when neither direction changes the list any more.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import { InvalidParamsError, PatternNotSupportedError, UiError } from '../../errors.js';
import { checkAllowed, ensureForeground, ensureOnScreen } from '../actionability.js';
import {
  callOptions,
  centreOf,
  describeNode,
  type ActionEnv,
  type ActionPlan,
  performPattern,
} from '../env.js';
import { summarize } from '../changes.js';
import { INPUT_LANE, windowLane } from '../queue.js';
import { findMatches, describeLocator, nodeByRef, resolveTarget } from '../target.js';
import { recordPatches, waitForValue } from '../waits.js';

type ScrollParams = MethodParams<'actions.scroll'>;
type IntoViewParams = MethodParams<'actions.scrollIntoView'>;
type Direction = ScrollParams['direction'];

/** How long a scroll may take to show up in the cache before the list counts as at its end. */
export const SCROLL_QUIET_MS = 250;

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
): Promise<void> {
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
      await env.progress.race(env.backend.input(action, callOptions(env)));
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

/** Scroll one step; true when the container's subtree changed because of it. */
async function step(
  env: ActionEnv,
  container: ElementNode,
  direction: Direction,
): Promise<boolean> {
  const recorder = recordPatches(env.cache);
  try {
    await scrollPattern(env, container, direction, 1);
    const inside = (ref: string | null): boolean =>
      ref === container.ref || isUnder(env, ref, container.ref);
    const moved = (): boolean =>
      recorder.batches.some((b) =>
        b.patches.some((patch) => {
          if (patch.op === 'add' || patch.op === 'remove' || patch.op === 'reorder')
            return inside(patch.parent);
          return patch.op === 'update' && inside(patch.ref);
        }),
      );
    if (moved()) return true;
    const limit = Math.min(SCROLL_QUIET_MS, env.progress.remaining());
    return (
      (await waitForValue(
        env.cache,
        () => (moved() ? true : undefined),
        env.progress.signal,
        limit,
      )) === true
    );
  } finally {
    recorder.stop();
  }
}

function isUnder(env: ActionEnv, ref: string | null, ancestor: string): boolean {
  let at = ref === null ? undefined : env.cache.node(ref);
  for (let depth = 0; at !== undefined && depth < 256; depth++) {
    if (at.parent === ancestor) return true;
    at = at.parent === null ? undefined : env.cache.node(at.parent);
  }
  return false;
}

async function scrollUntilFound(
  env: ActionEnv,
  p: IntoViewParams,
  container: ElementNode,
): Promise<number> {
  let scrolls = 0;
  for (const direction of ['down', 'up'] as const) {
    while (findMatches(env.cache, p.target).nodes.length === 0) {
      if (scrolls >= p.maxScrolls) throw exhausted(p, scrolls, 'maxScrolls reached');
      scrolls += 1;
      if (!(await step(env, container, direction))) break;
    }
  }
  if (findMatches(env.cache, p.target).nodes.length === 0)
    throw exhausted(p, scrolls, 'end of list both ways');
  return scrolls;
}

function exhausted(p: IntoViewParams, scrolls: number, why: string): UiError {
  return new UiError(
    'scroll_exhausted',
    `${describeLocator(p.target)} did not appear after ${scrolls} scrolls (${why})`,
    {
      details: { scrolls, reason: why, locator: p.target },
    },
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
      return found === null ? undefined : ensureOnScreen(env, found);
    },
  };
}
