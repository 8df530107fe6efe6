/**
 * AT-SPI event signals -> BackendEvents. Signal bodies are `(detail, detail1, detail2, any_data,
 * properties)`. Where the signal lacks the new value (state changes carry one bit; GTK3's
 * accessible-value carries 0; text changes carry a fragment), the element is re-read so the
 * event carries the whole new property. App start/exit comes from the registry root's
 * children-changed (no window:create is sent for an app's first window) and from the bus daemon's
 * NameOwnerChanged when an app dies.
 */
import type { BackendEvent, BackendId } from '../backend.js';
import { UiError } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
export { MATCH_RULES, REGISTERED_EVENTS } from './atspiEventRules.js';
import {
  boundsChanged,
  pushStates,
  rowsChanged,
  shownOrHidden,
  textChanged,
} from './atspiEventReads.js';
import type { AtspiReader } from './atspiFetch.js';
import { RANGE_PROPS, rangeOf } from './atspiNode.js';
import { DESKTOP_ID, idOf, isAppRoot, isNullRef, REGISTRY_NAME, ROOT_PATH } from './atspiIds.js';
import { hasState, isWindowRole, ROLE, STATE_BIT } from './atspiRoles.js';

/** The parts of a D-Bus signal message the mapping reads. */
export interface SignalMessage {
  sender: string;
  path: string;
  interface: string;
  member: string;
  body: unknown[];
}

const IGNORED_STATES = new Set(['defunct', 'visible', 'armed', 'stale', 'transient']);

function refFromVariant(data: unknown): ObjectRef | undefined {
  const value = (data as { value?: unknown } | undefined)?.value;
  if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') {
    return [value[0], value[1]];
  }
  return undefined;
}

export class AtspiEventMapper {
  /** Known top-level windows per app bus name, so an app's exit closes its windows. */
  private readonly windowsByApp = new Map<string, Set<BackendId>>();

  constructor(
    private readonly reader: AtspiReader,
    private registryOwner: string,
    /** Called when the registry daemon came back under a new owner (events to re-register). */
    private readonly registryRestarted: (signal: AbortSignal) => Promise<void> = () =>
      Promise.resolve(),
  ) {}

  /** Record the windows a desktop fetch saw. */
  noteWindows(ids: readonly BackendId[]): void {
    for (const id of ids) this.addWindow(id);
  }

  /** Map one signal; a re-read of an element that vanished yields no event. */
  async map(msg: SignalMessage, signal: AbortSignal): Promise<BackendEvent[]> {
    try {
      return await this.mapUnsafe(msg, signal);
    } catch (err) {
      if (err instanceof UiError) return [];
      throw err;
    }
  }

  private async mapUnsafe(msg: SignalMessage, signal: AbortSignal): Promise<BackendEvent[]> {
    const iface = msg.interface.replace('org.a11y.atspi.Event.', '');
    if (msg.member === 'NameOwnerChanged') return this.nameOwnerChanged(msg.body, signal);
    const ref: ObjectRef = [msg.sender, msg.path];
    const id = idOf(ref);
    const [detail = '', detail1 = 0] = msg.body as [string?, number?];
    if (iface === 'Window') return this.windowSignal(msg.member, ref, id);
    if (iface === 'Focus') return [{ type: 'focus', id }];
    switch (msg.member) {
      case 'StateChanged':
        return this.stateChanged(ref, id, detail, detail1, signal);
      case 'ChildrenChanged':
        return this.childrenChanged(ref, id, detail, msg.body[3], signal);
      case 'PropertyChange':
        return this.propertyChange(ref, id, detail, msg.body[3], signal);
      case 'TextChanged':
        return textChanged(this.reader, ref, id, signal);
      case 'BoundsChanged':
        return boundsChanged(this.reader, ref, id, signal);
      case 'RowInserted':
      case 'RowDeleted':
      case 'RowReordered':
      case 'ModelChanged':
        return rowsChanged(this.reader, ref, id, signal);
      default:
        return [];
    }
  }

  private windowSignal(member: string, ref: ObjectRef, id: BackendId): BackendEvent[] {
    // GTK 4.8 names its window signals in lower case (`activate`, `deactivate`).
    switch (member.charAt(0).toUpperCase() + member.slice(1)) {
      case 'Create':
        this.addWindow(id);
        return [
          { type: 'structure', change: 'childAdded', id: DESKTOP_ID, childId: id },
          { type: 'window.opened', id },
        ];
      case 'Destroy':
        this.windowsByApp.get(ref[0])?.delete(id);
        return [
          { type: 'structure', change: 'childRemoved', id: DESKTOP_ID, childId: id },
          { type: 'window.closed', id },
        ];
      case 'Activate':
        return [{ type: 'window.activated', id }];
      default:
        return [];
    }
  }

  private async stateChanged(
    ref: ObjectRef,
    id: BackendId,
    detail: string,
    set: number,
    signal: AbortSignal,
  ): Promise<BackendEvent[]> {
    const events: BackendEvent[] = [];
    if (detail === 'focused' && set === 1) events.push({ type: 'focus', id });
    if (detail === 'defunct') this.reader.facts.forget(ref);
    if (IGNORED_STATES.has(detail) || isAppRoot(ref)) return events;
    if (detail === 'showing') {
      events.push(await shownOrHidden(this.reader, ref, id, signal));
      return events;
    }
    const { role, words } = await pushStates(this.reader, ref, events, signal);
    if (detail === 'focused' && hasState(words, STATE_BIT.MANAGES_DESCENDANTS)) {
      // Its cells' focused state follows the container's silently: re-read the container.
      events.push({ type: 'structure', change: 'invalidated', id });
    } else if (role === ROLE.TABLE_CELL || role === ROLE.TABLE_ROW) {
      // GTK tree views announce a row's state change on the row only, while its cells change too.
      const cells = await this.reader.children(ref, signal);
      await Promise.all(
        cells.map((cell) => pushStates(this.reader, cell, events, signal).catch(() => undefined)),
      );
    }
    return events;
  }

  private async childrenChanged(
    ref: ObjectRef,
    id: BackendId,
    detail: string,
    data: unknown,
    signal: AbortSignal,
  ): Promise<BackendEvent[]> {
    const added = detail.startsWith('add');
    const change = added ? 'childAdded' : 'childRemoved';
    const child = refFromVariant(data);
    if (ref[0] === this.registryOwner && ref[1] === ROOT_PATH) {
      if (child === undefined)
        return [{ type: 'structure', change: 'invalidated', id: DESKTOP_ID }];
      return added ? this.appAdded(child, signal) : this.appRemoved(child[0]);
    }
    if (isAppRoot(ref)) {
      if (child === undefined || isNullRef(child)) {
        return [{ type: 'structure', change: 'invalidated', id: DESKTOP_ID }];
      }
      // GTK 4.8 names the app root itself as the window it added or removed.
      if (isAppRoot(child)) return this.appWindowsChanged(ref, signal);
      const childId = idOf(child);
      if (added) this.addWindow(childId);
      else this.windowsByApp.get(ref[0])?.delete(childId);
      return [
        { type: 'structure', change, id: DESKTOP_ID, childId },
        { type: added ? 'window.opened' : 'window.closed', id: childId },
      ];
    }
    const event: BackendEvent = { type: 'structure', change, id };
    if (child !== undefined && !isNullRef(child)) {
      event.childId = idOf(child);
      if (!added) this.reader.facts.forget(child);
    }
    return [event];
  }

  private async appAdded(app: ObjectRef, signal: AbortSignal): Promise<BackendEvent[]> {
    const windows = await this.reader.children(app, signal);
    const events: BackendEvent[] = [];
    for (const win of windows) {
      const role = await this.reader.role(win, signal);
      const childId = idOf(win);
      this.addWindow(childId);
      events.push({ type: 'structure', change: 'childAdded', id: DESKTOP_ID, childId });
      if (isWindowRole(role)) events.push({ type: 'window.opened', id: childId });
    }
    if (events.length === 0)
      events.push({ type: 'structure', change: 'invalidated', id: DESKTOP_ID });
    return events;
  }

  /** The app's windows read again: the ones not known before opened, the known ones gone closed. */
  private async appWindowsChanged(app: ObjectRef, signal: AbortSignal): Promise<BackendEvent[]> {
    const windows = new Set((await this.reader.children(app, signal)).map(idOf));
    const known = this.windowsByApp.get(app[0]) ?? new Set<BackendId>();
    const events: BackendEvent[] = [];
    for (const id of windows) {
      if (known.has(id)) continue;
      this.addWindow(id);
      events.push({ type: 'structure', change: 'childAdded', id: DESKTOP_ID, childId: id });
      events.push({ type: 'window.opened', id });
    }
    for (const id of known) {
      if (windows.has(id)) continue;
      known.delete(id);
      events.push({ type: 'structure', change: 'childRemoved', id: DESKTOP_ID, childId: id });
      events.push({ type: 'window.closed', id });
    }
    return events;
  }

  private appRemoved(busName: string): BackendEvent[] {
    this.reader.facts.forgetApp(busName);
    const windows = this.windowsByApp.get(busName);
    if (windows === undefined) return [];
    this.windowsByApp.delete(busName);
    const events: BackendEvent[] = [{ type: 'structure', change: 'childRemoved', id: DESKTOP_ID }];
    for (const id of windows) events.push({ type: 'window.closed', id });
    return events;
  }

  private async nameOwnerChanged(body: unknown[], signal: AbortSignal): Promise<BackendEvent[]> {
    const [name, , newOwner] = body as [string, string, string];
    if (name === REGISTRY_NAME) return this.registryChanged(newOwner, signal);
    if (!name.startsWith(':') || newOwner !== '') return [];
    return this.appRemoved(name);
  }

  /**
   * The registry daemon died or came back. Apps keep their bus names (ids stay valid) but
   * register with the new daemon one by one, so its desktop may list none of them for a while:
   * a reset lets the cache keep every ref of an element that comes back unchanged.
   */
  private async registryChanged(newOwner: string, signal: AbortSignal): Promise<BackendEvent[]> {
    if (newOwner === this.registryOwner) return [];
    this.registryOwner = newOwner;
    if (newOwner === '') return [{ type: 'reset', reason: 'the registry daemon went away' }];
    await this.registryRestarted(signal);
    return [{ type: 'reset', reason: 'the registry daemon restarted' }];
  }

  private async propertyChange(
    ref: ObjectRef,
    id: BackendId,
    detail: string,
    data: unknown,
    signal: AbortSignal,
  ): Promise<BackendEvent[]> {
    if (detail === 'accessible-name') {
      const value = (data as { value?: unknown } | undefined)?.value;
      return [{ type: 'property', id, props: { name: typeof value === 'string' ? value : '' } }];
    }
    if (detail === 'accessible-value') {
      const range = rangeOf(await this.reader.readProps(ref, 'Value', RANGE_PROPS, signal));
      return [{ type: 'property', id, props: { range } }];
    }
    return [];
  }

  private addWindow(id: BackendId): void {
    const busName = id.slice(0, id.indexOf(':/'));
    let set = this.windowsByApp.get(busName);
    if (set === undefined) this.windowsByApp.set(busName, (set = new Set()));
    set.add(id);
  }
}
