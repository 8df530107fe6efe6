/**
 * COM calls that may block for long (cross-process: BuildUpdatedCache, patterns, SetFocus,
 * handler registration) made on koffi's pool threads, each followed by the native-call tracker
 * the watchdog reads (uiaProgress).
 */
import koffi, { type KoffiFunc as KoffiFuncOf } from 'koffi';
import { protoFor, slotOf, type ArgType, type Ptr } from './uiaCom.js';
import { check, type CallKind } from './uiaHresult.js';
import { nativeTracker } from './uiaProgress.js';

type KoffiFunc = KoffiFuncOf<(...args: unknown[]) => unknown>;
const PTR_SIZE = 8;

/**
 * When set, pool-thread calls run one at a time, in the order made. Wine's uiautomationcore
 * cannot take UIA calls from two threads at once: a handler registration racing another call
 * writes through a NULL pointer inside combase and the host dies. Windows takes them
 * concurrently, so there they stay concurrent.
 */
let serialTail: Promise<unknown> | undefined;

/** Make every later pool-thread call wait for the one before it (see serialTail). */
export function serializePoolCalls(): void {
  serialTail ??= Promise.resolve();
}

/**
 * Call vtable slot `slot` of `self` on one of koffi's pool threads (the process is in the MTA,
 * so any thread may use these pointers). The JS thread stays free meanwhile: pings are answered
 * and UIA's event callbacks, which block their own threads until JS runs them, get to run.
 * `args` (buffers included) stay referenced by this closure until the call returns.
 */
export function vcallAsync(
  what: string,
  self: Ptr,
  slot: number,
  types: readonly ArgType[],
  ...args: unknown[]
): Promise<number> {
  if (self === 0n) return Promise.reject(new TypeError(`COM call on a NULL pointer (${what})`));
  const fn = koffi.decode(slotOf(self, slot), protoFor('int32_t', types)) as KoffiFunc;
  const start = (): Promise<number> => {
    const call = new Promise<number>((resolve, reject) => {
      fn.async(self, ...args, (err: unknown, hr: unknown) => {
        if (err) reject(err instanceof Error ? err : new Error(JSON.stringify(err)));
        else resolve((hr as number) >>> 0);
      });
    });
    return nativeTracker.track(what, call);
  };
  if (serialTail === undefined) return start();
  const run = serialTail.then(start);
  serialTail = run.catch(() => undefined);
  return run;
}

/** vcallAsync, throwing the mapped UiError on failure. */
export async function vcheckAsync(
  what: string,
  self: Ptr,
  slot: number,
  types: readonly ArgType[],
  ...args: unknown[]
): Promise<void> {
  check(await vcallAsync(what, self, slot, types, ...args), what);
}

/** vout on a pool thread. */
export async function voutAsync(
  what: string,
  self: Ptr,
  slot: number,
  types: readonly ArgType[] = [],
  args: readonly unknown[] = [],
  kind: CallKind = 'other',
): Promise<Ptr> {
  const out = Buffer.alloc(PTR_SIZE);
  check(await vcallAsync(what, self, slot, [...types, 'void *'], ...args, out), what, kind);
  return out.readBigUInt64LE(0);
}
