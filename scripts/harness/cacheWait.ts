/**
 * Waiting on the cache: a probe is checked now and after every patch the cache applies, until it
 * holds or the deadline passes. Tests and benches wait on state this way, never on sleeps.
 */
import { filter, firstValueFrom, throwError, timeout } from 'rxjs';
import type { UiCache } from '../../src/cache/api.js';

/**
 * The first value `probe` gives that is neither undefined nor false, read now or after a patch;
 * after `ms`, rejects with an error that says what was waited for (`what`).
 */
export async function untilCache<T>(
  cache: Pick<UiCache, 'patches$'>,
  probe: () => T | undefined | false,
  ms = 10_000,
  what = 'the state waited for',
): Promise<T> {
  const held = (v: T | undefined | false): v is T => v !== undefined && v !== false;
  const now = probe();
  if (held(now)) return now;
  let found: T | undefined;
  await firstValueFrom(
    cache.patches$.pipe(
      filter(() => {
        const v = probe();
        if (held(v)) found = v;
        return held(v);
      }),
      timeout({
        first: ms,
        with: () => throwError(() => new Error(`the cache did not show ${what} within ${ms} ms`)),
      }),
    ),
  );
  return found as T;
}
