/**
 * Event plumbing inside the host: the JS COM handler objects feed raw records (with the
 * sender's cached properties) through mapRawEvent into the batcher. Handlers are scoped the
 * way the UIA guidance says: focus changes and window opened/closed on the desktop, everything
 * else (structure, properties, text, menus, invoke, selection) only on tracked windows,
 * never structure events on the desktop root. With IUIAutomation6 a window's handlers are
 * registered as one group, falling back to single registrations when the group fails. The
 * foreground window is watched with GetForegroundWindow, a cheap local call, to raise
 * window.activated. Callbacks never read live: the sender's cached properties or its RuntimeId
 * only (a closed window's sender answers nothing else).
 */
import type { BackendId } from '../backend.js';
import type { EventBatcher } from './uiaBatch.js';
import { addRef, peekVariant, type Ptr } from './uiaCom.js';
import { EVENT_ID, PROP, TREE_SCOPE } from './uiaConstants.js';
import { DESKTOP_ID, runtimeIdToBackendId } from './uiaConvert.js';
import { mapRawEvent, type RawSender, type RawUiaEvent } from './uiaEventMap.js';
import { createHandlerObjects, type HandlerObjects } from './uiaEvents.js';
import {
  idOf,
  nodeProps,
  readCachedOnly,
  readRaw,
  windowElement,
  type TreeContext,
} from './uiaHostTree.js';
import {
  addAutomationHandler,
  addFocusHandler,
  addHandlerGroup,
  addPropertyHandler,
  addStructureHandler,
} from './uiaRegistration.js';
import { foregroundWindow } from './uiaWin32.js';
import { focusedWindow } from './uiaWin32Focus.js';

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
  /** Tracked windows and the pid they belonged to (an HWND, hence a RuntimeId, is reused). */
  private readonly tracked = new Map<BackendId, number>();
  private lastForeground = 0n;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  /** Callbacks seen, for diagnostics and the Wine proof. */
  callbacks = 0;
  /** Registrations refused by the runtime, for diagnostics. */
  refused = 0;

  constructor(
    private readonly ctx: TreeContext,
    private readonly batcher: EventBatcher,
    private readonly log: (message: string) => void,
  ) {
    this.handlers = createHandlerObjects({
      focus: (sender) => this.focus(sender),
      automation: (sender, eventId) => this.automation(sender, eventId),
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
  async start(): Promise<number> {
    const { automation, root, elementRequest } = this.ctx;
    let added = 0;
    added += await this.attempt('focus changed', () =>
      addFocusHandler(automation, elementRequest, this.handlers.focus),
    );
    for (const eventId of [EVENT_ID.WindowOpened, EVENT_ID.WindowClosed]) {
      added += await this.attempt(`event ${eventId} on the desktop`, () =>
        addAutomationHandler(
          automation,
          eventId,
          root,
          TREE_SCOPE.Subtree,
          elementRequest,
          this.handlers.automation,
        ),
      );
    }
    this.pollTimer = setInterval(() => void this.checkForeground(), 150);
    return added;
  }

  /** Stop watching and unregister every handler (from a pool thread, see uiaAutomation). */
  async stop(): Promise<void> {
    clearInterval(this.pollTimer);
    await this.ctx.automation.removeAllEventHandlers();
  }

  /** Scope structure/property/automation handlers to one top-level window (once per window). */
  async trackWindow(id: BackendId, el: Ptr, pid: number): Promise<void> {
    if (id === DESKTOP_ID || this.tracked.get(id) === pid) return;
    this.tracked.set(id, pid);
    const { automation, elementRequest } = this.ctx;
    const scope = TREE_SCOPE.Subtree;
    const group = { ...this.handlers, events: WINDOW_EVENTS, properties: WATCHED_PROPERTIES };
    try {
      if (await addHandlerGroup(automation, el, scope, elementRequest, group)) return;
    } catch (err) {
      this.log(`window ${id}: handler group refused, registering singly: ${String(err)}`);
    }
    const registrations: [string, () => Promise<void>][] = [
      [
        'structure',
        () => addStructureHandler(automation, el, scope, elementRequest, group.structure),
      ],
      [
        'property',
        () =>
          addPropertyHandler(
            automation,
            el,
            scope,
            elementRequest,
            group.property,
            WATCHED_PROPERTIES,
          ),
      ],
      ...WINDOW_EVENTS.map((eventId): [string, () => Promise<void>] => [
        `event ${eventId}`,
        () =>
          addAutomationHandler(automation, eventId, el, scope, elementRequest, group.automation),
      ]),
    ];
    // Each on its own: a runtime that refuses one (Wine implements few) keeps the others.
    for (const [what, add] of registrations) await this.attempt(`window ${id}: ${what}`, add);
  }

  get trackedCount(): number {
    return this.tracked.size;
  }

  /** 1 when the registration went through, 0 (logged) when the runtime refused it. */
  private async attempt(what: string, add: () => Promise<void>): Promise<number> {
    try {
      await add();
      return 1;
    } catch (err) {
      this.refused += 1;
      this.log(`${what}: handler not registered: ${String(err)}`);
      return 0;
    }
  }

  private record(raw: RawUiaEvent): void {
    this.callbacks += 1;
    for (const event of mapRawEvent(raw)) this.batcher.push(event);
  }

  private automation(sender: Ptr, eventId: number): void {
    if (eventId !== EVENT_ID.WindowClosed) {
      this.record({ kind: 'automation', sender: this.sender(sender), eventId, windowId: null });
      return;
    }
    // The closed window answers only GetRuntimeId: its id is all the event carries.
    const id = this.idOnly(sender);
    if (id === null) return;
    this.forget(id);
    this.record({ kind: 'automation', sender: { id, props: null }, eventId, windowId: null });
  }

  /** A closed window: its handlers went with it; a new window reusing its HWND starts afresh. */
  private forget(id: BackendId): void {
    this.tracked.delete(id);
    this.ctx.woken.delete(id);
    this.ctx.table.delete(id);
  }

  private property(sender: Ptr, propertyId: number, value: Ptr): void {
    const read = this.sender(sender);
    if (read === null) return;
    // The VARIANT is the authoritative new value for the property that changed.
    if (propertyId === PROP.Name && read.props !== null) {
      const name = peekVariant(value);
      if (typeof name === 'string') read.props.name = name;
    }
    this.record({ kind: 'property', sender: read, propertyId });
  }

  /** The sender's id from its cached RuntimeId, else GetRuntimeId; null when neither answers. */
  private idOnly(el: Ptr, raw?: ReadonlyMap<number, unknown>): BackendId | null {
    if (el === 0n) return null;
    try {
      return idOf(this.ctx, el, raw as Parameters<typeof idOf>[2]);
    } catch {
      return null;
    }
  }

  /** Id and cached properties of an event's sender; kept addressable in the element table. */
  private sender(el: Ptr): RawSender | null {
    if (el === 0n) return null;
    const raw = readCachedOnly(el);
    const id = this.idOnly(el, raw);
    if (id === null) return null; // an element already gone: the event is only a hint anyway
    addRef(el);
    this.ctx.table.put(id, el);
    if (raw.get(PROP.ControlType) === null) return { id, props: null };
    const topLevel = this.tracked.has(id) || this.ctx.table.parentOf(id) === DESKTOP_ID;
    return { id, props: nodeProps(this.ctx, raw, topLevel) };
  }

  /**
   * A focus event. A sender without a readable id (Wine's proxies of child windows carry no
   * RuntimeId in the event) is named by the window holding the keyboard focus, read after the
   * callback returns, so the event still says where the focus went.
   */
  private focus(sender: Ptr): void {
    const read = this.sender(sender);
    if (read !== null) this.record({ kind: 'focus', sender: read });
    else void this.focusByHandle();
  }

  private async focusByHandle(): Promise<void> {
    const hwnd = focusedWindow();
    try {
      if (hwnd === 0n) throw new Error('no window holds the focus');
      const el = await this.ctx.automation.fromHandle(hwnd);
      const id = idOf(this.ctx, el, readRaw(el, false));
      this.ctx.table.put(id, el);
      this.callbacks += 1;
      this.batcher.push({ type: 'focus', id });
    } catch (err) {
      this.log(`focus event without a readable sender: ${String(err)}`);
      this.record({ kind: 'focus', sender: null });
    }
  }

  private async checkForeground(): Promise<void> {
    const hwnd = foregroundWindow();
    if (this.polling || hwnd === this.lastForeground || hwnd === 0n) return;
    this.polling = true;
    this.lastForeground = hwnd;
    try {
      const el = await windowElement(this.ctx, hwnd, this.ctx.elementRequest);
      const id = idOf(this.ctx, el, readRaw(el, true));
      this.ctx.table.put(id, el, DESKTOP_ID);
      this.callbacks += 1;
      this.batcher.push({ type: 'window.activated', id });
    } catch (err) {
      this.log(`foreground window not readable: ${String(err)}`);
    } finally {
      this.polling = false;
    }
  }
}
