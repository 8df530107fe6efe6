/**
 * Effect checks: after the platform accepted an action, the executor looks for its effect in
 * the cache, first as events (the cache patches in place), then through a targeted re-read of
 * the element (an event may be lost or never sent), all within the action's deadline. An
 * action answers ok only once its effect is seen.
 */
import type { ElementNode } from '../../protocol/src/index.js';
import { NoEffectError } from '../errors.js';
import { summarize } from './changes.js';
import type { PatternAction } from '../backends/backend.js';
import { describeNode, performPattern, type ActionEnv, type Performed } from './env.js';
import { waitForValue } from './waits.js';

/** Longest look for one effect, per method tried. */
export const EFFECT_MS = 1_500;

/** What a check saw: whether the effect holds, and the element as last seen. */
export interface EffectSeen {
  ok: boolean;
  node: ElementNode | undefined;
}

/** Wait for `holds` on the cached element: events, then a targeted re-read, then events again. */
export async function seeEffect(
  env: ActionEnv,
  ref: string,
  holds: (node: ElementNode) => boolean,
  limitMs = EFFECT_MS,
): Promise<EffectSeen> {
  const probe = (): ElementNode | undefined => {
    const node = env.cache.node(ref);
    return node !== undefined && holds(node) ? node : undefined;
  };
  const budget = Math.min(limitMs, env.progress.remaining());
  env.progress.step(`waiting for the effect to show on ${ref}`);
  const byEvents = await waitForValue(env.cache, probe, env.progress.signal, budget / 3);
  if (byEvents !== undefined) return { ok: true, node: byEvents };
  await env.progress.race(env.cache.refresh(ref, env.progress.signal)).catch(() => undefined);
  const late = await waitForValue(
    env.cache,
    probe,
    env.progress.signal,
    Math.min((2 * budget) / 3, env.progress.remaining()),
  );
  return { ok: late !== undefined, node: late ?? env.cache.node(ref) };
}

/** The typed error of an action whose every method was accepted without effect. */
export function noEffect(
  what: string,
  node: ElementNode,
  details: { expected: unknown; tried: string[]; seen: ElementNode | undefined },
): NoEffectError {
  const seen = details.seen;
  return new NoEffectError(`${what} on ${describeNode(node)} was accepted but had no effect`, {
    details: {
      element: summarize(node),
      expected: details.expected,
      tried: details.tried,
      seen:
        seen === undefined
          ? null
          : { value: seen.value ?? null, name: seen.name, states: seen.states, range: seen.range },
    },
  });
}

/** Whether typed `text` shows in `value`; a single-line field takes newlines and tabs as keys. */
export function showsTyped(value: string | undefined, text: string): boolean {
  if (value === undefined) return false;
  const head = text.split('\t')[0] ?? '';
  const flat = head.replace(/\r?\n/g, '');
  return value.includes(head.replace(/\r\n/g, '\n')) || value.replace(/\n/g, '').includes(flat);
}

/** The toggle state among an element's states (checked, unchecked or mixed), if any. */
export function toggleState(states: readonly string[]): string | undefined {
  return (['checked', 'unchecked', 'mixed'] as const).find((s) => states.includes(s));
}

/**
 * The state a Toggle or ExpandCollapse must leave `node` in, or undefined where the outcome
 * is not a state change to expect (a checked radio button stays checked; an element that
 * reports neither expanded nor collapsed).
 */
export function expectedState(
  node: ElementNode,
  action: PatternAction,
): ((after: ElementNode) => boolean) | undefined {
  if (action.pattern === 'Toggle') {
    const before = toggleState(node.states);
    if (before === undefined || (node.controlType === 'RadioButton' && before === 'checked')) {
      return undefined;
    }
    return (after) => {
      const now = toggleState(after.states);
      return now !== undefined && now !== before;
    };
  }
  if (action.pattern === 'ExpandCollapse') {
    const known = node.states.includes('expanded') || node.states.includes('collapsed');
    if (!known) return undefined;
    const expand = action.op === 'expand';
    return (after) => after.states.includes('expanded') === expand;
  }
  return undefined;
}

/** Perform a pattern operation and, where it must change a state, see that it did. */
export async function performChecked(
  env: ActionEnv,
  node: ElementNode,
  action: PatternAction,
): Promise<Performed> {
  const holds = expectedState(node, action);
  const done = await performPattern(env, node, action);
  if (holds === undefined) return done;
  const seen = await seeEffect(env, node.ref, holds);
  if (!seen.ok) {
    throw noEffect(action.pattern, node, {
      expected: action.pattern === 'Toggle' ? 'a different toggle state' : action,
      tried: [done.via ?? action.pattern],
      seen: seen.node,
    });
  }
  return done;
}
