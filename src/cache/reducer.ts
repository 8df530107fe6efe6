/**
 * The pure reducer: (state, input) -> patches + fetch requests. Deterministic, no I/O, no
 * clock, no RxJS; it mutates the TreeState it is given in place (the store owns that state and
 * nothing else writes to it). Events are hints: structure events only ask for a re-fetch,
 * property/text/focus events patch in place, and events about unknown or dead ids are counted,
 * never thrown.
 */
import { STATES, type BackendStatus, type Patch } from '../../protocol/src/index.js';
import type { BackendEvent, BackendId, BackendNode } from '../backends/backend.js';
import { applyFetch, removeTopLevel, updateProps } from './diff.js';
import { expireOpening } from './opening.js';
import { rememberRefs } from './remap.js';
import type { CachedNode, TreeState } from './tree.js';

/** A bulk fetch the store should run. `key` groups requests that may be coalesced. */
export interface FetchRequest {
  id: BackendId;
  /** Coalescing key: the backend id of the window concerned, or the desktop root. */
  key: BackendId;
  maxDepth?: number;
  /** Set on the one retry of a failed fetch. */
  retried?: boolean;
  /**
   * Asked for on evidence of a lost structure event rather than on an event: the store
   * rate-limits these per window (reconcile.ts), since a flood of evidence must not become a
   * storm of re-reads.
   */
  evidence?: boolean;
  /** Deadline of this fetch, when shorter than the configured one (reconcile, fresh reads). */
  deadlineMs?: number;
  /**
   * A change of the window list or a new window's contents: read at once, ahead of queued
   * re-reads (no quiet period), since `window.opened` / `window.closed` wait for it.
   */
  urgent?: boolean;
}

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

export interface ReduceResult {
  patches: Patch[];
  fetch: FetchRequest[];
  /** Events about elements the cache does not hold (ignored). */
  ignored: number;
  status?: { status: BackendStatus; reason?: string };
  reset?: string;
}

export function reduce(state: TreeState, input: CacheInput): ReduceResult {
  const result: ReduceResult = { patches: [], fetch: [], ignored: 0 };
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
        if (event.childCount !== undefined && event.childCount !== node.children.length)
          requestEvidenceFetch(state, node.id, result);
      } else if (event.value !== undefined)
        updateProps(state, node, { value: event.value }, false, result.patches);
      else requestFetch(state, node.id, result, 0);
      return;
    }
    case 'window.opened':
    case 'window.closed':
      if (event.type === 'window.closed' && !state.byId.has(event.id)) return void result.ignored++;
      if (event.type === 'window.closed' && event.unmapped === true)
        removeTopLevel(state, event.id, result.patches);
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

function applyFocus(state: TreeState, id: BackendId | null, result: ReduceResult): void {
  if (id === null) {
    state.pendingFocusId = null;
    if (state.focused === null) return;
    result.patches.push({ op: 'focus', ref: null, previous: state.focused.ref });
    setFocusedState(state, state.focused, false, result);
    state.focused = null;
    clearFocusClaims(state, null, result);
    return;
  }
  const node = state.byId.get(id);
  if (node === undefined) {
    // Focus on an element we do not hold: the cache missed a structure change, most likely in
    // the window the user works in. Remember it and repair that window.
    state.pendingFocusId = id;
    repairWithoutDetails(state, result);
    return;
  }
  state.pendingFocusId = null;
  if (state.focused === node) return;
  const previous = state.focused;
  result.patches.push({ op: 'focus', ref: node.ref, previous: previous?.ref ?? null });
  state.focused = node;
  // Keyboard focus is exclusive: the focus event alone says the previous holder lost the
  // `focused` state and the new one gained it, even when their property events are lost.
  if (previous !== null) setFocusedState(state, previous, false, result);
  setFocusedState(state, node, true, result);
  clearFocusClaims(state, node, result);
}

/** Remember an element a states event marked focused while the pointer is elsewhere. */
function noteFocusClaim(state: TreeState, node: CachedNode): void {
  if (node !== state.focused && node.props.states.includes('focused')) state.focusClaims.add(node);
  else state.focusClaims.delete(node);
}

/** The pointer moved: every other element that claimed the focused state loses it. */
function clearFocusClaims(state: TreeState, holder: CachedNode | null, result: ReduceResult): void {
  for (const claim of state.focusClaims) {
    if (claim !== holder) setFocusedState(state, claim, false, result);
  }
  state.focusClaims.clear();
}

/**
 * A fetch shows the platform's truth about focus in its subtree. Keyboard focus is exclusive,
 * so the focus pointer follows the `focused` state: a fetched element that has it takes the
 * pointer (and the previous holder, whose window may not have been fetched, loses the state),
 * and a pointer into the fetched subtree whose element lost it is cleared. Without this, a
 * lost focus event would leave two elements focused until the old one's window is re-fetched.
 */
function reconcileFocus(
  state: TreeState,
  nodes: readonly BackendNode[],
  result: ReduceResult,
): void {
  const holder = nodes.findLast((n) => n.props.states.includes('focused'));
  if (holder !== undefined) {
    if (state.byId.has(holder.id)) applyFocus(state, holder.id, result);
    return;
  }
  const current = state.focused;
  if (current !== null && nodes.some((n) => n.id === current.id))
    followFocusState(state, current, result);
}

/** Keep the focus pointer in step with a node whose `focused` state just changed. */
function followFocusState(state: TreeState, node: CachedNode, result: ReduceResult): void {
  const has = node.props.states.includes('focused');
  if (has && state.focused !== node) applyFocus(state, node.id, result);
  else if (!has && state.focused === node) applyFocus(state, null, result);
}

function setFocusedState(
  state: TreeState,
  node: CachedNode,
  on: boolean,
  result: ReduceResult,
): void {
  const has = node.props.states.includes('focused');
  if (has === on) return;
  const states = on
    ? [...node.props.states, 'focused' as const].sort(
        (a, b) => STATES.indexOf(a) - STATES.indexOf(b),
      )
    : node.props.states.filter((s) => s !== 'focused');
  updateProps(state, node, { states }, false, result.patches);
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

/**
 * A structure change with no usable id: re-list the desktop's top level (finds opened and
 * closed windows; windows whose child list changed are re-fetched from there) and re-fetch the
 * window the user works in. Never a desktop-wide walk.
 */
function repairWithoutDetails(state: TreeState, result: ReduceResult): void {
  relist(state, result, false);
  const win = state.foreground ?? (state.focused === null ? null : state.windowOf(state.focused));
  if (win !== null) requestFetch(state, win.id, result);
}

/**
 * An event about an element the cache does not hold, under a parent it holds: the parent's
 * children changed and the event saying so was lost. Re-read that parent.
 */
function reconcileUnknown(
  state: TreeState,
  parentId: BackendId | undefined,
  result: ReduceResult,
): void {
  if (parentId !== undefined && state.byId.has(parentId))
    requestEvidenceFetch(state, parentId, result);
}

function requestEvidenceFetch(state: TreeState, id: BackendId, result: ReduceResult): void {
  const before = result.fetch.length;
  requestFetch(state, id, result);
  for (const request of result.fetch.slice(before)) request.evidence = true;
}

/**
 * Re-read the desktop's top level. Urgent when a window is known to have come or gone (its
 * announcement waits for this); a repair on weaker evidence keeps the quiet period, which
 * merges the bursts a new window's own events bring.
 */
function relist(state: TreeState, result: ReduceResult, urgent = true): void {
  if (state.root === null) return;
  const request: FetchRequest = { id: state.root.id, key: state.root.id, maxDepth: 1 };
  if (urgent) request.urgent = true;
  result.fetch.push(request);
}

/** Whether `windowId` is a new window held unannounced until its contents are read. */
function holdsOpening(state: TreeState, windowId: BackendId): boolean {
  const win = state.byId.get(windowId);
  return win !== undefined && state.opening.has(win);
}

function requestFetch(
  state: TreeState,
  id: BackendId,
  result: ReduceResult,
  maxDepth?: number,
): void {
  const node = state.byId.get(id);
  if (node === undefined) return;
  if (node === state.root) {
    relist(state, result);
    return;
  }
  const win = state.windowOf(node);
  const request: FetchRequest = { id, key: (win ?? node).id };
  if (maxDepth !== undefined) request.maxDepth = maxDepth;
  result.fetch.push(request);
}
