/**
 * Windows an action caused that the window system showed before the accessibility tree had
 * them. Java's bridge exposes a dialog after the X server mapped it, at times later than the
 * settle period lasts; the action's changes are told once those windows are listed (or gone),
 * within a bounded wait, and the result says which ones it waited for in vain. What the backend
 * could not tell (its call failed) is noted in the action's call log: the action's effect does
 * not depend on it, so its result stands.
 */
import type { ActionEnv } from './env.js';

/** The longest an action waits for windows shown on screen that its app has not exposed. */
export const SHOWN_WAIT_MS = 2_000;

export interface ShownOutcome {
  /** Whether the backend had windows to wait for (the settle period then runs once more). */
  waited: boolean;
  warnings: string[];
}

/**
 * Wait until the windows shown for the app behind `id` since `since` are listed or gone, at
 * most SHOWN_WAIT_MS and never past the action's deadline.
 */
export async function untilShownListed(
  env: ActionEnv,
  id: string | undefined,
  since: number,
): Promise<ShownOutcome> {
  const none: ShownOutcome = { waited: false, warnings: [] };
  if (env.backend.untilShownListed === undefined || id === undefined) return none;
  const limitMs = Math.min(SHOWN_WAIT_MS, Math.max(0, env.progress.remaining()));
  const wait = await env.progress
    .race(env.backend.untilShownListed(id, since, limitMs))
    .catch((err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      env.progress.step(`could not tell whether windows shown on screen were exposed: ${reason}`);
      return undefined;
    });
  if (wait === undefined) return none;
  const warnings = [
    ...wait.unlisted.map(
      (title) =>
        `window "${title}" is on screen, but its app had not exposed it to accessibility ${limitMs} ms on`,
    ),
    ...wait.unexposed.map(
      (title) =>
        `window "${title}" was shown and closed again before its app exposed it to accessibility`,
    ),
  ];
  return { waited: wait.pending > 0, warnings };
}
