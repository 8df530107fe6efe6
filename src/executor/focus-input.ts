/**
 * Atomic focus-then-input: focus the target, confirm from the cache that it holds focus,
 * inject, and confirm focus held throughout. When something else took focus (another app
 * popping up, a notification), the whole step is retried; after the last attempt the action
 * fails with a clear error instead of typing into the wrong window.
 */
import type { ElementNode } from '../../protocol/src/index.js';
import { ActionFailedError, isUiError } from '../errors.js';
import { focusAndConfirm, focusWithin } from './actionability.js';
import { summarize } from './changes.js';
import { describeNode, type ActionEnv } from './env.js';
import { hint } from '../hints.js';

export const FOCUS_ATTEMPTS = 3;

/** Run `inject` with `node` focused; returns the attempt that succeeded (1-based). */
export async function focusThenInput(
  env: ActionEnv,
  node: ElementNode,
  inject: () => Promise<void>,
): Promise<number> {
  const lost: string[] = [];
  for (let attempt = 1; attempt <= FOCUS_ATTEMPTS; attempt++) {
    env.progress.check();
    if (!(await focusLanded(env, node))) {
      lost.push(`attempt ${attempt}: focus did not land (it is on ${focusedName(env)})`);
      continue;
    }
    await inject();
    if (focusWithin(env, node) !== undefined) return attempt;
    lost.push(`attempt ${attempt}: focus moved to ${focusedName(env)} while typing`);
  }
  throw new ActionFailedError(
    `could not keep focus on ${describeNode(node)} for ${FOCUS_ATTEMPTS} attempts`,
    {
      details: { reason: 'focus_lost', attempts: lost, element: summarize(node) },
      recovery: [
        'Something keeps taking focus: close the window or dialog that steals it and retry',
        hint('Use {call}, which needs no keyboard focus', 'actions.setValue'),
      ],
    },
  );
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
