/** Helpers of the Wine proof: an event log with deadline waits, condition waits, round trips. */
import type { Observable } from 'rxjs';
import type { BackendEvent } from '../../src/backends/backend.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import { isUiError } from '../../src/errors.js';

/** Records every batch from subscription on; waits see past and future events. */
export class EventLog {
  readonly batches: (readonly BackendEvent[])[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(events$: Observable<readonly BackendEvent[]>) {
    events$.subscribe((batch) => {
      this.batches.push(batch);
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** The first matching event (recorded earlier unless `onlyNew`), or a rejection at the deadline. */
  waitFor(
    what: string,
    deadlineMs: number,
    match: (e: BackendEvent) => boolean,
    onlyNew = false,
  ): Promise<BackendEvent> {
    const from = onlyNew ? this.batches.length : 0;
    return new Promise((resolve, reject) => {
      const look = (): boolean => {
        for (const batch of this.batches.slice(from)) {
          const hit = batch.find(match);
          if (hit !== undefined) {
            done();
            resolve(hit);
            return true;
          }
        }
        return false;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} event within ${deadlineMs} ms (${this.summary()})`));
      }, deadlineMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = (): void => void look();
      if (!look()) this.waiters.add(wake);
    });
  }

  summary(): string {
    const sizes = this.batches.map((b) => b.length);
    const types = new Map<string, number>();
    for (const e of this.batches.flat()) types.set(e.type, (types.get(e.type) ?? 0) + 1);
    return `${sizes.length} batches (sizes ${sizes.slice(0, 12).join(',')}), events ${JSON.stringify(Object.fromEntries(types))}`;
  }
}

/**
 * Re-check an external condition until it holds or the deadline passes. Used only where the
 * platform has no event for it under Wine (a new top-level window, text in a Win32 control).
 */
export async function until<T>(
  what: string,
  deadlineMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Mean and p95 of `count` probe round trips through supervisor and host. */
export async function checkRoundTrips(
  backend: UiaBackend,
  count: number,
): Promise<Record<string, number>> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await backend.probe({ signal: AbortSignal.timeout(5_000) });
    times.push(Number(process.hrtime.bigint() - start) / 1e3);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    calls: count,
    meanUs: Math.round(mean),
    p95Us: Math.round(times[Math.floor(times.length * 0.95)] ?? 0),
  };
}

export function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The typed error code a call failed with; it must be one of `codes`. */
export async function expectCode(promise: Promise<unknown>, codes: string[]): Promise<string> {
  try {
    await promise;
  } catch (err) {
    assert(isUiError(err), `not a UiError: ${String(err)}`);
    assert(codes.includes(err.code), `code ${err.code}, expected ${codes.join('|')}`);
    return err.code;
  }
  throw new Error(`succeeded, expected ${codes.join('|')}`);
}
