/**
 * The X window to ask when an accessible window is asked to close, matched from the last
 * desktop listing and the X view now. A miss is not yet an answer: an app closes all its
 * windows once its main one is asked (a GTK app's drag icons go with it, before the request
 * for them comes), and a listing may trail the desktop (one read while an app was slow to
 * answer, or one after a reset, which starts empty). So a miss asks for fresh listings and
 * waits, bounded and on listings, not a poll: a match is asked to close; a fresh listing
 * without the window means it is gone, nothing is left to ask and the caller sees the effect;
 * only a window still listed with no X window, or no listing at all, is refused, saying which.
 */
import { NotSupportedError, throwIfAborted } from '../../errors.js';
import type { AccessibleTopLevel, XWindowView } from '../x11/index.js';

/** What the close target needs of the window truth (atspiWindowTruth.ts). */
export interface CloseTargetTruth {
  /** Whether an X display is watched (without one, no window can be asked). */
  readonly watching: boolean;
  /** The X window matched to `id` now, if any. */
  xidOf(id: string): number | undefined;
  /** The window as last listed; undefined when the last listing lacks it. */
  listedWindow(id: string): AccessibleTopLevel | undefined;
  /** How many desktop listings were made so far. */
  listingCount(): number;
  /** The X server's top-level windows now. */
  view(): XWindowView;
  /** Ask for a fresh desktop listing. */
  relist(): void;
  /** Resolve once `holds()` is false (checked now and at each listing) or after `limitMs`. */
  whileListing(holds: () => boolean, limitMs: number, signal?: AbortSignal): Promise<void>;
}

/** How long a close waits for a listing that settles its window's fate. */
export const CLOSE_MATCH_WAIT_MS = 3_000;
/**
 * Listings asked for at most: one may be in flight already, read before the window was back,
 * and a slow app answers a later one; more would only load a busy desktop.
 */
const RELISTS = 3;

/** The X window to ask; undefined when a fresh listing shows the window gone already. */
export async function closeTargetXid(
  truth: CloseTargetTruth,
  id: string,
  signal: AbortSignal,
  limitMs = CLOSE_MATCH_WAIT_MS,
): Promise<number | undefined> {
  throwIfAborted(signal);
  if (!truth.watching) throw new NotSupportedError(`${id} cannot be asked to close: no X display`);
  const matched = truth.xidOf(id);
  if (matched !== undefined) return matched;
  const since = truth.listingCount();
  const goneFromListing = (): boolean =>
    truth.listingCount() > since && truth.listedWindow(id) === undefined;
  let asked = 0;
  const unsettled = (): boolean => {
    if (truth.xidOf(id) !== undefined || goneFromListing()) return false;
    if (asked < RELISTS) {
      asked++;
      truth.relist();
    }
    return true;
  };
  await truth.whileListing(unsettled, limitMs, signal);
  throwIfAborted(signal);
  const xid = truth.xidOf(id);
  if (xid !== undefined || goneFromListing()) return xid;
  throw new NotSupportedError(`${id} cannot be asked to close: ${missing(truth, id, limitMs)}`, {
    details: { id, waitedMs: limitMs },
  });
}

/** Which side lacked the window at the end of the wait. */
function missing(truth: CloseTargetTruth, id: string, waitedMs: number): string {
  const listed = truth.listedWindow(id);
  if (listed === undefined) {
    return `the last desktop listing does not hold it and no fresh one came within ${waitedMs} ms`;
  }
  if (listed.pid === undefined) return 'its app has no process id to find its X window by';
  const xs = truth.view().windows.filter((w) => w.pid === listed.pid && !w.popup);
  if (xs.length === 0) return `the X server shows no window of its process ${listed.pid}`;
  const titles = xs.map((w) => JSON.stringify(w.title)).join(', ');
  return `no X window of its process ${listed.pid} (${titles}) matches "${listed.name}"`;
}
