/**
 * Whether an action took the focus or moved the pointer, and `focusPolicy: "keep"`: paths
 * that need the keyboard focus are refused before anything is sent (the error names the call
 * that needs none), and paths that only borrow it (a real click, a drag) put the foreground
 * window and the pointer back once the action's effect has settled.
 *
 * What counts: focus() and activateWindow() take the focus; a mouse press does too (every
 * desktop we drive focuses what is pressed); every pointer input moves the pointer. A pattern
 * the backend carried out as a real click (ActionResult.method "input") counts as both.
 */
import type { ElementNode } from '../../protocol/src/index.js';
import type { AccessibilityBackend, InputAction } from '../backends/backend.js';
import { FocusRequiredError } from '../errors.js';
import { hint } from '../hints.js';
import { ensureForeground, focusWithin, windowInfo } from './actionability.js';
import { summarize } from './changes.js';
import { describeNode, type ActionEnv } from './env.js';

export type FocusPolicy = 'allow' | 'keep';

/** What an action did to the user's focus and pointer, as it went. */
export interface InputUsage {
  tookFocus: boolean;
  movedPointer: boolean;
}

const POINTER_KINDS: ReadonlySet<InputAction['kind']> = new Set([
  'click',
  'wheel',
  'move',
  'button',
]);
const PRESS_KINDS: ReadonlySet<InputAction['kind']> = new Set(['click', 'button']);

/** The backend as one action sees it: the same calls, with their use of focus and pointer noted. */
export function trackInput(backend: AccessibilityBackend): {
  backend: AccessibilityBackend;
  usage: InputUsage;
} {
  const usage: InputUsage = { tookFocus: false, movedPointer: false };
  const tracked = new Proxy(backend, {
    get(target, key) {
      if (key === 'input') {
        return (action: InputAction, options: { signal: AbortSignal }) => {
          if (POINTER_KINDS.has(action.kind)) usage.movedPointer = true;
          if (PRESS_KINDS.has(action.kind)) usage.tookFocus = true;
          return target.input(action, options);
        };
      }
      if (key === 'focus' || key === 'activateWindow') {
        return (id: string, options: { signal: AbortSignal }) => {
          usage.tookFocus = true;
          return target[key](id, options);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
  return { backend: tracked, usage };
}

/** The foreground window and pointer before an action, to put back under "keep". */
export interface KeptState {
  foreground: { ref: string; element: string; title: string } | undefined;
  pointer: { x: number; y: number } | undefined;
}

export async function keepState(env: ActionEnv, backend: AccessibilityBackend): Promise<KeptState> {
  const front = env.cache
    .windowsList({ includeMinimized: false })
    .windows.find((w) => w.foreground);
  const pointer =
    backend.pointer === undefined
      ? undefined
      : await env.progress.race(backend.pointer(env.progress.signal)).catch(() => undefined);
  const foreground =
    front === undefined
      ? undefined
      : { ref: front.ref, element: front.element, title: front.title };
  return { foreground, pointer };
}

/**
 * Put the pointer and the foreground window back as far as the action moved them. Answers what
 * was restored and what could not be (as warnings: the action itself is done).
 */
export async function restoreState(
  env: ActionEnv,
  backend: AccessibilityBackend,
  kept: KeptState,
  usage: InputUsage,
): Promise<{ restored: ('focus' | 'pointer')[]; warnings: string[] }> {
  const restored: ('focus' | 'pointer')[] = [];
  const warnings: string[] = [];
  const options = { signal: env.progress.signal };
  const was = kept.pointer;
  const now =
    was === undefined || backend.pointer === undefined
      ? undefined
      : await backend.pointer(options.signal).catch(() => undefined);
  if (usage.movedPointer && was !== undefined && now?.x === was.x && now.y === was.y) {
    restored.push('pointer');
  } else if (usage.movedPointer && was !== undefined) {
    await backend
      .input({ kind: 'move', ...was }, options)
      .then(() => restored.push('pointer'))
      .catch(() => warnings.push('the pointer could not be put back'));
  } else if (usage.movedPointer) {
    warnings.push('this backend cannot tell where the pointer was, so it stays where it is');
  }
  const front = kept.foreground;
  if (usage.tookFocus && front !== undefined) {
    // Confirmed from the cache, like any activation: a restore is an effect too.
    await ensureForeground({ ...env, backend }, front.ref)
      .then(() => restored.push('focus'))
      .catch(() => warnings.push(`window "${front.title}" could not be brought back to the front`));
  }
  return { restored, warnings };
}

/**
 * Under "keep", keyboard input aimed at an element that does not hold the focus is refused
 * before anything is sent: moving the focus is what the caller asked not to do.
 */
export function checkFocusKept(
  env: ActionEnv,
  node: ElementNode,
  what: 'typing' | 'keys' | 'focusing',
): void {
  if (env.focusPolicy !== 'keep') return;
  const foreground = windowInfo(env, node.window)?.foreground === true;
  if (foreground && focusWithin(env, node) !== undefined) return;
  const alternative = what === 'typing' ? 'actions.setValue' : 'actions.invoke';
  throw new FocusRequiredError(
    `${what} into ${describeNode(node)} needs the keyboard focus, and focusPolicy is "keep"`,
    {
      details: { reason: 'focus_required', element: summarize(node), alternative },
      recovery: [
        hint('Use {call}, which needs no focus', alternative),
        'Or repeat with focusPolicy "allow"',
      ],
    },
  );
}
