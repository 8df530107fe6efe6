/**
 * What the host is doing natively right now, for the supervisor's watchdog. Calls that may
 * block (cross-process COM: BuildUpdatedCache, patterns, SetFocus, handler registration) run on
 * koffi's pool threads, so the host's JS thread keeps answering pings however long an operation
 * takes. Liveness then means "no single native call has been stuck past the limit", which a slow
 * operation made of many calls that each return (a big fetch, a slow provider) never violates.
 * Pure bookkeeping, no platform code.
 */

/** The oldest native call still in flight, as pongs report it. */
export interface NativeBusy {
  what: string;
  /** How long it has been running. */
  ms: number;
  /** Native calls finished so far by this host (grows while an operation progresses). */
  steps: number;
}

export class NativeTracker {
  private readonly inFlight = new Map<number, { what: string; since: number }>();
  private nextId = 1;
  private finished = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Follow `call` until it settles. */
  track<T>(what: string, call: Promise<T>): Promise<T> {
    const id = this.nextId++;
    this.inFlight.set(id, { what, since: this.now() });
    const done = (): void => {
      this.inFlight.delete(id);
      this.finished += 1;
    };
    return call.then(
      (value) => {
        done();
        return value;
      },
      (err: unknown) => {
        done();
        throw err;
      },
    );
  }

  /** The longest-running call in flight, or null when none is. */
  busy(): NativeBusy | null {
    let oldest: { what: string; since: number } | undefined;
    for (const call of this.inFlight.values()) {
      if (oldest === undefined || call.since < oldest.since) oldest = call;
    }
    if (oldest === undefined) return null;
    return { what: oldest.what, ms: this.now() - oldest.since, steps: this.finished };
  }
}

/** The host process's tracker (one host per process or worker). */
export const nativeTracker = new NativeTracker();
