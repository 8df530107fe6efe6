/**
 * The re-reads behind events whose signal lacks the new value: an element's states, what
 * showing or hiding changed, its text, its extents, and the container a tree view's row change
 * touched. Showing events name the element's parent and count its children (the read learns
 * both anyway).
 */
import type { BackendEvent, BackendId, BackendProps, PropertyEvent } from '../backend.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader } from './atspiFetch.js';
import { idOf, isAppRoot, isNullRef } from './atspiIds.js';
import { isTextRole, ROLE, statesOf } from './atspiRoles.js';

/**
 * Re-read an element's states (its role from the memo) and push them as a property event; returns
 * what was read. It does not read the parent: every state change's patch waits for these calls,
 * so a third one would be on the path of every Toggle, and showing events already carry that
 * evidence. Where the toolkit reports no SHOWING the extents are read too (they say offscreen).
 */
export async function pushStates(
  reader: AtspiReader,
  ref: ObjectRef,
  events: BackendEvent[],
  signal: AbortSignal,
): Promise<{ role: number; words: number[] }> {
  const { tree } = await reader.app(ref[0], signal);
  const [role, [words], rect] = await Promise.all([
    reader.role(ref, signal),
    reader.call(ref, 'Accessible', 'GetState', signal),
    tree.reportsShowing ? undefined : extentsOf(reader, ref, signal),
  ]);
  const bits = (words ?? []) as number[];
  const states = statesOf(role, bits, tree, rect);
  events.push({ type: 'property', id: idOf(ref), props: { states } });
  return { role, words: bits };
}

/** Screen extents, null when the element has none (no Component) or reports none. */
async function extentsOf(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<BackendProps['rect']> {
  const interfaces = await reader.interfaces(ref, signal);
  if (!interfaces.includes('org.a11y.atspi.Component')) return null;
  const [box] = await reader.call(ref, 'Component', 'GetExtents', signal, 'u', [0]);
  const [x = 0, y = 0, width = -1, height = -1] = (box ?? []) as number[];
  return width >= 0 && height >= 0 ? { x, y, width, height } : null;
}

/** The contract's id of a `Parent` property's value (apps' roots are not elements). */
function parentIdOf(parent: unknown): BackendId | undefined {
  if (!Array.isArray(parent) || typeof parent[0] !== 'string' || typeof parent[1] !== 'string')
    return undefined;
  const ref: ObjectRef = [parent[0], parent[1]];
  return isNullRef(ref) || isAppRoot(ref) ? undefined : idOf(ref);
}

/**
 * Showing or hiding moves an element without a bounds event (GTK reports hidden elements at
 * INT_MIN) and may change its range (a hidden scroll bar's adjustment): re-read all three. The
 * read names the parent and counts the children, which lets a consumer see a missed
 * children-changed (see BackendEvent).
 */
export async function shownOrHidden(
  reader: AtspiReader,
  ref: ObjectRef,
  id: BackendId,
  signal: AbortSignal,
): Promise<BackendEvent> {
  const [raw, { tree }] = await Promise.all([
    reader.element(ref, signal, true),
    reader.app(ref[0], signal),
  ]);
  const states = statesOf(raw.role, raw.states, tree, raw.rect);
  const props: Partial<BackendProps> = { states, rect: raw.rect };
  if (raw.range !== undefined) props.range = raw.range;
  const event: PropertyEvent = { type: 'property', id, props, childCount: raw.children.length };
  const parentId = parentIdOf(raw.parent);
  if (parentId !== undefined) event.parentId = parentId;
  return event;
}

export async function textChanged(
  reader: AtspiReader,
  ref: ObjectRef,
  id: BackendId,
  signal: AbortSignal,
): Promise<BackendEvent[]> {
  const [role, ifaces] = await Promise.all([
    reader.role(ref, signal),
    reader.interfaces(ref, signal),
  ]);
  if (!isTextRole(role) && !ifaces.includes('org.a11y.atspi.EditableText')) return [];
  const value = await reader.text(ref, signal);
  return [
    { type: 'text', id, value },
    { type: 'property', id, props: { value } },
  ];
}

/** The event's own bounds are window-relative on some toolkits: re-read screen extents. */
export async function boundsChanged(
  reader: AtspiReader,
  ref: ObjectRef,
  id: BackendId,
  signal: AbortSignal,
): Promise<BackendEvent[]> {
  const [[box], role] = await Promise.all([
    reader.call(ref, 'Component', 'GetExtents', signal, 'u', [0]),
    reader.role(ref, signal),
  ]);
  const [x = 0, y = 0, width = -1, height = -1] = (box ?? []) as number[];
  const rect = width >= 0 && height >= 0 ? { x, y, width, height } : null;
  const events: BackendEvent[] = [{ type: 'property', id, props: { rect } }];
  // Where the extents say offscreen (no SHOWING reported), the states move with them.
  if (!(await reader.app(ref[0], signal)).tree.reportsShowing) {
    await pushStates(reader, ref, events, signal);
  }
  // Notebook tabs and scroll bar adjustments move with their container without events.
  if (role === ROLE.PAGE_TAB_LIST || role === ROLE.SCROLL_PANE) {
    events.push({ type: 'structure', change: 'invalidated', id });
  }
  return events;
}

/**
 * Tree views add and drop rows (resizing cells) with no children-changed, and their scroll
 * bars' extent grows silently: re-read the scroll pane around the view when there is one.
 */
export async function rowsChanged(
  reader: AtspiReader,
  ref: ObjectRef,
  id: BackendId,
  signal: AbortSignal,
): Promise<BackendEvent[]> {
  const parent = (await reader.prop(ref, 'Accessible', 'Parent', signal)) as ObjectRef | undefined;
  if (parent === undefined || isNullRef(parent) || isAppRoot(parent)) {
    return [{ type: 'structure', change: 'invalidated', id }];
  }
  const role = await reader.role(parent, signal);
  const scope = role === ROLE.SCROLL_PANE ? idOf(parent) : id;
  return [{ type: 'structure', change: 'invalidated', id: scope }];
}
