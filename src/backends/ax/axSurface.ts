/**
 * The AX surface: every macOS call the AX host makes, behind one interface. The real one
 * (axNativeSurface over koffi) runs only on darwin; a fake implements the same interface so the
 * host's logic (identity, caps, event mapping, error handling) runs in tests on any platform.
 *
 * Ownership: every AxRef a surface method returns is owned by the caller (one reference, the
 * Core Foundation Create/Copy rule) and must be given back with `release`. Elements passed to
 * an observer callback are retained by the surface before the call, so the same rule holds.
 */

/** An AXUIElementRef held by the host; opaque. */
export interface AxRef {
  readonly __axRef: true;
}

/** An AXObserverRef with its run loop source added; opaque. */
export interface AxObserverRef {
  readonly __axObserver: true;
}

/**
 * AXError codes, from AXError.h (HIServices):
 * `typedef CF_ENUM(SInt32, AXError) {` ... `kAXErrorNotEnoughPrecision = -25214 };`
 */
export const AX_ERROR = {
  success: 0, //                       kAXErrorSuccess                             = 0,
  failure: -25200, //                  kAXErrorFailure                             = -25200,
  illegalArgument: -25201, //          kAXErrorIllegalArgument                     = -25201,
  invalidUIElement: -25202, //         kAXErrorInvalidUIElement                    = -25202,
  invalidUIElementObserver: -25203, // kAXErrorInvalidUIElementObserver            = -25203,
  cannotComplete: -25204, //           kAXErrorCannotComplete                      = -25204,
  attributeUnsupported: -25205, //     kAXErrorAttributeUnsupported                = -25205,
  actionUnsupported: -25206, //        kAXErrorActionUnsupported                   = -25206,
  notificationUnsupported: -25207, //  kAXErrorNotificationUnsupported             = -25207,
  notImplemented: -25208, //           kAXErrorNotImplemented                      = -25208,
  notificationAlreadyRegistered: -25209, // kAXErrorNotificationAlreadyRegistered  = -25209,
  notificationNotRegistered: -25210, // kAXErrorNotificationNotRegistered          = -25210,
  apiDisabled: -25211, //              kAXErrorAPIDisabled                         = -25211,
  noValue: -25212, //                  kAXErrorNoValue                             = -25212,
  parameterizedAttributeUnsupported: -25213, // ...ParameterizedAttributeUnsupported = -25213,
  notEnoughPrecision: -25214, //       kAXErrorNotEnoughPrecision                  = -25214
} as const;

/** A failed AX call: its AXError and the call's name, for messages. */
export class AxCallError extends Error {
  constructor(
    readonly axError: number,
    readonly call: string,
  ) {
    super(`${call} failed with AXError ${axError}`);
    this.name = 'AxCallError';
  }
}

export function isAxError(err: unknown, code: number): boolean {
  return err instanceof AxCallError && err.axError === code;
}

/**
 * An attribute value decoded from Core Foundation: CFString -> string, CFNumber -> number,
 * CFBoolean -> boolean, AXValue CGPoint / CGSize -> objects, AXUIElement -> AxRef (owned),
 * CFArray of elements -> AxRef[] (owned), CFNull or a kAXValueTypeAXError slot -> null.
 */
export type AxValue =
  | string
  | number
  | boolean
  | { x: number; y: number }
  | { width: number; height: number }
  | AxRef
  | AxRef[]
  | null;

/** A value the host sets (AXUIElementSetAttributeValue): converted to its CF type. */
export type AxSetValue =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'point'; x: number; y: number }
  | { kind: 'size'; width: number; height: number };

/** One on-screen window as CGWindowListCopyWindowInfo reports it. */
export interface CgWindow {
  windowId: number;
  pid: number;
  /** kCGWindowOwnerName */
  owner: string;
  /** kCGWindowName (empty without Screen Recording) */
  title: string;
  layer: number;
  bounds: { x: number; y: number; width: number; height: number };
}

/** A running app with a bundle, as the host resolves names and bundle ids. */
export interface RunningApp {
  pid: number;
  name: string;
  bundleId: string | null;
  /** Electron, CEF or a Chromium browser: its tree stays off until AXManualAccessibility. */
  chromium?: boolean;
}

export type MouseButtonName = 'left' | 'right' | 'middle';

export interface AxSurface {
  /** AXIsProcessTrustedWithOptions; prompts (the system dialog) only when asked. */
  isProcessTrusted(prompt: boolean): boolean;
  /** CGPreflightScreenCaptureAccess, or CGRequestScreenCaptureAccess when `prompt`. */
  screenCaptureAllowed(prompt: boolean): boolean;
  /** AXUIElementCreateApplication (owned). */
  applicationElement(pid: number): AxRef;
  /** AXUIElementCreateSystemWide (owned). */
  systemWideElement(): AxRef;
  setMessagingTimeout(element: AxRef, seconds: number): void;
  /**
   * AXUIElementCopyMultipleAttributeValues with options 0: one value per name, in order;
   * unsupported or empty attributes come back null. Throws AxCallError when the whole call fails.
   */
  copyAttributes(element: AxRef, names: readonly string[]): AxValue[];
  /** AXUIElementGetAttributeValueCount. */
  attributeCount(element: AxRef, attribute: string): number;
  /** AXUIElementCopyAttributeValues: up to `max` elements from `index` (owned). */
  copyElements(element: AxRef, attribute: string, index: number, max: number): AxRef[];
  /** AXUIElementCopyActionNames. */
  actionNames(element: AxRef): string[];
  /** AXUIElementIsAttributeSettable. */
  isSettable(element: AxRef, attribute: string): boolean;
  performAction(element: AxRef, action: string): void;
  setAttribute(element: AxRef, attribute: string, value: AxSetValue): void;
  /** AXUIElementGetPid. */
  pid(element: AxRef): number;
  /** CFHash: equal elements hash equal; unequal ones may too. */
  hash(element: AxRef): number;
  /** CFEqual: the same UI element, whatever ref reached it. */
  equal(a: AxRef, b: AxRef): boolean;
  retain(element: AxRef): AxRef;
  release(element: AxRef): void;
  /**
   * AXObserverCreate for `pid`, its run loop source added to this thread's run loop in the
   * default mode. `onNotification` gets an owned element.
   */
  createObserver(
    pid: number,
    onNotification: (element: AxRef, notification: string) => void,
  ): AxObserverRef;
  addNotification(observer: AxObserverRef, element: AxRef, notification: string): void;
  removeNotification(observer: AxObserverRef, element: AxRef, notification: string): void;
  /** Remove the run loop source and release the observer. */
  releaseObserver(observer: AxObserverRef): void;
  /** CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0, false): deliver pending callbacks. */
  pumpRunLoop(): void;
  /**
   * CGWindowListCopyWindowInfo excluding desktop elements: on-screen windows, or all of them
   * (minimized, hidden, other Spaces) when `onScreenOnly` is false.
   */
  windowList(onScreenOnly?: boolean): CgWindow[];
  /** Running apps with names and bundle ids (NSWorkspace is not reachable: see axApps). */
  runningApps(): RunningApp[];
  /** CGEventCreateKeyboardEvent + flags + CGEventPost(kCGHIDEventTap). */
  postKey(keyCode: number, down: boolean, flags: number): void;
  /** A key event carrying `text` (CGEventKeyboardSetUnicodeString), down and up. */
  postUnicode(text: string): void;
  postMouse(
    kind: 'move' | 'down' | 'up',
    button: MouseButtonName,
    x: number,
    y: number,
    clicks: number,
  ): void;
  postWheel(dx: number, dy: number): void;
  /** Whole-screen points -> the main display's bounds, for capture checks. */
  displayBounds(): { x: number; y: number; width: number; height: number };
}
