/**
 * One move of a scrollable container, and whether the cache saw its effect: a Scroll pattern
 * notch, or a jump of its scroll bar's RangeValue. Both answer whether the container's subtree
 * changed because of it, so a caller knows when a list stopped moving (it reached an end).
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import { backendIdOf, callOptions, type ActionEnv } from '../env.js';
import type { PatternAction } from '../../backends/backend.js';
import { recordPatches, waitForValue } from '../waits.js';

export type Direction = MethodParams<'actions.scroll'>['direction'];

/** How long a scroll may take to show up in the cache before the list counts as at its end. */
export const SCROLL_QUIET_MS = 250;

/** Perform `action` on `on`; true when the subtree of `container` changed because of it. */
export async function moveAndWatch(
  env: ActionEnv,
  container: ElementNode,
  on: ElementNode,
  action: PatternAction,
): Promise<boolean> {
  const recorder = recordPatches(env.cache);
  try {
    await env.progress.race(
      env.backend.performPattern(backendIdOf(env, on), action, callOptions(env)),
    );
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
    const seen = await waitForValue(
      env.cache,
      () => (moved() ? true : undefined),
      env.progress.signal,
      limit,
    );
    return seen === true;
  } finally {
    recorder.stop();
  }
}

/** One Scroll pattern notch of `container`. */
export function notch(
  env: ActionEnv,
  container: ElementNode,
  direction: Direction,
): Promise<boolean> {
  return moveAndWatch(env, container, container, { pattern: 'Scroll', direction, amount: 1 });
}

function isUnder(env: ActionEnv, ref: string | null, ancestor: string): boolean {
  let at = ref === null ? undefined : env.cache.node(ref);
  for (let depth = 0; at !== undefined && depth < 256; depth++) {
    if (at.parent === ancestor) return true;
    at = at.parent === null ? undefined : env.cache.node(at.parent);
  }
  return false;
}

/**
 * The vertical scroll bar that moves `container`, when it has a settable range: among the
 * container's children (GTK, UIA list views), else among its siblings (a scroll pane holding
 * the view and its bars).
 */
export function verticalBarOf(env: ActionEnv, container: ElementNode): ElementNode | undefined {
  const near = (root: string): ElementNode[] => env.cache.subtree(root, 1).nodes;
  const candidates = [
    ...near(container.ref),
    ...(container.parent === null ? [] : near(container.parent)),
  ];
  return candidates.find(
    (n) =>
      n.controlType === 'ScrollBar' &&
      n.range !== undefined &&
      n.range.max > n.range.min &&
      n.patterns.includes('RangeValue') &&
      (n.rect === null || n.rect.height >= n.rect.width),
  );
}
