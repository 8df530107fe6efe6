/**
 * Backend ids of provider nodes: `prov:<session>:<node id>`, so they never collide with a
 * platform's ids and every call can be routed by its id alone.
 */
import type { BackendId } from '../backend.js';

const PREFIX = 'prov:';

export function providerId(session: string, node: string): BackendId {
  return `${PREFIX}${session}:${node}`;
}

/** The session and node of a provider id, or null for a platform id. */
export function parseProviderId(id: BackendId): { session: string; node: string } | null {
  if (!id.startsWith(PREFIX)) return null;
  const colon = id.indexOf(':', PREFIX.length);
  if (colon < 0) return null;
  return { session: id.slice(PREFIX.length, colon), node: id.slice(colon + 1) };
}
