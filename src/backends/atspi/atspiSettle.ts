/**
 * A new window is re-read while it settles. GTK finishes laying out and filling a window in the
 * frames after showing it and reports little of that (no bounds events for notebook tabs, no
 * range events when a scroll bar's extent grows), so the window is re-read at fixed delays.
 * Some windows go on changing for longer: gtk3-demo's progressive image loading shrinks its
 * window seconds after it opened, later still on a loaded machine, and neither the frame nor
 * its children announce it. So the window's own extents (one cheap call) are also read every
 * second for its first 30 s, and a change re-reads the window at once: a test or an agent
 * acting a few seconds after the window opened must not see its old size.
 */
import type { BackendEvent, BackendId } from '../backend.js';
import { CancelledError, isUiError } from '../../errors.js';
import type { AtspiReader } from './atspiFetch.js';
import { refOf, ROOT_PATH } from './atspiIds.js';

/** When a new window is re-read after opening. */
export const SETTLE_REREAD_MS = [300, 1_500, 5_000] as const;
/** The first fixed re-read: the extents are first read then, as the baseline. */
const WATCH_FROM_MS = SETTLE_REREAD_MS[0];
/** How often, and until when after the window opened, its extents are compared. */
export const EXTENTS_WATCH_EVERY_MS = 1_000;
export const EXTENTS_WATCH_UNTIL_MS = 30_000;

export interface SettleDeps {
  /** The window's screen extents (undefined: not readable now); element_stale once it is gone. */
  extents(id: BackendId): Promise<readonly number[] | undefined>;
  emit(events: readonly BackendEvent[]): void;
}

export class WindowSettler {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Windows being watched: a window announced twice is watched once. */
  private readonly watching = new Set<BackendId>();
  private stopped = false;

  constructor(private readonly deps: SettleDeps) {}

  /** Re-read `id` as it settles: at the fixed delays, then whenever its extents change. */
  watch(id: BackendId): void {
    if (this.watching.has(id)) return;
    this.watching.add(id);
    for (const ms of SETTLE_REREAD_MS) this.after(ms, () => this.invalidate(id));
    this.after(WATCH_FROM_MS, () => void this.compare(id, undefined, WATCH_FROM_MS));
  }

  private async compare(id: BackendId, before: string | undefined, at: number): Promise<void> {
    let box: readonly number[] | undefined;
    try {
      box = await this.deps.extents(id);
    } catch (err) {
      // Gone: nothing more to watch. Busy (a call timed out): try again at the next tick.
      if (isUiError(err) && err.code === 'element_stale') return void this.watching.delete(id);
    }
    if (this.stopped) return;
    const now = box?.join(',') ?? before;
    if (before !== undefined && now !== before) this.invalidate(id);
    const next = at + EXTENTS_WATCH_EVERY_MS;
    if (next > EXTENTS_WATCH_UNTIL_MS) return void this.watching.delete(id);
    this.after(EXTENTS_WATCH_EVERY_MS, () => void this.compare(id, now, next));
  }

  private invalidate(id: BackendId): void {
    this.deps.emit([{ type: 'structure', change: 'invalidated', id }]);
  }

  private after(ms: number, run: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.watching.clear();
  }
}

/** The longest wait for one app's round trips (a busy app is not waited for longer). */
const ROUND_TRIP_MS = 1_000;

/**
 * Round trips through the event loop of the app owning `id`: one to the element itself, then two
 * to the app's root. Input queued before a call is handled before the next answers, and the
 * app's signals precede its reply on the bus. The element's own call matters where the bridge
 * runs actions on another thread than the one answering the bus: Java's ATK wrapper posts
 * `DoAction` to the event dispatch thread and answers at once, but reads an element there, after
 * the action. A busy, quarantined or vanished app ends the wait early; the deadline is not a
 * hang (the guard would quarantine an app for a timeout), so it aborts as a cancellation.
 */
export async function appRoundTrips(
  reader: AtspiReader,
  id: BackendId,
  signal: AbortSignal,
): Promise<void> {
  const slow = new AbortController();
  const timer = setTimeout(() => slow.abort(new CancelledError('the app is busy')), ROUND_TRIP_MS);
  const both = AbortSignal.any([signal, slow.signal]);
  const [busName] = refOf(id);
  try {
    // A gone element (the button that closed its dialog) answers stale: the app still answers.
    await reader.prop(refOf(id), 'Accessible', 'ChildCount', both).catch((err: unknown) => {
      if (both.aborted) throw err;
    });
    for (let trip = 0; trip < 2; trip++) {
      await reader.prop([busName, ROOT_PATH], 'Accessible', 'ChildCount', both);
    }
  } catch {
    // Nothing more to wait for from this app.
  } finally {
    clearTimeout(timer);
  }
}

/** The longest one extents read of a settling window may take. */
const EXTENTS_READ_MS = 2_000;
/** Longest wait for the focused app to handle typed keys before a keycode is mapped back. */
const KEYS_HANDLED_MS = 2_000;

/** A new window's extents while it settles; undefined when unreadable. */
export async function windowExtents(
  reader: AtspiReader,
  id: BackendId,
  lifetime: AbortSignal,
): Promise<readonly number[] | undefined> {
  const signal = AbortSignal.any([lifetime, AbortSignal.timeout(EXTENTS_READ_MS)]);
  const [box] = await reader.call(refOf(id), 'Component', 'GetExtents', signal, 'u', [0]);
  return Array.isArray(box) ? (box as number[]) : undefined;
}

/**
 * Resolve once the focused app has handled every key sent so far: its event loop answered (two
 * round trips, as settling does). Never rejects: a slow app only shortens the wait.
 */
export async function keysHandled(
  reader: AtspiReader,
  focused: BackendId,
  signal: AbortSignal,
): Promise<void> {
  const limit = AbortSignal.any([signal, AbortSignal.timeout(KEYS_HANDLED_MS)]);
  await appRoundTrips(reader, focused, limit).catch(() => undefined);
}
