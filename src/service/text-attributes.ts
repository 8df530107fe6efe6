/**
 * elements.textAttributes: the element is resolved through the clients' cache (a ref of a
 * denied app or a gone element answers as elements.get does), then its formatting is read from
 * the app under a deadline; the cache holds no formatting.
 */
import type { MethodParams, MethodResult } from '../../protocol/src/index.js';
import type { AccessibilityBackend } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import { ElementStaleError, NotSupportedError } from '../errors.js';

/** Long enough for a few hundred runs over a busy bus, short enough not to hold a caller. */
const READ_DEADLINE_MS = 5_000;

export async function readTextAttributes(
  backend: AccessibilityBackend,
  cache: UiCache,
  p: MethodParams<'elements.textAttributes'>,
  signal: AbortSignal,
): Promise<MethodResult<'elements.textAttributes'>> {
  if (backend.textAttributes === undefined) {
    throw new NotSupportedError(`the ${backend.name} backend cannot read text attributes`);
  }
  const { revision } = cache.get({ ref: p.ref, fields: ['ref'] });
  const id = cache.backendId(p.ref);
  if (id === undefined) throw new ElementStaleError(`${p.ref} is gone`);
  const request = {
    start: p.start,
    maxRuns: p.maxRuns,
    ...(p.end === undefined ? {} : { end: p.end }),
  };
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(READ_DEADLINE_MS)]);
  const runs = await backend.textAttributes(id, request, { signal: deadline });
  const last = runs[runs.length - 1];
  const truncated =
    runs.length >= p.maxRuns && last !== undefined && (p.end ?? Infinity) > last.end;
  return { revision, runs, truncated };
}
