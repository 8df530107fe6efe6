/**
 * Which protocol UiEvents one patch stands for, with the context the event log's filters need
 * (window, app, ancestor refs, control type) read from the state at the time of the patch,
 * because by the time a client reads the event the elements may be gone.
 */
import type { ControlType, ElementSummary, Patch, UiEvent } from '../../protocol/src/index.js';
import { previousOf } from './props.js';
import { textChange } from './text-change.js';
import type { CachedNode, TreeState } from './tree.js';

/** A UiEvent without its seq and time (the log stamps them on append). */
export type EventDraft = UiEvent extends infer E
  ? E extends UiEvent
    ? Omit<E, 'seq' | 'time'>
    : never
  : never;

export interface EventContext {
  window: string | null;
  app: string | undefined;
  pid: number | undefined;
  /** Refs from the element up to its window, for `within`. */
  path: string[];
  controlType: ControlType | undefined;
}

/** Receives each derived event; the context is fresh, so the receiver may keep it. */
export type EmitEvent = (draft: EventDraft, ctx: EventContext) => void;

/** The context of an event with no element (status, clipboard, a closed window). */
export function detachedContext(
  window: string | null = null,
  app?: string,
  pid?: number,
): EventContext {
  return { window, app, pid, path: [], controlType: undefined };
}

/** Derive the events of one patch (the state already reflects it) and hand them to `emit`. */
export function deriveEvents(state: TreeState, patch: Patch, emit: EmitEvent): void {
  switch (patch.op) {
    case 'add':
    case 'remove':
    case 'reorder':
      return deriveStructure(state, patch, emit);
    case 'update':
      return deriveUpdate(state, patch, emit);
    case 'focus': {
      const node = nodeOf(state, patch.ref);
      const element = node === undefined ? null : summary(node);
      emit({ type: 'focus.changed', element, previous: patch.previous }, contextOf(state, node));
      return;
    }
    case 'window.opened':
      emit(
        patch.partial === true
          ? { type: 'window.opened', window: patch.window, partial: true }
          : { type: 'window.opened', window: patch.window },
        contextOf(state, nodeOf(state, patch.window.element)),
      );
      return;
    case 'window.closed':
      emit(
        { type: 'window.closed', window: patch.window, title: patch.title },
        detachedContext(patch.window),
      );
      return;
    case 'window.activated':
      emit(
        { type: 'window.activated', window: patch.window, title: patch.title },
        contextOf(state, state.windows.get(patch.window), patch.window),
      );
      return;
  }
}

// Not a closure inside deriveEvents: one per patch, and under tsx (how a checkout runs) each
// closure also costs a defineProperty for its name.
function nodeOf(state: TreeState, ref: string | null): CachedNode | undefined {
  return ref === null ? undefined : state.byRef.get(ref);
}

function contextOf(
  state: TreeState,
  node: CachedNode | undefined,
  fallbackWindow: string | null = null,
): EventContext {
  if (node === undefined) return detachedContext(fallbackWindow);
  const win = state.windowOf(node);
  const path: string[] = [];
  for (let n: CachedNode | null = node; n !== null && n !== state.root; n = n.parent)
    path.push(n.ref);
  return {
    window: node.window,
    app: win?.props.app,
    pid: win?.props.pid,
    path,
    controlType: node.props.controlType,
  };
}

function summary(node: CachedNode): ElementSummary {
  const s: ElementSummary = {
    ref: node.ref,
    controlType: node.props.controlType,
    name: node.props.name,
    // Shared, not copied: stored values are frozen and replaced on change (see props.ts).
    rect: node.props.rect,
    window: node.window,
  };
  if (node.props.automationId !== undefined) s.automationId = node.props.automationId;
  return s;
}

/** One structure.changed per add / remove / reorder, placed in the parent's window. */
function deriveStructure(
  state: TreeState,
  patch: Extract<Patch, { op: 'add' | 'remove' | 'reorder' }>,
  emit: EmitEvent,
): void {
  const parentRef = patch.parent;
  const parent = parentRef === null ? undefined : state.byRef.get(parentRef);
  const atTop = parent === undefined || parent === state.root;
  let window = parent?.window ?? null;
  let subject = parent;
  const added: string[] = [];
  const removed: string[] = [];
  if (patch.op === 'add') {
    const first = patch.nodes[0];
    if (first === undefined) return;
    added.push(first.ref);
    if (atTop) {
      window = first.window;
      subject = state.byRef.get(first.ref);
    }
  } else if (patch.op === 'remove') {
    removed.push(patch.ref);
    if (atTop) {
      window = null;
      subject = undefined;
    }
  }
  emit(
    { type: 'structure.changed', parent: parentRef, window, added, removed },
    contextOf(state, subject, window),
  );
}

/** A lone value change is a text.changed (with its minimal edit); anything else a
 * property.changed listing each key's before and after. */
function deriveUpdate(
  state: TreeState,
  patch: Extract<Patch, { op: 'update' }>,
  emit: EmitEvent,
): void {
  const node = state.byRef.get(patch.ref);
  if (node === undefined) return;
  const keys = Object.keys(patch.props).filter((k) => k !== 'childCount');
  if (keys.length === 0) return;
  const element = summary(node);
  const previous = previousOf(patch.props);
  if (keys.length === 1 && keys[0] === 'value') {
    const before = typeof previous['value'] === 'string' ? previous['value'] : '';
    const after = patch.props.value ?? '';
    const change = textChange(before, after);
    emit({ type: 'text.changed', element, change, length: after.length }, contextOf(state, node));
    return;
  }
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of keys)
    changes[k] = { from: previous[k], to: (patch.props as Record<string, unknown>)[k] };
  emit({ type: 'property.changed', element, changes }, contextOf(state, node));
}
