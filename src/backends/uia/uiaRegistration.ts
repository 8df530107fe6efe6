/**
 * Event-handler registration on IUIAutomation (and IUIAutomation6's handler groups): thin
 * typed wrappers over vtable slots, slot numbers from UIAutomationClient.h as in
 * docs/platform-vocabulary.md. The handler objects themselves are built in uiaEvents.
 * Every Add… call runs on a pool thread: UIA may wait inside it for a callback in progress,
 * and callbacks run on the host's JS thread, so a registration made from that thread could
 * deadlock it. Filling a handler group is local and stays synchronous.
 */
import type { Automation } from './uiaAutomation.js';
import { release, vcheck, vout, type Ptr } from './uiaCom.js';
import { vcheckAsync } from './uiaComAsync.js';

/** IUIAutomation slots used for registration. */
const S = {
  AddAutomationEventHandler: 32,
  AddPropertyChangedEventHandlerNativeArray: 34,
  AddStructureChangedEventHandler: 37,
  AddFocusChangedEventHandler: 39,
  CreateEventHandlerGroup: 70,
  AddEventHandlerGroup: 71,
} as const;

/** IUIAutomationEventHandlerGroup slots. */
const GROUP = {
  AddAutomationEventHandler: 4,
  AddPropertyChangedEventHandler: 7,
  AddStructureChangedEventHandler: 8,
} as const;

export function addFocusHandler(
  automation: Automation,
  cacheRequest: Ptr,
  handler: Ptr,
): Promise<void> {
  return vcheckAsync(
    'IUIAutomation::AddFocusChangedEventHandler',
    automation.ptr,
    S.AddFocusChangedEventHandler,
    ['void *', 'void *'],
    cacheRequest,
    handler,
  );
}

export function addAutomationHandler(
  automation: Automation,
  eventId: number,
  element: Ptr,
  scope: number,
  cacheRequest: Ptr,
  handler: Ptr,
): Promise<void> {
  return vcheckAsync(
    'IUIAutomation::AddAutomationEventHandler',
    automation.ptr,
    S.AddAutomationEventHandler,
    ['int32_t', 'void *', 'int32_t', 'void *', 'void *'],
    eventId,
    element,
    scope,
    cacheRequest,
    handler,
  );
}

export function addPropertyHandler(
  automation: Automation,
  element: Ptr,
  scope: number,
  cacheRequest: Ptr,
  handler: Ptr,
  properties: readonly number[],
): Promise<void> {
  const ids = Buffer.alloc(properties.length * 4);
  properties.forEach((id, i) => ids.writeInt32LE(id, i * 4));
  return vcheckAsync(
    'IUIAutomation::AddPropertyChangedEventHandlerNativeArray',
    automation.ptr,
    S.AddPropertyChangedEventHandlerNativeArray,
    ['void *', 'int32_t', 'void *', 'void *', 'void *', 'int32_t'],
    element,
    scope,
    cacheRequest,
    handler,
    ids,
    properties.length,
  );
}

export function addStructureHandler(
  automation: Automation,
  element: Ptr,
  scope: number,
  cacheRequest: Ptr,
  handler: Ptr,
): Promise<void> {
  return vcheckAsync(
    'IUIAutomation::AddStructureChangedEventHandler',
    automation.ptr,
    S.AddStructureChangedEventHandler,
    ['void *', 'int32_t', 'void *', 'void *'],
    element,
    scope,
    cacheRequest,
    handler,
  );
}

/**
 * IUIAutomation6: register a window's handlers as one group (one registration round trip).
 * `events` are automation event IDs; returns false before v6 so the caller adds them singly.
 */
export async function addHandlerGroup(
  automation: Automation,
  element: Ptr,
  scope: number,
  cacheRequest: Ptr,
  handlers: GroupHandlers,
): Promise<boolean> {
  if (automation.level < 6) return false;
  const group = vout(
    'IUIAutomation6::CreateEventHandlerGroup',
    automation.ptr,
    S.CreateEventHandlerGroup,
  );
  try {
    for (const eventId of handlers.events) {
      vcheck(
        'EventHandlerGroup::AddAutomationEventHandler',
        group,
        GROUP.AddAutomationEventHandler,
        ['int32_t', 'int32_t', 'void *', 'void *'],
        eventId,
        scope,
        cacheRequest,
        handlers.automation,
      );
    }
    const ids = Buffer.alloc(handlers.properties.length * 4);
    handlers.properties.forEach((id, i) => ids.writeInt32LE(id, i * 4));
    vcheck(
      'EventHandlerGroup::AddPropertyChangedEventHandler',
      group,
      GROUP.AddPropertyChangedEventHandler,
      ['int32_t', 'void *', 'void *', 'void *', 'int32_t'],
      scope,
      cacheRequest,
      handlers.property,
      ids,
      handlers.properties.length,
    );
    vcheck(
      'EventHandlerGroup::AddStructureChangedEventHandler',
      group,
      GROUP.AddStructureChangedEventHandler,
      ['int32_t', 'void *', 'void *'],
      scope,
      cacheRequest,
      handlers.structure,
    );
    await vcheckAsync(
      'IUIAutomation6::AddEventHandlerGroup',
      automation.ptr,
      S.AddEventHandlerGroup,
      ['void *', 'void *'],
      element,
      group,
    );
    return true;
  } finally {
    release(group);
  }
}

export interface GroupHandlers {
  automation: Ptr;
  property: Ptr;
  structure: Ptr;
  events: readonly number[];
  properties: readonly number[];
}
