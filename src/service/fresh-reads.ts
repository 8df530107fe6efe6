/**
 * Freshness on every read: the scope of windows a read depends on, an optional re-read of them
 * before answering (`fresh: true`), and the answer stamped with the age of the oldest
 * confirmation from the app behind it and, while the backend is not ok, its status and reason
 * (so a client of a degraded server never takes old windows for current ones).
 */
import type { ReadFreshness } from '../../protocol/src/index.js';
import type { UiCache } from '../cache/api.js';
import type { ReadScope } from '../cache/rereads.js';
import { BackendUnavailableError, isUiError } from '../errors.js';

/** What a read's params may name (every read takes some of these). */
export interface ReadTarget {
  ref?: string | undefined;
  root?: string | undefined;
  within?: string | undefined;
  window?: string | undefined;
  app?: string | undefined;
  fresh?: boolean | undefined;
}

/** The windows behind a read: its element's, its window, its app's, or else the desktop's. */
export function scopeOf(cache: UiCache, method: string, p: ReadTarget): ReadScope {
  const ref = p.ref ?? p.root ?? p.within;
  try {
    if (ref !== undefined) {
      const win = ref.startsWith('w') ? ref : cache.node(ref)?.window;
      return { windows: win === undefined || win === null ? null : [win] };
    }
    if (p.window !== undefined) return { windows: [cache.resolveWindow(p.window).ref] };
    if (p.app !== undefined) {
      const wins = cache.windowsList({ app: p.app, includeMinimized: true }).windows;
      return { windows: wins.map((w) => w.ref) };
    }
    // The list of windows rests on the desktop's top level alone.
    if (method === 'windows.list' || method === 'apps.resolve') return { windows: [] };
    if (method === 'focus.get') {
      const win = cache.focused({}).window;
      return { windows: win === null ? null : [win.ref] };
    }
  } catch (err) {
    // The read itself answers the bad selector with its own typed error.
    if (!isUiError(err)) throw err;
  }
  return { windows: null };
}

export function freshnessOf(cache: UiCache, scope: ReadScope): ReadFreshness {
  const freshness: ReadFreshness = {
    ageMs: Math.round(cache.freshness(scope)),
    status: cache.status,
  };
  if (cache.status !== 'ok' && cache.statusReason !== undefined)
    freshness.reason = cache.statusReason;
  return freshness;
}

/** Wrap a read: re-read first when asked, then stamp the answer with its freshness. */
export function freshRead<
  P extends ReadTarget,
  R extends object,
  C extends { signal: AbortSignal },
>(
  cache: UiCache,
  method: string,
  read: (p: P, ctx: C) => R | Promise<R>,
): (p: P, ctx: C) => Promise<R & { freshness: ReadFreshness }> {
  return async (p, ctx) => {
    const scope = scopeOf(cache, method, p);
    if (p.fresh === true) await confirmed(cache, scope, ctx.signal);
    const result = await read(p, ctx);
    return { ...result, freshness: freshnessOf(cache, scope) };
  };
}

/**
 * Re-read the scope and check that it worked: a caller that asked for fresh data must not get
 * old data without being told (the app gone quiet, the bus down).
 */
async function confirmed(cache: UiCache, scope: ReadScope, signal: AbortSignal): Promise<void> {
  if (await cache.confirm(scope, signal)) return;
  const why = cache.status === 'ok' ? 'the app did not answer' : `the backend is ${cache.status}`;
  throw new BackendUnavailableError(`could not re-read the target for a fresh read: ${why}`, {
    details: { ageMs: Math.round(cache.freshness(scope)), status: cache.status },
  });
}
