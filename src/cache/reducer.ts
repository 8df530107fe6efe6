/**
 * The pure reducer: (state, input) -> patches + fetch requests. Deterministic, no I/O, no
 * clock, no RxJS; it mutates the TreeState it is given in place (the store owns that state and
 * nothing else writes to it). Events are hints: structure events only ask for a re-fetch,
 * property/text/focus events patch in place, and events about unknown or dead ids are counted,
 * never thrown.
 */
import type { BackendEvent, BackendId, BackendNode } from '../backends/backend.js';
import { applyFetch, updateProps } from './diff.js';
import {
  applyFocus,
  confirmAdoptedFocus,
  confirmFocusLoss,
  noteFocusClaim,
  reconcileFocus,
} from './focus.js';
import { expireOpening } from './opening.js';
import type { ReduceResult } from './reduce-result.js';
import {
  holdsOpening,
  reconcileUnknown,
  relist,
  repairWithoutDetails,
  requestEvidenceFetch,
  requestFetch,
} from './refetch.js';
import { rememberRefs } from './remap.js';
import { stageNodes } from './staging.js';
import { addTopLevel, closeRecentlyUnmapped, closeUnlisted, removeTopLevel } from './top-level.js';
import type { TreeState } from './tree.js';

export type { FetchRequest, ReduceResult } from './reduce-result.js';

export type CacheInput =
  | { kind: 'events'; events: readonly BackendEvent[] }
  | {
      kind: 'fetched';
      nodes: readonly BackendNode[];
      /** Property/text events that arrived while the fetch was in flight: re-applied after it. */
      replay?: readonly BackendEvent[];
      /** The fetch's depth limit (absent: the whole subtree was read). */
      depth?: number;
    }
  /** A fetch root turned out to be gone. */
  | { kind: 'stale'; id: BackendId }
  /** A new window's contents were not all cached by its deadline: announce it anyway. */
  | { kind: 'openingExpired'; window: string };

/** `now`: the store's clock (ms), which bounds what the state remembers of recent closes. */
export function reduce(state: TreeState, input: CacheInput, now = 0): ReduceResult {
  const result: ReduceResult = { patches: [], fetch: [], ignored: 0 };
  state.recentlyClosed.now = now;
  switch (input.kind) {
    case 'events':
      for (const event of input.events) applyEvent(state, event, result);
      break;
    case 'fetched':
      applyFetched(state, input.nodes, input.replay ?? [], result);
      break;
    case 'stale':
      applyStale(state, input.id, result);
      break;
    case 'openingExpired':
      expireOpening(state, input.window, result.patches);
      break;
  }
  return result;
}

function applyFetched(
  state: TreeState,
  nodes: readonly BackendNode[],
  replay: readonly BackendEvent[],
  result: ReduceResult,
): void {
  const outcome = applyFetch(state, nodes, result.patches);
  for (const id of outcome.needFetch) requestFetch(state, id, result);
  for (const request of result.fetch) if (holdsOpening(state, request.key)) request.urgent = true;
  if (outcome.unknownRoot) return;
  closeRecentlyUnmapped(state, result);
  reconcileFocus(state, nodes, result);
  const fetchedIds = new Set(nodes.map((n) => n.id));
  for (const event of replay) {
    if ((event.type === 'property' || event.type === 'text') && fetchedIds.has(event.id)) {
      applyEvent(state, event, result);
    }
    // A window's `active` state read before another window was activated moved the foreground
    // back to it: the activation since then stands.
    if (event.type === 'window.activated' && state.byId.has(event.id)) {
      applyActivated(state, event.id, result);
    }
  }
}

function applyStale(state: TreeState, id: BackendId, result: ReduceResult): void {
  const node = state.byId.get(id);
  if (node === undefined) return;
  if (node.parent === null || node.parent === state.root) relist(state, result);
  else requestFetch(state, node.parent.id, result);
}

function applyEvent(state: TreeState, event: BackendEvent, result: ReduceResult): void {
  switch (event.type) {
    case 'focus':
      return applyFocus(state, event.id, result);
    case 'structure': {
      const node = event.id === undefined ? undefined : state.byId.get(event.id);
      if (node !== undefined) return requestFetch(state, node.id, result);
      const win = event.windowId === undefined ? undefined : state.byId.get(event.windowId);
      if (win !== undefined) return requestFetch(state, win.id, result);
      return repairWithoutDetails(state, result);
    }
    case 'property':
    case 'text': {
      const node = state.byId.get(event.id);
      if (node === undefined) {
        result.ignored++;
        return reconcileUnknown(state, event.parentId, result);
      }
      // A states event does not move the focus pointer: duplicated or late ones about the
      // previous holder would drag it back. Focus events and fetches (a snapshot) do.
      if (event.type === 'property') {
        updateProps(state, node, event.props, false, result.patches);
        noteFocusClaim(state, node);
        if (event.props.states !== undefined) confirmFocusLoss(state, node, result);
        if (event.childCount !== undefined && event.childCount !== node.children.length)
          requestEvidenceFetch(state, node.id, result);
      } else if (event.value !== undefined)
        updateProps(state, node, { value: event.value }, false, result.patches);
      else requestFetch(state, node.id, result, 0);
      return;
    }
    case 'window.staged':
      return stageNodes(state, event.id, event.nodes);
    case 'window.opened': {
      const adopted = event.nodes !== undefined && addTopLevel(state, event.nodes, result);
      if (adopted && event.nodes !== undefined) confirmAdoptedFocus(state, event.nodes, result);
      state.staging.delete(event.id);
      return adopted ? undefined : relist(state, result);
    }
    case 'window.closed':
      state.staging.delete(event.id);
      if (!state.byId.has(event.id)) {
        if (event.unmapped === true) closeUnlisted(state, event.id, result);
        return void result.ignored++;
      }
      if (event.unmapped === true) removeTopLevel(state, event.id, result.patches);
      return relist(state, result);
    case 'window.activated':
      return applyActivated(state, event.id, result);
    case 'status':
      result.status =
        event.reason === undefined
          ? { status: event.status }
          : { status: event.status, reason: event.reason };
      return;
    case 'reset':
      result.reset = event.reason;
      state.remap = rememberRefs(state, state.remap);
      if (state.root !== null) result.fetch.push({ id: state.root.id, key: state.root.id });
      return;
  }
}

function applyActivated(state: TreeState, id: BackendId, result: ReduceResult): void {
  const node = state.byId.get(id);
  if (node === undefined || !state.isWindow(node) || node.window === null) {
    // The window is new (its activation came before the listing that holds it).
    if (node === undefined) state.pendingActiveId = id;
    relist(state, result);
    return;
  }
  if (state.pendingActiveId !== null) state.pendingActiveId = null;
  if (state.foreground === node) return;
  state.foreground = node;
  result.patches.push({ op: 'window.activated', window: node.window, title: node.props.name });
}
