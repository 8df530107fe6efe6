/**
 * What a UIA event handler callback records (RawUiaEvent) and how it becomes the contract's
 * BackendEvents. The host's COM handler objects only capture the sender's cached properties
 * (an in-process read: the handlers are registered with the CacheRequest) and hand the raw
 * record to the batcher; this pure mapping runs on the batch. A sender whose properties were
 * not cached (a runtime that ignores the CacheRequest, a closed window) carries none: the event
 * then only invalidates the element, since a callback never reads live.
 */
import type { BackendEvent, BackendId, BackendProps, StructureEvent } from '../backend.js';
import { EVENT_ID, STRUCTURE_CHANGE } from './uiaConstants.js';

/** The sender of an event as captured inside the callback. */
export interface RawSender {
  id: BackendId;
  /** Null when the callback had no cached properties of the sender. */
  props: BackendProps | null;
}

/** The sender's fresh properties as a property event, or a re-read hint when none came. */
function changed(sender: RawSender): BackendEvent {
  return sender.props === null
    ? { type: 'structure', change: 'invalidated', id: sender.id }
    : { type: 'property', id: sender.id, props: sender.props };
}

export type RawUiaEvent =
  | { kind: 'focus'; sender: RawSender | null }
  | { kind: 'property'; sender: RawSender; propertyId: number }
  | {
      kind: 'structure';
      sender: RawSender | null;
      /** StructureChangeType 0..5. */
      changeType: number;
      /** RuntimeId argument of the event (the removed child, for ChildRemoved). */
      runtimeId: BackendId | null;
      /** The tracked window whose handler saw the event. */
      windowId: BackendId | null;
    }
  | { kind: 'automation'; sender: RawSender | null; eventId: number; windowId: BackendId | null };

function structure(raw: Extract<RawUiaEvent, { kind: 'structure' }>): StructureEvent {
  const name = STRUCTURE_CHANGE[raw.changeType];
  const base: StructureEvent = { type: 'structure', change: 'invalidated' };
  if (raw.windowId !== null) base.windowId = raw.windowId;
  switch (name) {
    case 'ChildAdded':
      // The sender is the new child; its parent is unknown without another call.
      if (raw.sender !== null) base.childId = raw.sender.id;
      return { ...base, change: 'childAdded' };
    case 'ChildRemoved':
      if (raw.sender !== null) base.id = raw.sender.id;
      if (raw.runtimeId !== null) base.childId = raw.runtimeId;
      return { ...base, change: 'childRemoved' };
    case 'ChildrenReordered':
      if (raw.sender !== null) base.id = raw.sender.id;
      return { ...base, change: 'reordered' };
    default:
      // Invalidated, bulk added/removed, or a change type from a newer SDK.
      if (raw.sender !== null) base.id = raw.sender.id;
      return base;
  }
}

function automation(raw: Extract<RawUiaEvent, { kind: 'automation' }>): BackendEvent[] {
  const id = raw.sender?.id;
  switch (raw.eventId) {
    case EVENT_ID.WindowOpened:
      return id === undefined ? [] : [{ type: 'window.opened', id }];
    case EVENT_ID.WindowClosed:
      return id === undefined ? [] : [{ type: 'window.closed', id }];
    case EVENT_ID.TextChanged: {
      if (id === undefined) return [];
      const value = raw.sender?.props?.value;
      return [value === undefined ? { type: 'text', id } : { type: 'text', id, value }];
    }
    case EVENT_ID.MenuOpened:
    case EVENT_ID.MenuClosed: {
      const event: StructureEvent = { type: 'structure', change: 'invalidated' };
      if (raw.windowId !== null) event.windowId = raw.windowId;
      return [event];
    }
    default:
      // Invoked, selection and the like: the sender's fresh properties are what changed.
      return raw.sender === null ? [] : [changed(raw.sender)];
  }
}

/** One raw callback record -> zero or more contract events. */
export function mapRawEvent(raw: RawUiaEvent): BackendEvent[] {
  switch (raw.kind) {
    case 'focus':
      return [{ type: 'focus', id: raw.sender?.id ?? null }];
    case 'property':
      // Registered with the CacheRequest, the sender carries every property fresh: send them all.
      return [changed(raw.sender)];
    case 'structure':
      return [structure(raw)];
    case 'automation':
      return automation(raw);
  }
}
