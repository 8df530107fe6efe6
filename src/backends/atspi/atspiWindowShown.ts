/**
 * The app's own word on a top-level window the X server withdrew (see atspiWithdrawn.ts): one
 * GetState call, bounded. A toolkit that hid the window (Qt's Close button hides its dialog)
 * clears VISIBLE on it; one that only withdrew its X window for a moment (GTK 4 re-mapping its
 * top-level after start) keeps it.
 */
import type { BackendId } from '../backend.js';
import { ElementStaleError } from '../../errors.js';
import type { AtspiReader } from './atspiFetch.js';
import { refOf } from './atspiIds.js';
import { hasState, STATE_BIT } from './atspiRoles.js';

/** An app that does not answer this soon says nothing: the window stays held (its grace runs). */
const ASK_MS = 200;

/** Whether the app still calls window `id` visible; undefined without an answer in time. */
export async function appShowsWindow(
  reader: AtspiReader | undefined,
  id: BackendId,
  signal: AbortSignal,
): Promise<boolean | undefined> {
  if (reader === undefined) return undefined;
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(ASK_MS)]);
  try {
    const [words] = await reader.call(refOf(id), 'Accessible', 'GetState', bounded);
    const bits = (words ?? []) as number[];
    return hasState(bits, STATE_BIT.VISIBLE);
  } catch (e) {
    // The app says the window is gone: a dialog destroyed while X kept its window a moment.
    return e instanceof ElementStaleError ? false : undefined;
  }
}
