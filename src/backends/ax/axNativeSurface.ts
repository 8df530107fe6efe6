/**
 * The real AX surface over koffi (darwin only, inside the AX host). Each method is one or two
 * native calls; every Create / Copy result is released here unless handed out as an owned AxRef.
 */
import {
  arrayElements,
  arrayStrings,
  cfStringArray,
  decodeValue,
  encodeValue,
  readCfString,
  toPtr,
  toRef,
  withCfString,
} from './axCf.js';
import {
  CG_EVENT,
  CG_MOUSE_BUTTON,
  axNative,
  kCGHIDEventTap,
  kCGMouseEventClickState,
  kCGNullWindowID,
  kCGScrollEventUnitPixel,
  kCGWindowListExcludeDesktopElements,
  kCGWindowListOptionAll,
  kCGWindowListOptionOnScreenOnly,
  readPointer,
  registerObserverCallback,
} from './axNative.js';
import { AX_ERROR, AxCallError } from './axSurface.js';
import type {
  AxObserverRef,
  AxRef,
  AxSetValue,
  AxSurface,
  CgWindow,
  MouseButtonName,
  RunningApp,
} from './axSurface.js';
import { unicodeChunks } from './axInput.js';
import { bundleFactsOf, windowInfo, type BundleFacts } from './axWindows.js';

type CfRef = bigint;

function check(code: number, call: string): void {
  if (code !== AX_ERROR.success) throw new AxCallError(code, call);
}

/** The one registered observer callback routes here by observer pointer. */
const observers = new Map<string, (element: AxRef, notification: string) => void>();
let callback: bigint | undefined;

function observerCallback(): bigint {
  callback ??= registerObserverCallback((observer, element, notification) => {
    const handler = observers.get(String(observer));
    if (handler === undefined || !element) return;
    // The element is borrowed for the callback's duration: retained so the host owns it.
    const n = axNative();
    handler(toRef(n.CFRetain(element) as CfRef), readCfString(notification));
  });
  return callback;
}

const MOUSE_EVENTS: Record<MouseButtonName, { down: number; up: number }> = {
  left: { down: CG_EVENT.leftMouseDown, up: CG_EVENT.leftMouseUp },
  right: { down: CG_EVENT.rightMouseDown, up: CG_EVENT.rightMouseUp },
  middle: { down: CG_EVENT.otherMouseDown, up: CG_EVENT.otherMouseUp },
};

/** Post one CGEvent and release it (CGEventCreate* follows the Create rule). */
function post(event: CfRef | null, setup?: (event: CfRef) => void): void {
  if (!event) throw new AxCallError(AX_ERROR.failure, 'CGEventCreate');
  const n = axNative();
  try {
    setup?.(event);
    n.CGEventPost(kCGHIDEventTap, event);
  } finally {
    n.CFRelease(event);
  }
}

export function createNativeSurface(): AxSurface {
  const n = axNative();
  const bundles = new Map<number, BundleFacts>();
  const surface: AxSurface = {
    isProcessTrusted(prompt) {
      if (!prompt) return n.AXIsProcessTrustedWithOptions(null) !== 0;
      const key = readPointer(n.symbols.kAXTrustedCheckOptionPrompt);
      const yes = readPointer(n.symbols.kCFBooleanTrue);
      const options = n.CFDictionaryCreate(
        null,
        [key],
        [yes],
        1,
        n.symbols.kCFTypeDictionaryKeyCallBacks,
        n.symbols.kCFTypeDictionaryValueCallBacks,
      ) as CfRef;
      try {
        return n.AXIsProcessTrustedWithOptions(options) !== 0;
      } finally {
        n.CFRelease(options);
      }
    },
    screenCaptureAllowed(prompt) {
      return Boolean(
        prompt ? n.CGRequestScreenCaptureAccess() : n.CGPreflightScreenCaptureAccess(),
      );
    },
    applicationElement: (pid) => toRef(n.AXUIElementCreateApplication(pid) as CfRef),
    systemWideElement: () => toRef(n.AXUIElementCreateSystemWide() as CfRef),
    setMessagingTimeout(element, seconds) {
      check(
        n.AXUIElementSetMessagingTimeout(toPtr(element), seconds) as number,
        'SetMessagingTimeout',
      );
    },
    copyAttributes(element, names) {
      const attributes = cfStringArray(names);
      const out: [CfRef | null] = [null];
      try {
        check(
          n.AXUIElementCopyMultipleAttributeValues(toPtr(element), attributes, 0, out) as number,
          'CopyMultipleAttributeValues',
        );
      } finally {
        n.CFRelease(attributes);
      }
      const values = out[0];
      if (!values) return names.map(() => null);
      try {
        return names.map((_, i) => decodeValue(n.CFArrayGetValueAtIndex(values, i) as CfRef));
      } finally {
        n.CFRelease(values);
      }
    },
    attributeCount(element, attribute) {
      const out = [0];
      withCfString(attribute, (a) =>
        check(
          n.AXUIElementGetAttributeValueCount(toPtr(element), a, out) as number,
          'GetAttributeValueCount',
        ),
      );
      return Number(out[0]);
    },
    copyElements(element, attribute, index, max) {
      const out: [CfRef | null] = [null];
      withCfString(attribute, (a) =>
        check(
          n.AXUIElementCopyAttributeValues(toPtr(element), a, index, max, out) as number,
          'CopyAttributeValues',
        ),
      );
      const array = out[0];
      if (!array) return [];
      try {
        return arrayElements(array);
      } finally {
        n.CFRelease(array);
      }
    },
    actionNames(element) {
      const out: [CfRef | null] = [null];
      check(n.AXUIElementCopyActionNames(toPtr(element), out) as number, 'CopyActionNames');
      const array = out[0];
      if (!array) return [];
      try {
        return arrayStrings(array);
      } finally {
        n.CFRelease(array);
      }
    },
    isSettable(element, attribute) {
      const out = [0];
      withCfString(attribute, (a) =>
        check(
          n.AXUIElementIsAttributeSettable(toPtr(element), a, out) as number,
          'IsAttributeSettable',
        ),
      );
      return out[0] !== 0;
    },
    performAction(element, action) {
      withCfString(action, (a) =>
        check(n.AXUIElementPerformAction(toPtr(element), a) as number, `PerformAction(${action})`),
      );
    },
    setAttribute(element: AxRef, attribute: string, value: AxSetValue) {
      const cf = encodeValue(value);
      try {
        withCfString(attribute, (a) =>
          check(
            n.AXUIElementSetAttributeValue(toPtr(element), a, cf) as number,
            `SetAttributeValue(${attribute})`,
          ),
        );
      } finally {
        n.CFRelease(cf);
      }
    },
    pid(element) {
      const out = [0];
      check(n.AXUIElementGetPid(toPtr(element), out) as number, 'GetPid');
      return Number(out[0]);
    },
    hash: (element) => Number(BigInt(n.CFHash(toPtr(element)) as number) & 0xffffffffn),
    equal: (a, b) => n.CFEqual(toPtr(a), toPtr(b)) !== 0,
    retain: (element) => toRef(n.CFRetain(toPtr(element)) as CfRef),
    release: (element) => void n.CFRelease(toPtr(element)),
    createObserver(pid, onNotification) {
      const out: [CfRef | null] = [null];
      check(n.AXObserverCreate(pid, observerCallback(), out) as number, 'AXObserverCreate');
      const observer = out[0];
      if (!observer) throw new AxCallError(AX_ERROR.failure, 'AXObserverCreate');
      observers.set(String(observer), onNotification);
      const source = n.AXObserverGetRunLoopSource(observer) as CfRef;
      const mode = readPointer(n.symbols.kCFRunLoopDefaultMode);
      n.CFRunLoopAddSource(n.CFRunLoopGetCurrent(), source, mode);
      return observer as unknown as AxObserverRef;
    },
    addNotification(observer, element, notification) {
      withCfString(notification, (name) =>
        check(
          n.AXObserverAddNotification(
            observer as unknown as CfRef,
            toPtr(element),
            name,
            null,
          ) as number,
          `AXObserverAddNotification(${notification})`,
        ),
      );
    },
    removeNotification(observer, element, notification) {
      withCfString(notification, (name) =>
        check(
          n.AXObserverRemoveNotification(
            observer as unknown as CfRef,
            toPtr(element),
            name,
          ) as number,
          `AXObserverRemoveNotification(${notification})`,
        ),
      );
    },
    releaseObserver(observer) {
      const ptr = observer as unknown as CfRef;
      const mode = readPointer(n.symbols.kCFRunLoopDefaultMode);
      n.CFRunLoopRemoveSource(n.CFRunLoopGetCurrent(), n.AXObserverGetRunLoopSource(ptr), mode);
      observers.delete(String(ptr));
      n.CFRelease(ptr);
    },
    pumpRunLoop() {
      n.CFRunLoopRunInMode(readPointer(n.symbols.kCFRunLoopDefaultMode), 0, 0);
    },
    windowList(onScreenOnly = true): CgWindow[] {
      const which = onScreenOnly ? kCGWindowListOptionOnScreenOnly : kCGWindowListOptionAll;
      const options = which | kCGWindowListExcludeDesktopElements;
      const array = n.CGWindowListCopyWindowInfo(options, kCGNullWindowID) as CfRef | null;
      if (!array) return [];
      try {
        const count = Number(n.CFArrayGetCount(array));
        const out: CgWindow[] = [];
        for (let i = 0; i < count; i++) {
          const info = windowInfo(n, n.CFArrayGetValueAtIndex(array, i) as CfRef);
          if (info !== null) out.push(info);
        }
        return out;
      } finally {
        n.CFRelease(array);
      }
    },
    runningApps(): RunningApp[] {
      const seen = new Map<number, RunningApp>();
      for (const w of surface.windowList(false)) {
        if (seen.has(w.pid)) continue;
        const facts = bundles.get(w.pid) ?? bundleFactsOf(w.pid);
        bundles.set(w.pid, facts);
        seen.set(w.pid, { pid: w.pid, name: w.owner, ...facts });
      }
      return [...seen.values()];
    },
    postKey(keyCode, down, flags) {
      post(n.CGEventCreateKeyboardEvent(null, keyCode, down) as CfRef, (e) => {
        n.CGEventSetFlags(e, flags);
      });
    },
    postUnicode(text) {
      for (const chunk of unicodeChunks(text)) {
        for (const down of [true, false]) {
          post(n.CGEventCreateKeyboardEvent(null, 0, down) as CfRef, (e) => {
            n.CGEventKeyboardSetUnicodeString(e, chunk.length, chunk);
          });
        }
      }
    },
    postMouse(kind, button, x, y, clicks) {
      const type =
        kind === 'move'
          ? CG_EVENT.mouseMoved
          : MOUSE_EVENTS[button][kind === 'down' ? 'down' : 'up'];
      post(
        n.CGEventCreateMouseEvent(null, type, { x, y }, CG_MOUSE_BUTTON[button]) as CfRef,
        (e) => {
          if (kind !== 'move') n.CGEventSetIntegerValueField(e, kCGMouseEventClickState, clicks);
        },
      );
    },
    postWheel(dx, dy) {
      // Wheel 1 is vertical, wheel 2 horizontal; positive is up / left in CG's convention.
      post(
        n.CGEventCreateScrollWheelEvent2(null, kCGScrollEventUnitPixel, 2, -dy, -dx, 0) as CfRef,
      );
    },
    displayBounds() {
      const r = n.CGDisplayBounds(n.CGMainDisplayID()) as {
        origin: { x: number; y: number };
        size: { width: number; height: number };
      };
      return { x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height };
    },
  };
  return surface;
}
