/**
 * actions.type and actions.keys: keyboard input on the global input lane. Aimed at a target,
 * the input runs as one atomic focus-then-input step; without one, it goes to whatever has
 * focus now. Typing into a text element is checked: the text must show in its value.
 */
import type { ElementNode, MethodParams } from '../../../protocol/src/index.js';
import type { InputAction, KeyCombo } from '../../backends/backend.js';
import { parseKeys } from '../../input/keys.js';
import { checkAllowed, checkKeyboardAllowed, ensureEnabled } from '../actionability.js';
import { describeNode, performPattern, byInput, callOptions } from '../env.js';
import type { ActionEnv, ActionPlan, Performed } from '../env.js';
import { focusThenInput, inputEffect, inputUnconfirmed, type InputSent } from '../focus-input.js';
import { noEffect, seeEffect, showsTyped } from '../verify.js';
import { INPUT_LANE } from '../queue.js';
import { resolveTarget } from '../target.js';
import { submitVerified } from './submit.js';

type TypeParams = MethodParams<'actions.type'>;
type KeysParams = MethodParams<'actions.keys'>;

const SELECT_ALL_AND_DELETE: KeyCombo[] = [
  { key: 'a', modifiers: ['ctrl'] },
  { key: 'Delete', modifiers: [] },
];

/** Resolve an optional keyboard target: the element, or what has focus now. */
async function keyboardTarget(
  env: ActionEnv,
  target: TypeParams['target'],
): Promise<{ node: ElementNode | null; aimed: boolean }> {
  if (target === undefined) {
    const focused = env.cache.focused({}).element;
    checkKeyboardAllowed(env, focused);
    return { node: focused, aimed: false };
  }
  const resolved = await resolveTarget(env, target);
  const node = resolved.node;
  checkAllowed(env, node);
  return { node: node === null ? null : await ensureEnabled(env, node), aimed: node !== null };
}

function send(env: ActionEnv, action: InputAction): Promise<void> {
  env.progress.step(
    action.kind === 'text' ? `typing ${action.text.length} characters` : 'pressing keys',
  );
  return env.progress.race(env.backend.input(action, callOptions(env)));
}

/** Clear a field: through the Value pattern when it has one, else select-all + Delete. */
async function clear(env: ActionEnv, node: ElementNode | null): Promise<void> {
  const writable = node !== null && node.patterns.includes('Value');
  if (writable && !node.states.includes('readonly')) {
    await performPattern(env, node, { pattern: 'Value', value: '' });
    return;
  }
  return send(env, { kind: 'keys', combos: SELECT_ALL_AND_DELETE });
}

/**
 * Keyboard input, aimed or not. `confirm` checks the input's effect; without one, input sent
 * while focus moved away is an error (nothing says where it went) unless the focus went into a
 * window that opened meanwhile or the target's window closed (the input's effect); with one
 * that holds it is ok with a warning (what `confirm` answers).
 */
function keyboardPlan(
  env: ActionEnv,
  node: ElementNode | null,
  aimed: boolean,
  description: string,
  inject: () => Promise<void>,
  confirm?: (sent: InputSent | undefined) => Promise<string | undefined>,
  what: 'typing' | 'keys' = 'typing',
): ActionPlan {
  return {
    lane: INPUT_LANE,
    method: 'input',
    element: node,
    windowRef: node?.window ?? null,
    description: node === null ? description : `${description} into ${describeNode(node)}`,
    perform: async () => {
      let sent: InputSent | undefined;
      if (aimed && node !== null) sent = await focusThenInput(env, node, inject, what);
      else await inject();
      let warning = confirm === undefined ? undefined : await confirm(sent);
      if (confirm === undefined && node !== null && sent?.focusMovedTo !== undefined) {
        warning =
          sent.openedWindow === undefined
            ? await inputEffect(env, node, sent)
            : `the input opened window ${JSON.stringify(sent.openedWindow)}, which took the focus`;
        if (warning === undefined) throw inputUnconfirmed(node, sent);
      }
      return withWarning(byInput('keyboard'), warning);
    },
  };
}

/** Whether typing into `node` can be checked against its value. */
function checksText(node: ElementNode | null, p: TypeParams): node is ElementNode {
  if (node === null || p.text.length === 0) return false;
  const text = node.patterns.includes('Value') || node.patterns.includes('Text');
  return text && node.value !== undefined;
}

/** The typed text must show in the element's value (events, then a re-read). */
async function verifyTyped(
  env: ActionEnv,
  node: ElementNode,
  p: TypeParams,
  sent: InputSent | undefined,
): Promise<string | undefined> {
  // A password field shows a mask, not the text: its length is what can be seen (and the
  // text itself never goes into an error).
  const masked = node.states.includes('password');
  const length = [...p.text].length;
  const shows = (n: ElementNode): boolean =>
    masked ? [...(n.value ?? '')].length >= length : showsTyped(n.value, p.text);
  const seen = await seeEffect(env, node.ref, shows);
  if (!seen.ok) {
    if (sent?.focusMovedTo !== undefined) throw inputUnconfirmed(node, sent);
    const expected = masked ? `${length} hidden characters` : p.text;
    throw noEffect('typing', node, { expected, tried: ['keyboard'], seen: seen.node });
  }
  if (sent?.focusMovedTo === undefined) return undefined;
  return `the text shows in ${describeNode(node)}, but focus moved to ${sent.focusMovedTo} while typing`;
}

function withWarning(done: Performed, warning: string | undefined): Performed {
  return warning === undefined ? done : { ...done, warnings: [warning] };
}

/**
 * A path typed for submission, in parts ending at each '/': a file chooser reads the folder
 * named so far at each '/' and may pop up its completions, and keys sent meanwhile get lost;
 * each part is sent once the app has handled the one before.
 */
function pathParts(text: string): string[] {
  return text.split(/(?<=\/)/).filter((part) => part !== '');
}

export async function planType(env: ActionEnv, p: TypeParams): Promise<ActionPlan> {
  const { node, aimed } = await keyboardTarget(env, p.target);
  const checked = aimed && checksText(node, p) ? node : undefined;
  let windowsBefore = new Set<string>();
  const typing = async (): Promise<void> => {
    windowsBefore = new Set(
      env.cache.windowsList({ includeMinimized: true }).windows.map((w) => w.ref),
    );
    if (p.clearFirst) await clear(env, node);
    if (!p.submit) {
      if (p.text.length > 0) await send(env, { kind: 'text', text: p.text });
      return;
    }
    for (const part of pathParts(p.text)) await send(env, { kind: 'text', text: part });
  };
  const description = `type ${p.text.length} characters`;
  if (p.submit) {
    // The Enter goes in the effect check: after the text shows, once no popup can take it.
    const submit = async (): Promise<string | undefined> => {
      const input = { node, text: p.text, clearFirst: p.clearFirst === true, windowsBefore };
      await submitVerified(env, { ...input, send: (a) => send(env, a) });
      return undefined;
    };
    return keyboardPlan(env, node, aimed, description, typing, submit);
  }
  return keyboardPlan(
    env,
    node,
    aimed,
    description,
    typing,
    checked === undefined ? undefined : (sent) => verifyTyped(env, checked, p, sent),
  );
}

/** Select-all, delete, then type `text` into `node` once it has focus (the keyboard way to set). */
export async function retypeInto(
  env: ActionEnv,
  node: ElementNode,
  text: string,
): Promise<Performed> {
  const sent = await focusThenInput(env, node, async () => {
    await send(env, { kind: 'keys', combos: SELECT_ALL_AND_DELETE });
    if (text.length > 0) await send(env, { kind: 'text', text });
  });
  // The caller checks the value; a moved focus is worth saying whichever way that goes.
  const moved = sent.focusMovedTo;
  const warning =
    moved === undefined
      ? undefined
      : `focus moved to ${moved} while retyping ${describeNode(node)}`;
  return withWarning(byInput('keyboard'), warning);
}

export async function planKeys(env: ActionEnv, p: KeysParams): Promise<ActionPlan> {
  const combos = parseKeys(p.keys);
  const { node, aimed } = await keyboardTarget(env, p.target);
  const shown = typeof p.keys === 'string' ? p.keys : p.keys.join(' ');
  return keyboardPlan(
    env,
    node,
    aimed,
    `press ${shown}`,
    () => send(env, { kind: 'keys', combos }),
    undefined,
    'keys',
  );
}
