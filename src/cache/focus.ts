/**
 * The focus pointer and the `focused` state, kept in step by the reducer. Keyboard focus is
 * exclusive: a focus event, a fetch or a states event moving it takes the state from every
 * other element, since the events saying so for each of them may be lost.
 */
import { STATES } from '../../protocol/src/index.js';
import type { BackendId, BackendNode } from '../backends/backend.js';
import { updateProps } from './diff.js';
import type { ReduceResult } from './reduce-result.js';
import { repairWithoutDetails, requestFetch } from './refetch.js';
import type { CachedNode, TreeState } from './tree.js';

export function applyFocus(state: TreeState, id: BackendId | null, result: ReduceResult): void {
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
export function noteFocusClaim(state: TreeState, node: CachedNode): void {
  if (node !== state.focused && node.props.states.includes('focused')) state.focusClaims.add(node);
  else state.focusClaims.delete(node);
}

/**
 * A states event took the `focused` state from the focus holder (Java's bridge does so when its
 * window loses the input focus, with no focus event elsewhere): re-read the holder, and the
 * fetch clears the pointer if the app still says so (reconcileFocus). The event alone does not
 * clear it, since a late one from before the holder gained the focus would.
 */
export function confirmFocusLoss(state: TreeState, node: CachedNode, result: ReduceResult): void {
  if (state.focused === node && !node.props.states.includes('focused'))
    requestFetch(state, node.id, result, 0);
}

/**
 * A window adopted whole from its read (window.opened with nodes) gave the pointer to an element
 * whose focus event came before the window was cached (diff.ts makeNode), but the read shows it
 * without the `focused` state. The read may predate the event, or the element lost the focus
 * after it while the cache could not apply the states event (the element was unknown then; Java's
 * bridge takes it from a dialog's button that way, with no event elsewhere): re-read the element,
 * and the fetch decides (reconcileFocus).
 */
export function confirmAdoptedFocus(
  state: TreeState,
  nodes: readonly BackendNode[],
  result: ReduceResult,
): void {
  const holder = state.focused;
  if (holder === null || holder.props.states.includes('focused')) return;
  if (nodes.some((n) => n.id === holder.id)) requestFetch(state, holder.id, result, 0);
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
export function reconcileFocus(
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
