/**
 * Resolving an action's target from the cache (never the backend): a ref (stale ->
 * element_stale with the locator the cache kept), a locator that must match exactly one element
 * (optionally waiting, driven by events, up to waitMs for it to appear), or a screen point.
 */
import type { ElementNode, Target } from '../../protocol/src/index.js';
import type { FindParams, UiCache } from '../cache/api.js';
import {
  ElementNotFoundError,
  ElementStaleError,
  isUiError,
  MultipleMatchesError,
} from '../errors.js';
import { summarize } from './changes.js';
import type { ActionEnv } from './env.js';
import { waitForValue } from './waits.js';

export type ResolvedTarget =
  | { kind: 'element'; node: ElementNode }
  | { kind: 'point'; x: number; y: number; node: ElementNode | null };

/** How many candidates a multiple_matches error lists. */
const MAX_CANDIDATES = 10;

export function hasLocator(target: Target): boolean {
  return (
    target.name !== undefined ||
    target.automationId !== undefined ||
    target.controlType !== undefined
  );
}

/** The find query of a locator target, defaults filled in. */
export function locatorQuery(target: Target, maxResults = MAX_CANDIDATES): FindParams {
  return {
    name: target.name,
    nameMatch: target.nameMatch ?? 'contains',
    caseSensitive: target.caseSensitive ?? false,
    controlType: target.controlType,
    automationId: target.automationId,
    value: target.value,
    window: target.window,
    app: target.app,
    within: target.within,
    maxDepth: target.maxDepth,
    maxResults,
  };
}

/** A live node by ref, or element_stale (with the cache's locator) when it vanished. */
export function nodeByRef(cache: UiCache, ref: string): ElementNode {
  const node = cache.node(ref);
  if (node !== undefined) return node;
  cache.get({ ref }); // throws element_stale (details.locator) or element_not_found
  throw new ElementStaleError(`element ${ref} is gone`, { details: { ref } });
}

/** Find a locator's matches now; a window that does not exist (yet) means no match. */
export function findMatches(
  cache: UiCache,
  target: Target,
): { nodes: ElementNode[]; scanned: number } {
  try {
    const found = cache.find(locatorQuery(target));
    return { nodes: found.elements, scanned: found.scanned };
  } catch (err) {
    const absent =
      isUiError(err) && (err.code === 'window_not_found' || err.code === 'app_not_found');
    if (absent) return { nodes: [], scanned: 0 };
    throw err;
  }
}

/** Resolve a target to one element or a point, waiting up to env.waitMs for a locator. */
export async function resolveTarget(env: ActionEnv, target: Target): Promise<ResolvedTarget> {
  if (target.ref !== undefined) return { kind: 'element', node: nodeByRef(env.cache, target.ref) };
  if (!hasLocator(target) && target.x !== undefined && target.y !== undefined) {
    const at = env.cache.at({ x: target.x, y: target.y });
    return { kind: 'point', x: target.x, y: target.y, node: at.element };
  }
  const limit = Math.min(env.waitMs, env.progress.remaining());
  env.progress.step(`waiting for ${describeLocator(target)}`);
  const matches = await waitForValue(
    env.cache,
    () => {
      const found = findMatches(env.cache, target);
      return found.nodes.length > 0 ? found : undefined;
    },
    env.progress.signal,
    limit,
  );
  return { kind: 'element', node: exactlyOne(target, matches ?? findMatches(env.cache, target)) };
}

function exactlyOne(target: Target, found: { nodes: ElementNode[]; scanned: number }): ElementNode {
  const [first, second] = found.nodes;
  const locator = locatorQuery(target);
  if (first === undefined) {
    throw new ElementNotFoundError(`nothing matches ${describeLocator(target)}`, {
      details: { locator, scanned: found.scanned },
    });
  }
  if (second !== undefined) {
    throw new MultipleMatchesError(
      `${found.nodes.length}${found.nodes.length >= MAX_CANDIDATES ? '+' : ''} elements match ${describeLocator(target)}`,
      { details: { locator, candidates: found.nodes.map(summarize), scanned: found.scanned } },
    );
  }
  return first;
}

export function describeLocator(target: Target): string {
  const parts: string[] = [];
  if (target.controlType !== undefined) parts.push(target.controlType);
  if (target.name !== undefined) parts.push(`"${target.name}"`);
  if (target.automationId !== undefined) parts.push(`#${target.automationId}`);
  if (target.window !== undefined) parts.push(`in "${target.window}"`);
  return parts.join(' ') || 'the locator';
}
