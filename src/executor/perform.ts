/**
 * Planning and performing one action: dispatch to the action's planner, then (inside its
 * lane) check the element is still there, perform, settle, and build the ActionResult from the
 * patches seen meanwhile.
 */
import type {
  ActionResult,
  ElementNode,
  MethodParams,
  Patch,
  WindowInfo,
} from '../../protocol/src/index.js';
import { planClick } from './actions/click.js';
import { planDrag } from './actions/drag.js';
import { planFocus } from './actions/focus.js';
import { planInvoke } from './actions/invoke.js';
import { planSetValue } from './actions/set-value.js';
import { planScroll, planScrollIntoView } from './actions/scroll.js';
import { planSelect } from './actions/select.js';
import { planKeys, planType } from './actions/type.js';
import type { ActionMethod } from './api.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import { InvalidParamsError } from '../errors.js';
import { keepState, restoreState, type InputUsage, type KeptState } from './focus-policy.js';
import { emptyChanges, summarize, summarizeChanges, windowState } from './changes.js';
import { windowInfo } from './actionability.js';
import { callOptions, type ActionEnv, type ActionPlan } from './env.js';
import { nodeByRef } from './target.js';
import { untilModalOpens } from './modal.js';
import { planRefresh } from './refresh.js';
import { nameResultWindow, type WindowLookup } from './result-window.js';
import { untilShownListed } from './shown-windows.js';
import { recordPatches, touchesWindow, untilWindowsAnnounced } from './waits.js';

/**
 * The settle period ends once the action's window has been quiet for settleMs, and at most this
 * many settle periods after it began: a storm in the same window (a page still scrolling, a
 * live region ticking) would otherwise hold every answer until the storm ends. An effect that
 * comes later is still seen by the verification and by the next read.
 */
const SETTLE_CAP_PERIODS = 4;

/** The action methods that are planned and queued (waitFor and batch are not). */
export type PlannedMethod = Exclude<ActionMethod, 'actions.waitFor' | 'actions.batch'>;

/** The planner of each planned action method, declared once. */
const PLANNERS: {
  [M in PlannedMethod]: (env: ActionEnv, params: MethodParams<M>) => Promise<ActionPlan>;
} = {
  'actions.click': planClick,
  'actions.type': planType,
  'actions.keys': planKeys,
  'actions.setValue': planSetValue,
  'actions.select': planSelect,
  'actions.invoke': planInvoke,
  'actions.focus': planFocus,
  'actions.scroll': planScroll,
  'actions.scrollIntoView': planScrollIntoView,
  'actions.drag': planDrag,
};

export function planAction<M extends PlannedMethod>(
  method: M,
  env: ActionEnv,
  params: MethodParams<M>,
): Promise<ActionPlan> {
  // Own-property lookup: a caller that bypasses the types still gets a typed error.
  if (!Object.hasOwn(PLANNERS, method)) {
    return Promise.reject(
      new InvalidParamsError(`${String(method)} is not an action`, { details: { method } }),
    );
  }
  return (PLANNERS[method] as (env: ActionEnv, params: MethodParams<M>) => Promise<ActionPlan>)(
    env,
    params,
  );
}

function baseResult(
  method: string,
  env: ActionEnv,
  plan: ActionPlan,
  element: ElementNode | null,
  started: number,
): ActionResult {
  const live = element === null ? null : (env.cache.node(element.ref) ?? element);
  return {
    action: method,
    dryRun: false,
    method: plan.method,
    element: live === null ? null : summarize(live),
    window: windowState(windowInfo(env, plan.windowRef)),
    durationMs: performance.now() - started,
    revision: env.cache.revision,
    changes: emptyChanges(),
    tookFocus: false,
    movedPointer: false,
  };
}

/** What a dry run answers: the resolved target and how it would be acted on. */
export function dryRunResult(
  method: string,
  env: ActionEnv,
  plan: ActionPlan,
  started: number,
): ActionResult {
  return { ...baseResult(method, env, plan, plan.element, started), dryRun: true };
}

/** The app of the window an action targets, when the cache knows it. */
function appOf(env: ActionEnv, plan: ActionPlan): string | undefined {
  return windowInfo(env, plan.windowRef)?.app;
}

/**
 * The backend id of the app an action goes to, taken before it acts (a click that closes a
 * dialog removes its own element): the target, else its window, else the focused element.
 */
function settleTarget(env: ActionEnv, plan: ActionPlan): string | undefined {
  const ref =
    plan.element?.ref ??
    windowInfo(env, plan.windowRef)?.element ??
    env.cache.focused({}).element?.ref;
  return ref === undefined ? undefined : env.cache.backendId(ref);
}

/**
 * Let the backend confirm the app acted on has handled the action and sent its events, so the
 * settle period starts from there: a dialog a shortcut opens is announced within it.
 */
async function settleBackend(env: ActionEnv, id: string | undefined): Promise<void> {
  if (env.backend.settle === undefined || id === undefined) return;
  await env.progress.race(env.backend.settle(id, callOptions(env))).catch(() => undefined);
}

/**
 * Wait (up to `limitMs`) for the cache's fetches in flight: what the action changed may still be
 * being read (a window list re-read after the X server saw a dialog close). Resolves whether
 * anything had to be waited for.
 */
async function untilFetched(env: ActionEnv, limitMs: number): Promise<boolean> {
  // settleMs 0 asks for no settling: without this, a fetch in flight (a background re-read)
  // held the answer until a 0 ms timer fired, a turn and ~1 ms later.
  if (limitMs <= 0) return false;
  const limit = AbortSignal.any([env.progress.signal, AbortSignal.timeout(limitMs)]);
  const started = performance.now();
  await env.cache.whenIdle(limit).catch(() => undefined);
  // An idle cache answers at once; any measurable wait means a fetch was still running.
  return performance.now() - started >= 1;
}

/** The window the result names, from what the cache holds after the settle. */
function resultWindow(
  env: ActionEnv,
  plan: ActionPlan,
  changes: ActionResult['changes'],
  patches: readonly Patch[],
): WindowInfo | undefined {
  const lookup: WindowLookup = {
    window: (ref) => windowInfo(env, ref),
    focusedWindow: () => windowInfo(env, env.cache.focused({}).element?.window ?? null),
    foreground: () =>
      env.cache.windowsList({ includeMinimized: false }).windows.find((w) => w.foreground),
  };
  return nameResultWindow(lookup, plan.windowRef, changes, patches);
}

/** How an action's use of focus and pointer is seen and, under "keep", undone. */
export interface FocusTracking {
  usage: InputUsage;
  /** The backend without tracking: restoring is not the action's own input. */
  raw: AccessibilityBackend;
}

/** Perform a planned action inside its lane and report what it caused. */
export async function performAction(
  method: string,
  env: ActionEnv,
  plan: ActionPlan,
  options: { settleMs: number; includePatches: boolean; tracking?: FocusTracking },
  started: number,
): Promise<ActionResult> {
  env.progress.check();
  // The element may have gone while the action waited for its lane.
  if (plan.element !== null) nodeByRef(env.cache, plan.element.ref);
  const { tracking } = options;
  const kept =
    env.focusPolicy === 'keep' && tracking !== undefined
      ? await keepState(env, tracking.raw)
      : undefined;
  const recorder = recordPatches(env.cache);
  const settleId = settleTarget(env, plan);
  const focusedBefore = env.cache.focused({}).element?.ref;
  const refreshAfter = env.refreshAfterAction
    ? planRefresh(env.cache, [plan.element?.ref, focusedBefore])
    : undefined;
  try {
    // A modal that opens inside the platform call answers before the call does; what the call
    // reports (a real click instead of the pattern) still counts once it has come back.
    let late: Awaited<ReturnType<ActionPlan['perform']>> | undefined;
    const actedAt = performance.now();
    const performing = plan.perform();
    performing.then((value) => (late = value)).catch(() => undefined);
    const outcome =
      plan.method === 'pattern'
        ? await untilModalOpens(() => performing, env.cache, appOf(env, plan))
        : { blocked: false as const, value: await performing };
    const done = outcome.blocked ? undefined : outcome.value;
    const acted = done?.element ?? plan.element;
    if (!outcome.blocked) await settleBackend(env, settleId);
    refreshAfter?.(acted?.ref);
    const relevant = (patch: Parameters<typeof touchesWindow>[2]): boolean =>
      touchesWindow(env.cache, plan.windowRef, patch);
    const { signal } = env.progress;
    const settleCapMs = options.settleMs * SETTLE_CAP_PERIODS;
    env.progress.step('waiting for the window to settle');
    await recorder.quiet(options.settleMs, relevant, signal, settleCapMs);
    if (await untilFetched(env, settleCapMs))
      await recorder.quiet(options.settleMs, relevant, signal, settleCapMs);
    const shown = await untilShownListed(env, settleId, actedAt);
    if (shown.waited) await recorder.quiet(options.settleMs, relevant, signal, settleCapMs);
    if (await untilWindowsAnnounced(env.cache, recorder.batches, signal, env.progress.remaining()))
      await recorder.quiet(options.settleMs, relevant, signal, settleCapMs);
    const patches = recorder.batches.flatMap((b) => b.patches).filter(relevant);
    const result = baseResult(method, env, plan, acted, started);
    const reported = done ?? late;
    if (reported !== undefined) result.method = reported.method;
    if (reported?.via !== undefined) result.via = reported.via;
    const warnings = [...(reported?.warnings ?? []), ...shown.warnings];
    if (warnings.length > 0) result.warnings = warnings;
    result.changes = summarizeChanges(patches, env.cache);
    result.window = windowState(resultWindow(env, plan, result.changes, patches));
    if (tracking !== undefined) await reportFocusUse(env, result, tracking, kept, plan);
    if (options.includePatches) result.patches = patches;
    if (outcome.blocked) result.blockedBy = outcome.dialog;
    return result;
  } finally {
    recorder.stop();
  }
}

/** Say whether the action took the focus or moved the pointer; under "keep", put them back. */
async function reportFocusUse(
  env: ActionEnv,
  result: ActionResult,
  { usage, raw }: FocusTracking,
  kept: KeptState | undefined,
  plan: ActionPlan,
): Promise<void> {
  // A pattern the backend carried out as a real click (a toolkit's modal-loop action).
  if (plan.method === 'pattern' && result.method === 'input') {
    usage.tookFocus = true;
    usage.movedPointer = true;
  }
  result.tookFocus = usage.tookFocus;
  result.movedPointer = usage.movedPointer;
  if (kept === undefined || !(usage.tookFocus || usage.movedPointer)) return;
  const { restored, warnings } = await restoreState(env, raw, kept, usage);
  result.restored = restored;
  if (warnings.length > 0) result.warnings = [...(result.warnings ?? []), ...warnings];
}
