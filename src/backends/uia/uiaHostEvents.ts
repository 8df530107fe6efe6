/**
 * Event plumbing inside the host: the JS COM handler objects feed raw records (with the
 * sender's cached properties) through mapRawEvent into the batcher. Handlers are scoped the
 * way the UIA guidance says: focus changes and window opened/closed on the desktop, everything
 * else (structure, properties, text, menus, invoke, selection) only on tracked windows,
 * never structure events on the desktop root. With IUIAutomation6 a window's handlers are
 * registered as one group. The foreground window is watched with GetForegroundWindow, a cheap
 * local call, to raise window.activated.
 */
import type { BackendId } from '../backend.js';
import type { EventBatcher } from './uiaBatch.js';
import { addRef, peekVariant, type Ptr } from './uiaCom.js';
import { EVENT_ID, PROP, TREE_SCOPE } from './uiaConstants.js';
import { DESKTOP_ID, runtimeIdToBackendId } from './uiaConvert.js';
import { mapRawEvent, type RawSender, type RawUiaEvent } from './uiaEventMap.js';
import { createHandlerObjects, type HandlerObjects } from './uiaEvents.js';
import { idOf, nodeProps, readRaw, windowElement, type TreeContext } from './uiaHostTree.js';
import {
  addAutomationHandler,
  addFocusHandler,
  addHandlerGroup,
  addPropertyHandler,
  addStructureHandler,
} from './uiaRegistration.js';
import { foregroundWindow } from './uiaWin32.js';

/** Properties whose changes the window handlers ask for. */
const WATCHED_PROPERTIES = [
  PROP.Name,
  PROP.IsEnabled,
  PROP.HasKeyboardFocus,
  PROP.BoundingRectangle,
  PROP.IsOffscreen,
  PROP.ValueValue,
  PROP.ValueIsReadOnly,
  PROP.RangeValueValue,
  PROP.ToggleState,
  PROP.ExpandCollapseState,
  PROP.SelectionItemIsSelected,
  PROP.WindowVisualState,
];
/** Automation events registered on each tracked window. */
const WINDOW_EVENTS = [
  EVENT_ID.TextChanged,
  EVENT_ID.MenuOpened,
  EVENT_ID.MenuClosed,
  EVENT_ID.InvokeInvoked,
  EVENT_ID.SelectionItemElementSelected,
];

export class HostEvents {
  private readonly handlers: HandlerObjects;
  private readonly tracked = new Set<BackendId>();
  private lastForeground = 0n;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  /** Callbacks seen, for diagnostics and the Wine proof. */
  callbacks = 0;

  constructor(
    private readonly ctx: TreeContext,
    private readonly batcher: EventBatcher,
    private readonly log: (message: string) => void,
  ) {
    this.handlers = createHandlerObjects({
      focus: (sender) => this.record({ kind: 'focus', sender: this.sender(sender) }),
      automation: (sender, eventId) =>
        this.record({ kind: 'automation', sender: this.sender(sender), eventId, windowId: null }),
      property: (sender, propertyId, value) => this.property(sender, propertyId, value),
      structure: (sender, changeType, runtimeId) =>
        this.record({
          kind: 'structure',
          sender: this.sender(sender),
          changeType,
          runtimeId: runtimeId === null ? null : runtimeIdToBackendId(runtimeId),
          windowId: null,
        }),
      error: (err) => this.log(`event handler failed: ${String(err)}`),
    });
  }

  /** Desktop-wide registrations: focus changes and window opened/closed, nothing structural. */
  start(): void {
    const { automation, root, elementRequest } = this.ctx;
    addFocusHandler(automation, elementRequest, this.handlers.focus);
    for (const eventId of [EVENT_ID.WindowOpened, EVENT_ID.WindowClosed]) {
      addAutomationHandler(
        automation,
        eventId,
        root,
        TREE_SCOPE.Subtree,
        elementRequest,
        this.handlers.automation,
      );
    }
    this.pollTimer = setInterval(() => this.checkForeground(), 150);
  }

  stop(): void {
    clearInterval(this.pollTimer);
  }

  /** Scope structure/property/automation handlers to one top-level window (once). */
  trackWindow(id: BackendId, el: Ptr): void {
    if (this.tracked.has(id) || id === DESKTOP_ID) return;
    this.tracked.add(id);
    const { automation, elementRequest } = this.ctx;
    const scope = TREE_SCOPE.Subtree;
    const group = { ...this.handlers, events: WINDOW_EVENTS, properties: WATCHED_PROPERTIES };
    try {
      if (addHandlerGroup(automation, el, scope, elementRequest, group)) return;
      addStructureHandler(automation, el, scope, elementRequest, this.handlers.structure);
      addPropertyHandler(
        automation,
        el,
        scope,
        elementRequest,
        this.handlers.property,
        WATCHED_PROPERTIES,
      );
      for (const eventId of WINDOW_EVENTS) {
        addAutomationHandler(
          automation,
          eventId,
          el,
          scope,
          elementRequest,
          this.handlers.automation,
        );
      }
    } catch (err) {
      // Wine implements few of these; the window is still read, just without its events.
      this.log(`window ${id}: handlers not registered: ${String(err)}`);
    }
  }

  get trackedCount(): number {
    return this.tracked.size;
  }

  private record(raw: RawUiaEvent): void {
    this.callbacks += 1;
    for (const event of mapRawEvent(raw)) this.batcher.push(event);
  }

  private property(sender: Ptr, propertyId: number, value: Ptr): void {
    const read = this.sender(sender);
    if (read === null) return;
    // The VARIANT is the authoritative new value for the property that changed.
    if (propertyId === PROP.Name) {
      const name = peekVariant(value);
      if (typeof name === 'string') read.props.name = name;
    }
    this.record({ kind: 'property', sender: read, propertyId });
  }

  /** Id and cached properties of an event's sender; kept addressable in the element table. */
  private sender(el: Ptr): RawSender | null {
    if (el === 0n) return null;
    try {
      const raw = readRaw(el, true);
      const id = idOf(this.ctx, el, raw);
      addRef(el);
      this.ctx.table.put(id, el);
      return { id, props: nodeProps(raw, false) };
    } catch {
      return null; // an element already gone: the event is only a hint anyway
    }
  }

  private checkForeground(): void {
    const hwnd = foregroundWindow();
    if (hwnd === this.lastForeground || hwnd === 0n) return;
    this.lastForeground = hwnd;
    try {
      const el = windowElement(this.ctx, hwnd, this.ctx.elementRequest);
      const id = idOf(this.ctx, el, readRaw(el, true));
      this.ctx.table.put(id, el, DESKTOP_ID);
      this.callbacks += 1;
      this.batcher.push({ type: 'window.activated', id });
    } catch (err) {
      this.log(`foreground window not readable: ${String(err)}`);
    }
  }
}
