/**
 * Actionability checks, all read from the cache: the target is allowed (deny list), enabled,
 * on screen (or scrolled there through ScrollItem), and its window is in the foreground.
 * Where a check needs the desktop to change first, it waits for the change as an event.
 */
import type { ElementNode, WindowInfo } from '../../protocol/src/index.js';
import { ActionFailedError, isUiError } from '../errors.js';
import { summarize } from './changes.js';
import { backendIdOf, callOptions, describeNode, type ActionEnv, performPattern } from './env.js';
import { waitForValue } from './waits.js';
import { hint } from '../hints.js';

/** Longest wait for the desktop to confirm a focus or foreground change, per attempt. */
export const CONFIRM_MS = 2_000;

/**
 * The cached window `ref`, or undefined when there is none (or it has gone). Looked up by ref
 * alone: building the whole window list for one entry cost every action a list per call.
 */
export function windowInfo(env: ActionEnv, ref: string | null): WindowInfo | undefined {
  if (ref === null || !/^w\d+$/.test(ref)) return undefined;
  try {
    return env.cache.resolveWindow(ref);
  } catch (err) {
    if (isUiError(err)) return undefined;
    throw err;
  }
}

/** Refuse an element whose app is on the deny list (checked on the node and its window). */
export function checkAllowed(env: ActionEnv, node: ElementNode | null): void {
  if (node === null || !env.policy.hasDenyList) return;
  const window = windowInfo(env, node.window);
  env.policy.checkTarget({ app: node.app, pid: node.pid, window: node.window });
  if (window !== undefined) {
    env.policy.checkTarget({ app: window.app, pid: window.pid, window: window.ref });
  }
}

function windowAllowed(env: ActionEnv, w: WindowInfo): void {
  env.policy.checkTarget({ app: w.app, pid: w.pid, window: w.ref });
}

/**
 * Refuse input with no target while a denied app holds the keyboard: the focused element and
 * the foreground window are both checked, since either may be all the cache knows.
 */
export function checkKeyboardAllowed(env: ActionEnv, focused: ElementNode | null): void {
  if (!env.policy.hasDenyList) return;
  checkAllowed(env, focused);
  const windows = env.cache.windowsList({ includeMinimized: false }).windows;
  for (const w of windows) if (w.foreground) windowAllowed(env, w);
}

/**
 * Refuse a click at a point over a denied app: the element there, and every window whose
 * rectangle holds the point (the cache's stacking order may lag the screen's).
 */
export function checkPointAllowed(env: ActionEnv, x: number, y: number, node: ElementNode | null) {
  if (!env.policy.hasDenyList) return;
  checkAllowed(env, node);
  for (const w of env.cache.windowsList({ includeMinimized: false }).windows) {
    const r = w.rect;
    if (r !== null && x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height)
      windowAllowed(env, w);
  }
}

/** The live node; waits up to waitMs for it to become enabled, else action_failed. */
export async function ensureEnabled(env: ActionEnv, node: ElementNode): Promise<ElementNode> {
  const enabledNow = (): ElementNode | undefined => {
    const live = env.cache.node(node.ref);
    return live?.states.includes('enabled') === true ? live : undefined;
  };
  const now = enabledNow();
  if (now !== undefined) return now;
  env.progress.step(`waiting for ${describeNode(node)} to be enabled`);
  const enabled = await waitForValue(
    env.cache,
    enabledNow,
    env.progress.signal,
    Math.min(env.waitMs, env.progress.remaining()),
  );
  if (enabled !== undefined) return enabled;
  throw new ActionFailedError(`${describeNode(node)} is disabled`, {
    details: { reason: 'disabled', element: summarize(node) },
    recovery: [
      hint('Wait until it is enabled ({call}, or waitMs)', 'actions.waitFor', {
        condition: 'enabled',
      }),
    ],
  });
}

/** Toolkits place elements that are not laid out at INT_MIN (GTK) while still SHOWING. */
const OFF_WORLD = -(2 ** 30);

export function onScreen(node: ElementNode | undefined): ElementNode | undefined {
  if (node === undefined || node.rect === null || node.states.includes('offscreen')) return;
  const { x, y, width, height } = node.rect;
  if (x <= OFF_WORLD || y <= OFF_WORLD) return undefined;
  return width > 0 && height > 0 ? node : undefined;
}

/** The live node once it is on screen, scrolling it there through ScrollItem if needed. */
export async function ensureOnScreen(env: ActionEnv, node: ElementNode): Promise<ElementNode> {
  const visible = onScreen(env.cache.node(node.ref));
  if (visible !== undefined) return visible;
  if (!node.patterns.includes('ScrollItem')) {
    throw new ActionFailedError(`${describeNode(node)} is not on screen`, {
      details: { reason: 'offscreen', element: summarize(node) },
      recovery: [hint('Scroll it into view first ({call})', 'actions.scrollIntoView')],
    });
  }
  await performPattern(env, node, { pattern: 'ScrollItem' });
  const shown = await waitForValue(
    env.cache,
    () => onScreen(env.cache.node(node.ref)),
    env.progress.signal,
    Math.min(CONFIRM_MS, env.progress.remaining()),
  );
  if (shown !== undefined) return shown;
  throw new ActionFailedError(`${describeNode(node)} stayed off screen after scrolling`, {
    details: { reason: 'offscreen', element: summarize(node) },
  });
}

/** Bring a window to the foreground and wait for the desktop to confirm it. */
export async function ensureForeground(env: ActionEnv, windowRef: string | null): Promise<void> {
  const window = windowInfo(env, windowRef);
  if (window === undefined || window.foreground) return;
  const id = env.cache.backendId(window.element);
  if (id === undefined) return;
  env.progress.step(`bringing window "${window.title}" to the front`);
  await env.progress.race(env.backend.activateWindow(id, callOptions(env)));
  // Focus or activation landing elsewhere after our request means we lost the race: fail fast.
  const confirmed = await waitForValue(
    env.cache,
    (batch) => {
      if (windowInfo(env, windowRef)?.foreground === true) return true;
      const moved = batch?.patches.some((p) => p.op === 'window.activated' || p.op === 'focus');
      return moved === true ? false : undefined;
    },
    env.progress.signal,
    Math.min(CONFIRM_MS, env.progress.remaining()),
  );
  if (confirmed === true) return;
  const front = env.cache
    .windowsList({ includeMinimized: false })
    .windows.find((w) => w.foreground);
  throw new ActionFailedError(`window "${window.title}" could not be brought to the foreground`, {
    details: {
      reason: 'not_foreground',
      window: window.ref,
      foreground:
        front === undefined ? null : { ref: front.ref, title: front.title, modal: front.modal },
    },
    recovery: front?.modal === true ? ['Close the modal dialog first'] : undefined,
  });
}

/** The focused element when it is `node` or inside it, else undefined. */
export function focusWithin(env: ActionEnv, node: ElementNode): ElementNode | undefined {
  // Qt editors report several FOCUSED elements at once: the target's own state is its word.
  const live = env.cache.node(node.ref);
  if (live?.states.includes('focused') === true) return live;
  const focused = env.cache.focused({}).element;
  let at: ElementNode | undefined = focused ?? undefined;
  for (let depth = 0; at !== undefined && depth < 256; depth++) {
    if (at.ref === node.ref) return focused ?? undefined;
    at = at.parent === null ? undefined : env.cache.node(at.parent);
  }
  if (node.controlType === 'Window' && focused?.window === node.window) return focused;
  return undefined;
}

/**
 * Move keyboard focus to `node` (window first) and wait until the cache shows it. Answers false
 * as soon as a focus change lands that leaves focus elsewhere (focus was taken away).
 */
export async function focusAndConfirm(env: ActionEnv, node: ElementNode): Promise<boolean> {
  await ensureForeground(env, node.window);
  if (focusWithin(env, node) !== undefined) return true;
  env.progress.step(`focusing ${describeNode(node)}`);
  await env.progress.race(env.backend.focus(backendIdOf(env, node), callOptions(env)));
  const landed = await waitForValue(
    env.cache,
    (batch) => {
      if (focusWithin(env, node) !== undefined) return true;
      return batch?.patches.some((p) => p.op === 'focus') === true ? false : undefined;
    },
    env.progress.signal,
    Math.min(CONFIRM_MS, env.progress.remaining()),
  );
  return landed === true;
}
