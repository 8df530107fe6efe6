/**
 * Matching live events against an `events.subscribe` filter. Type filters are checked here;
 * filters that need the tree (windows, apps, within, controlTypes) are answered by the event
 * log's own matcher, so live delivery and `since` replay can never disagree.
 */
import { typeAllowed, type EventFilter, type UiEvent } from '../../protocol/src/index.js';
import type { EventLog } from '../cache/api.js';

export function createEventMatcher(log: EventLog, filter: EventFilter): (e: UiEvent) => boolean {
  const types = filter.types === undefined ? null : new Set<string>(filter.types);
  const needsTree =
    filter.windows !== undefined ||
    filter.apps !== undefined ||
    filter.within !== undefined ||
    filter.controlTypes !== undefined;
  return (event) => {
    if (!typeAllowed(types, event.type)) return false;
    if (!needsTree) return true;
    const { events } = log.read({ ...filter, after: event.seq - 1, limit: 1 });
    return events[0]?.seq === event.seq;
  };
}
