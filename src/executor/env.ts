/**
 * What an action sees while it runs: the backend and cache, the access policy, and the progress
 * (deadline + signal) of this one action. Actions plan first (resolve the target from the
 * cache, check it, pick a lane), then perform inside their lane.
 */
import type { ElementNode } from '../../protocol/src/index.js';
import type { AccessibilityBackend, BackendId, PatternAction } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import { ElementStaleError } from '../errors.js';
import type { Progress } from './progress.js';
import type { AccessPolicy } from '../policy/access.js';

export interface ActionEnv {
  backend: AccessibilityBackend;
  cache: UiCache;
  policy: AccessPolicy;
  progress: Progress;
  /** The caller's options, as validated (waitMs, allowInput...). */
  waitMs: number;
  allowInput: boolean;
  /** Re-fetch touched windows after acting (config.executor.refreshAfterAction). */
  refreshAfterAction: boolean;
  /** "keep": refuse paths that need the focus, restore what input borrowed (focus-policy.ts). */
  focusPolicy?: 'allow' | 'keep';
}

/** How an action is carried out, as reported in ActionResult.method. */
export type ActionMethodKind = 'pattern' | 'input' | 'none';

/** What carried an action out, as its perform answers it (ActionResult.method and via). */
export interface Performed {
  /** The element acted on, when it was only known then (scrollIntoView finds it). */
  element?: ElementNode | undefined;
  method: ActionMethodKind;
  /** The pattern or platform call (Value, SelectChild), or the input (keyboard). */
  via?: string | undefined;
  /** What went wrong after the effect happened: the action answers ok with them. */
  warnings?: string[] | undefined;
}

/** The outcome of planning: where to run, on what, and how. */
export interface ActionPlan {
  /** Lane to run in (INPUT_LANE or a window lane). */
  lane: string;
  method: ActionMethodKind;
  /** The element acted on, when there is one. */
  element: ElementNode | null;
  /** The window whose patches make up the settle period and the result. */
  windowRef: string | null;
  /** What it would do, for dry runs and the audit log. */
  description: string;
  /** Carry the action out; runs inside the lane, every await passing env.progress on. */
  perform(): Promise<Performed>;
}

/** The backend id behind a ref, or element_stale when the element is gone. */
export function backendIdOf(env: ActionEnv, node: ElementNode): BackendId {
  const id = env.cache.backendId(node.ref);
  if (id === undefined) {
    throw new ElementStaleError(`${node.controlType} "${node.name}" (${node.ref}) is gone`, {
      details: { ref: node.ref, locator: { controlType: node.controlType, name: node.name } },
    });
  }
  return id;
}

/** Options every backend call gets: the action's signal. */
export function callOptions(env: ActionEnv): { signal: AbortSignal } {
  return { signal: env.progress.signal };
}

/** Centre of an element's rect, or undefined without one. */
export function centreOf(node: ElementNode): { x: number; y: number } | undefined {
  if (node.rect === null) return undefined;
  return {
    x: Math.round(node.rect.x + node.rect.width / 2),
    y: Math.round(node.rect.y + node.rect.height / 2),
  };
}

/** Short description of an element for messages. */
export function describeNode(node: ElementNode): string {
  return `${node.controlType} "${node.name}" (${node.ref})`;
}

/**
 * Perform a pattern operation on `node` under the action's deadline; answers how the backend
 * really carried it out (a real click instead of the platform action, say).
 */
export async function performPattern(
  env: ActionEnv,
  node: ElementNode,
  action: PatternAction,
): Promise<Performed> {
  env.progress.step(`${action.pattern} on ${describeNode(node)}`);
  const done = await env.progress.race(
    env.backend.performPattern(backendIdOf(env, node), action, callOptions(env)),
  );
  return { method: done?.via ?? 'pattern', via: done?.detail ?? action.pattern };
}

/** Raw input carried the action out (through `via`: keyboard, click, wheel). */
export function byInput(via?: string): Performed {
  return { method: 'input', via };
}
