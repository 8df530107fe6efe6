/**
 * Atomic focus-then-input: focus the target, confirm from the cache that it holds focus, inject,
 * and check focus held throughout. Focus that would not land is retried; input is sent once at
 * most: a toolkit may report focus on another element than the one that took the keys (office
 * documents, Qt editors), and a second send would type the text twice. When focus moved during
 * the input, the caller's effect check decides: the effect seen answers ok with a warning.
 */
import type { ElementNode } from '../../protocol/src/index.js';
import { ActionFailedError, isUiError } from '../errors.js';
import { focusAndConfirm, focusWithin } from './actionability.js';
import { summarize } from './changes.js';
import { describeNode, type ActionEnv } from './env.js';
import { hint } from '../hints.js';
import { checkFocusKept } from './focus-policy.js';
import { untilShownListed } from './shown-windows.js';
import { EFFECT_MS } from './verify.js';
import { waitForValue } from './waits.js';

export const FOCUS_ATTEMPTS = 3;

/** How the input went: the attempt that sent it (1-based), and where focus went meanwhile. */
export interface InputSent {
  attempt: number;
  /** Set when the cache saw focus leave the target while the input was sent. */
  focusMovedTo?: string;
  /** The title of a window that opened during the input and took the focus (its effect). */
  openedWindow?: string;
  /** The windows listed before the input, when focus moved (a later one may be its effect). */
  windowsBefore?: string[];
  /** When the input was sent (performance.now()), when focus moved. */
  sentAt?: number;
}

/** Run `inject` once with `node` focused; fails only when focus never landed. */
export async function focusThenInput(
  env: ActionEnv,
  node: ElementNode,
  inject: () => Promise<void>,
  what: 'typing' | 'keys' = 'typing',
): Promise<InputSent> {
  checkFocusKept(env, node, what);
  const lost: string[] = [];
  for (let attempt = 1; attempt <= FOCUS_ATTEMPTS; attempt++) {
    env.progress.check();
    if (!(await focusLanded(env, node))) {
      lost.push(`attempt ${attempt}: focus did not land (it is on ${focusedName(env)})`);
      continue;
    }
    const before = new Set(windowRefs(env));
    const sentAt = performance.now();
    await inject();
    if (focusWithin(env, node) !== undefined) return { attempt };
    const sent: InputSent = {
      attempt,
      focusMovedTo: focusedName(env),
      windowsBefore: [...before],
      sentAt,
    };
    const opened = openedWithFocus(env, before);
    if (opened !== undefined) sent.openedWindow = opened;
    return sent;
  }
  throw new ActionFailedError(
    `could not focus ${describeNode(node)} in ${FOCUS_ATTEMPTS} attempts; nothing was sent`,
    {
      details: { reason: 'focus_lost', attempts: lost, element: summarize(node) },
      recovery: [
        'Something keeps taking focus: close the window or dialog that steals it and retry',
        hint('Use {call}, which needs no keyboard focus', 'actions.setValue'),
      ],
    },
  );
}

function windowRefs(env: ActionEnv): string[] {
  return env.cache.windowsList({ includeMinimized: true }).windows.map((w) => w.ref);
}

/** The error for input sent while focus moved away, when no effect could confirm it landed. */
export function inputUnconfirmed(node: ElementNode, sent: InputSent): ActionFailedError {
  return new ActionFailedError(
    `focus moved from ${describeNode(node)} to ${sent.focusMovedTo ?? 'elsewhere'} while the input was sent, and nothing shows where it went`,
    {
      details: { reason: 'focus_moved', sent: true, element: summarize(node) },
      recovery: ['The input was sent once: look at the app before sending it again'],
    },
  );
}

/** A window not in `before` that has the focus, or is in front with focus nowhere yet. */
function openedWithFocus(env: ActionEnv, before: ReadonlySet<string>): string | undefined {
  const into = env.cache.focused({}).element?.window;
  return env.cache
    .windowsList({ includeMinimized: true })
    .windows.find((w) => !before.has(w.ref) && (w.ref === into || (!into && w.foreground)))?.title;
}

/**
 * What shows where input went after focus left the target, waited for (event-driven, bounded):
 * the target's window closing (a key that closed its dialog), or a window the input opened
 * taking the focus. Both may come after a stray focus event elsewhere: under load GTK 4 without
 * a window manager reported the focus on a button of the target's window (the one that opened
 * the dialog of the round before) while Ctrl+Shift+F opened Find, whose entry took it after.
 * A window the input opened may also be on screen well before its app exposes it (a GTK 3 file
 * chooser on a busy machine): the windows the window system showed since the input are waited
 * for as the settle does (shown-windows.ts), then looked at once more.
 */
export async function inputEffect(
  env: ActionEnv,
  node: ElementNode,
  sent: InputSent,
): Promise<string | undefined> {
  const ref = node.window;
  const windows = () => env.cache.windowsList({ includeMinimized: true }).windows;
  const title = windows().find((w) => w.ref === ref)?.title;
  const before = new Set(sent.windowsBefore ?? windows().map((w) => w.ref));
  const seen = (): string | undefined => {
    if (ref !== null && !windows().some((w) => w.ref === ref)) {
      return `the input closed its window ${JSON.stringify(title ?? ref)}`;
    }
    const opened = openedWithFocus(env, before);
    return opened === undefined
      ? undefined
      : `the input opened window ${JSON.stringify(opened)}, which took the focus`;
  };
  const budget = () => Math.min(EFFECT_MS, env.progress.remaining());
  const effect = await waitForValue(env.cache, seen, env.progress.signal, budget());
  if (effect !== undefined || sent.sentAt === undefined) return effect;
  const shown = await untilShownListed(env, env.cache.backendId(node.ref), sent.sentAt);
  if (!shown.waited) return undefined;
  return await waitForValue(env.cache, seen, env.progress.signal, budget());
}

/** Focus the node; a window that would not come forward counts as a lost attempt. */
async function focusLanded(env: ActionEnv, node: ElementNode): Promise<boolean> {
  try {
    return await focusAndConfirm(env, node);
  } catch (err) {
    if (isUiError(err) && err.details?.reason === 'not_foreground') return false;
    throw err;
  }
}

function focusedName(env: ActionEnv): string {
  const focused = env.cache.focused({}).element;
  return focused === null ? 'nothing' : describeNode(focused);
}
