/**
 * Helpers the specs share: waiting on backend events with a deadline (never sleeping), reading
 * nodes, and asserting typed errors.
 */
import { filter, firstValueFrom, mergeMap, timeout, throwError, toArray, takeWhile } from 'rxjs';
import { expect } from 'vitest';
import type {
  AccessibilityBackend,
  BackendEvent,
  BackendId,
  BackendNode,
} from '../../src/backends/backend.js';
import { isUiError } from '../../src/errors.js';
import type { ErrorCode } from '../../protocol/src/index.js';

/** Deadline for one expected event: generous, since real platforms deliver late. */
export const EVENT_DEADLINE_MS = 5_000;

/**
 * Start watching for the first event matching `predicate` NOW (before acting), resolving with
 * it, or rejecting with a clear message when none arrives within the deadline. A spec whose
 * action throws never awaits its watch: that watch's later rejection is marked handled, so the
 * action's own error is what the spec reports.
 */
export function watchFor<E extends BackendEvent>(
  backend: AccessibilityBackend,
  what: string,
  predicate: (event: BackendEvent) => event is E,
  deadlineMs?: number,
): Promise<E>;
export function watchFor(
  backend: AccessibilityBackend,
  what: string,
  predicate: (event: BackendEvent) => boolean,
  deadlineMs?: number,
): Promise<BackendEvent>;
export function watchFor(
  backend: AccessibilityBackend,
  what: string,
  predicate: (event: BackendEvent) => boolean,
  deadlineMs = EVENT_DEADLINE_MS,
): Promise<BackendEvent> {
  const watch = firstValueFrom(
    backend.events$.pipe(
      mergeMap((batch) => batch),
      filter(predicate),
      timeout({
        first: deadlineMs,
        with: () => throwError(() => new Error(`no ${what} event within ${deadlineMs} ms`)),
      }),
    ),
  );
  watch.catch(() => undefined);
  return watch;
}

/**
 * Collect every event up to and including the first one matching `until` (a marker the spec
 * provokes after the action under test), so a spec can assert what did or did not arrive before it.
 */
export function collectUntil(
  backend: AccessibilityBackend,
  what: string,
  until: (event: BackendEvent) => boolean,
  deadlineMs = EVENT_DEADLINE_MS,
): Promise<BackendEvent[]> {
  return firstValueFrom(
    backend.events$.pipe(
      mergeMap((batch) => batch),
      takeWhile((event) => !until(event), true),
      timeout({
        each: deadlineMs,
        with: () => throwError(() => new Error(`no ${what} event within ${deadlineMs} ms`)),
      }),
      toArray(),
    ),
  );
}

/** A property event about `id` that carries `key`. */
export function propertyOf(id: BackendId, key: string) {
  return (e: BackendEvent): boolean =>
    e.type === 'property' && e.id === id && Object.hasOwn(e.props, key);
}

/** Fetch one element alone (maxDepth 0). */
export async function fetchOne(
  backend: AccessibilityBackend,
  id: BackendId,
  signal: AbortSignal,
): Promise<BackendNode> {
  const nodes = await backend.fetchSubtree(id, { signal, maxDepth: 0 });
  expect(nodes).toHaveLength(1);
  const node = nodes[0];
  if (node === undefined) throw new Error(`fetch of ${id} returned nothing`);
  expect(node.id).toBe(id);
  return node;
}

/** Await `promise` and assert it rejects with a UiError whose code is one of `codes`. */
export async function expectUiError(
  promise: Promise<unknown>,
  codes: readonly ErrorCode[],
): Promise<void> {
  let caught: unknown = undefined;
  let resolved = false;
  try {
    await promise;
    resolved = true;
  } catch (err) {
    caught = err;
  }
  expect(resolved, `expected a typed error (${codes.join(' | ')}), but the call succeeded`).toBe(
    false,
  );
  expect(isUiError(caught), `expected a UiError, got ${String(caught)}`).toBe(true);
  if (isUiError(caught)) expect(codes).toContain(caught.code);
}

/** Centre of an element's rect, for raw mouse input. */
export function centre(node: BackendNode): { x: number; y: number } {
  const rect = node.props.rect;
  if (rect === null) throw new Error(`${node.id} has no screen rect`);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}
