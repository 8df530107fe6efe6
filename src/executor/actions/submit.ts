/**
 * `type ... submit: true`, verified by effect: the text must show in the field before Enter is
 * pressed, and the Enter must do something the cache can see. A GTK file chooser shows a
 * completion popup while a path is typed; an Enter it takes only picks a completion, and a
 * key lost while the popup grabbed the keyboard saves a shortened name. Both answered ok
 * before; now the typed text is checked (and retyped once where the field is cleared anyway),
 * the Enter waits for such a popup to go, and only an effect answers ok: the field's window
 * closed, a window opened, the focus left the field, or the field or its window changed, with
 * no popup closing to say the key went there. Anything else is a typed error saying what was seen.
 */
import type { ElementNode, Patch } from '../../../protocol/src/index.js';
import type { InputAction } from '../../backends/backend.js';
import { NoEffectError } from '../../errors.js';
import { focusWithin } from '../actionability.js';
import { summarize } from '../changes.js';
import { describeNode, performPattern, type ActionEnv } from '../env.js';
import { EFFECT_MS, noEffect, seeEffect, showsTyped } from '../verify.js';
import { recordPatches, waitForValue } from '../waits.js';

const ENTER: InputAction = { kind: 'keys', combos: [{ key: 'Enter', modifiers: [] }] };
const RETYPE_CLEAR: InputAction = {
  kind: 'keys',
  combos: [
    { key: 'a', modifiers: ['ctrl'] },
    { key: 'Delete', modifiers: [] },
  ],
};

/** What the submit needs from the typing before it. */
export interface SubmitInput {
  node: ElementNode | null;
  text: string;
  /** The field was cleared first: typing it again whole is safe. */
  clearFirst: boolean;
  /** Window refs open before the typing began (a popup is one opened since). */
  windowsBefore: ReadonlySet<string>;
  send: (action: InputAction) => Promise<void>;
}

function openWindows(env: ActionEnv): Map<string, string> {
  const list = env.cache.windowsList({ includeMinimized: true }).windows;
  return new Map(list.map((w) => [w.ref, w.title]));
}

/**
 * Popups that can take an Enter: windows other than the field's own that opened during the
 * typing or have no title (a completion list, a menu), still open now.
 */
function popups(env: ActionEnv, s: SubmitInput): Map<string, string> {
  const open = openWindows(env);
  for (const [ref, title] of [...open]) {
    const popup = !s.windowsBefore.has(ref) || title === '';
    if (!popup || ref === s.node?.window) open.delete(ref);
  }
  return open;
}

/** Whether the field's value can show the typed text. */
function checkable(node: ElementNode | null, text: string): node is ElementNode {
  if (node === null || text.length === 0 || node.states.includes('password')) return false;
  const hasText = node.patterns.includes('Value') || node.patterns.includes('Text');
  return hasText && node.value !== undefined;
}

/**
 * Wait for the typed text in the field while the app is still working through the keys (a
 * file chooser reads a folder at each '/'): each look that finds the value changed since the
 * last one waits again, until the action's deadline.
 */
async function untilShows(env: ActionEnv, node: ElementNode, text: string) {
  const shows = (n: ElementNode): boolean => showsTyped(n.value, text);
  let seen = await seeEffect(env, node.ref, shows);
  let last = seen.node?.value;
  while (!seen.ok && env.progress.remaining() > 0) {
    seen = await seeEffect(env, node.ref, shows);
    if (seen.node?.value === last) break;
    last = seen.node?.value;
  }
  return seen;
}

/**
 * Put the text in whole once more: through the Value pattern where the field has a writable one
 * (no key can be lost to a popup's grab), else by keys.
 */
async function again(env: ActionEnv, node: ElementNode, s: SubmitInput): Promise<void> {
  const live = env.cache.node(node.ref) ?? node;
  if (live.patterns.includes('Value') && !live.states.includes('readonly')) {
    env.progress.step('setting the text whole: typed keys were lost');
    await performPattern(env, live, { pattern: 'Value', value: s.text });
    return;
  }
  env.progress.step('typing the text again: it did not show whole');
  await s.send(RETYPE_CLEAR);
  await s.send({ kind: 'text', text: s.text });
}

/** The typed text shows in the field; retyped once when the field was cleared first. */
async function textShows(env: ActionEnv, s: SubmitInput): Promise<void> {
  const node = s.node;
  if (!checkable(node, s.text)) return;
  let seen = await untilShows(env, node, s.text);
  if (!seen.ok && s.clearFirst && focusWithin(env, node) !== undefined) {
    await again(env, node, s);
    seen = await untilShows(env, node, s.text);
  }
  if (seen.ok) return;
  const details = { expected: s.text, tried: ['keyboard'], seen: seen.node };
  throw noEffect('typing (Enter was not pressed)', node, details);
}

/** A patch that changed the field's window besides the field itself (a list filtered). */
function changedAround(env: ActionEnv, s: SubmitInput, patch: Patch): boolean {
  const own = s.node?.window ?? null;
  const inOwn = (ref: string | null): boolean =>
    ref !== null && own !== null && env.cache.node(ref)?.window === own;
  switch (patch.op) {
    case 'add':
      return own !== null && patch.nodes[0]?.window === own;
    case 'update':
      return patch.ref !== s.node?.ref && inOwn(patch.ref);
    case 'remove':
    case 'reorder':
      // A removed top-level (its parent the desktop) is a window closing, not a change in it.
      return inOwn(patch.parent);
    default:
      return false;
  }
}

interface BeforeEnter {
  value: string | undefined;
  windows: Map<string, string>;
  popups: Map<string, string>;
}

/** What the Enter did, in words, or undefined while nothing is seen. */
function effectOf(env: ActionEnv, s: SubmitInput, before: BeforeEnter, around: boolean) {
  const now = openWindows(env);
  const own = s.node?.window ?? null;
  if (own !== null && before.windows.has(own) && !now.has(own))
    return `closed ${JSON.stringify(before.windows.get(own))}`;
  const opened = [...now].find(([ref]) => !before.windows.has(ref));
  if (opened !== undefined) return `opened ${JSON.stringify(opened[1])}`;
  if (s.node === null) return undefined;
  if (focusWithin(env, s.node) === undefined) return 'moved the focus';
  // An Enter a popup took changes the field (a completion) and closes the popup, in either
  // order: with a popup up, the field's own change says nothing.
  if (before.popups.size > 0) return around ? 'changed its window' : undefined;
  if (env.cache.node(s.node.ref)?.value !== before.value) return 'changed the value';
  return around ? 'changed its window' : undefined;
}

/** Press Enter once the typed text shows and no popup is up; ok only when its effect is seen. */
export async function submitVerified(env: ActionEnv, s: SubmitInput): Promise<string> {
  await textShows(env, s);
  const up = (): true | undefined => (popups(env, s).size === 0 ? true : undefined);
  await waitForValue(
    env.cache,
    up,
    env.progress.signal,
    Math.min(EFFECT_MS, env.progress.remaining()),
  );
  const before = {
    value: s.node === null ? undefined : env.cache.node(s.node.ref)?.value,
    windows: openWindows(env),
    popups: popups(env, s),
  };
  // Recorded from before the key: the app may answer before the send returns.
  const recorder = recordPatches(env.cache);
  try {
    await s.send(ENTER);
    const around = (): boolean =>
      recorder.batches.some((b) => b.patches.some((p) => changedAround(env, s, p)));
    const budget = Math.min(EFFECT_MS * 2, env.progress.remaining());
    const effect = () => effectOf(env, s, before, around());
    const seen = await waitForValue(env.cache, effect, env.progress.signal, budget);
    if (seen !== undefined) return seen;
  } finally {
    recorder.stop();
  }
  throw submitUnseen(env, s, before.popups);
}

function submitUnseen(
  env: ActionEnv,
  s: SubmitInput,
  popupsBefore: Map<string, string>,
): NoEffectError {
  const node = s.node === null ? null : (env.cache.node(s.node.ref) ?? s.node);
  const where = node === null ? 'the focused element' : describeNode(node);
  const took = [...popupsBefore.values()].map((t) => `popup ${JSON.stringify(t)}`);
  const seen = [
    took.length > 0 ? `Enter went to the ${took.join(', ')} that was open` : '',
    node?.window
      ? `window ${JSON.stringify(openWindows(env).get(node.window) ?? node.window)} stays open`
      : '',
    node?.value !== undefined ? `the field shows ${JSON.stringify(node.value)}` : '',
  ].filter((p) => p !== '');
  return new NoEffectError(
    `Enter after typing into ${where} had no visible effect: ${seen.join('; ')}`,
    {
      details: {
        reason: 'submit_no_effect',
        element: node === null ? null : summarize(node),
        popups: [...popupsBefore.values()],
      },
      recovery: [
        'Read the dialog and press its default button, or press Enter again once the popup is gone',
      ],
    },
  );
}
