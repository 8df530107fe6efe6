/**
 * Event-handler registration on IUIAutomation (and IUIAutomation6's handler groups): thin
 * typed wrappers over vtable slots, slot numbers from UIAutomationClient.h as in
 * docs/platform-vocabulary.md. The handler objects themselves are built in uiaEvents.
 */
import type { Automation } from './uiaAutomation.js';
import { release, vcheck, vout, type Ptr } from './uiaCom.js';

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

export function addFocusHandler(automation: Automation, cacheRequest: Ptr, handler: Ptr): void {
  vcheck(
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
): void {
  vcheck(
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
): void {
  const ids = Buffer.alloc(properties.length * 4);
  properties.forEach((id, i) => ids.writeInt32LE(id, i * 4));
  vcheck(
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
): void {
  vcheck(
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
export function addHandlerGroup(
  automation: Automation,
  element: Ptr,
  scope: number,
  cacheRequest: Ptr,
  handlers: GroupHandlers,
): boolean {
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
    vcheck(
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
