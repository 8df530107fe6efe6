/**
 * Per-app lanes for ordinary calls. An app answers accessibility calls one at a time (on its
 * main loop; Java's bridge hops each one onto the event dispatch thread), so calls in flight to
 * one app wait there, in order, where the bus's urgent-first queue cannot reach them. With 32
 * ordinary reads of a window in flight to a busy Swing app, the desktop re-list for a dialog the
 * X server had just mapped waited behind all of them at every level (300-600 ms per re-list).
 * Ordinary calls keep at most `depth` in flight per app, enough to keep the app busy; urgent
 * calls go past the lane, so at most `depth` ordinary calls are ever ahead of them at the app.
 * The depth is the toolkit's (`laneDepthOf`): apps that answer calls concurrently or quickly
 * enough (Chromium reads a 4,600-element page 3-4x slower with 8 calls in flight than with
 * the bus's own limit) have no lane.
 */
import { abortError } from '../../errors.js';

/** Ordinary calls in flight to one app at most (see above). */
export const APP_LANE_DEPTH = 8;

export class AppLanes {
  private readonly inFlight = new Map<string, number>();
  /** Callers waiting for a place in each app's lane, in arrival order. */
  private readonly waiting = new Map<string, (() => void)[]>();

  /** `depthOf(dest)`: that app's lane depth (Infinity: no lane). */
  constructor(private readonly depthOf: (dest: string) => number = () => APP_LANE_DEPTH) {}

  /** Take a place in `dest`'s lane now, if one is free (no turn of the event loop lost). */
  tryEnter(dest: string): (() => void) | undefined {
    const count = this.inFlight.get(dest) ?? 0;
    if (count >= this.depthOf(dest)) return undefined;
    this.inFlight.set(dest, count + 1);
    return this.leaver(dest);
  }

  /** Take a place in `dest`'s lane, waiting for one; resolves with the call that leaves it. */
  async enter(dest: string, signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) throw abortError(signal);
    const now = this.tryEnter(dest);
    if (now !== undefined) return now;
    await this.queue(dest, signal);
    return this.leaver(dest);
  }

  private leaver(dest: string): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave(dest);
    };
  }

  /** Wait for a place handed over by a leaving call (it keeps the count unchanged). */
  private queue(dest: string, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const list = this.waiting.get(dest) ?? [];
      this.waiting.set(dest, list);
      const wake = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const at = list.indexOf(wake);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0) this.waiting.delete(dest);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      list.push(wake);
    });
  }

  private leave(dest: string): void {
    const list = this.waiting.get(dest);
    const next = list?.shift();
    if (list !== undefined && list.length === 0) this.waiting.delete(dest);
    if (next !== undefined) return next();
    const count = (this.inFlight.get(dest) ?? 1) - 1;
    if (count <= 0) this.inFlight.delete(dest);
    else this.inFlight.set(dest, count);
  }
}
