/**
 * The macOS SDK's numeric constants the AX backend uses, each under the header line it comes
 * from (CoreFoundation, HIServices, CoreGraphics, IOKit's IOLLEvent.h). Plain numbers: no
 * library is loaded here, so the host and the tests can both import them.
 */
// CFString.h: `kCFStringEncodingUTF8 = 0x08000100, /* kTextEncodingUnicodeDefault + kUnicodeUTF8Format */`
export const kCFStringEncodingUTF8 = 0x08000100;
// CFNumber.h: `kCFNumberFloat64Type = 6, /* 64-bit IEEE 754 */`
export const kCFNumberFloat64Type = 6;
/** AXValue.h: `kAXValueTypeCGPoint CF_ENUM_AVAILABLE_MAC(10_11) = 1,` */
export const kAXValueTypeCGPoint = 1;
/** AXValue.h: `kAXValueTypeCGSize CF_ENUM_AVAILABLE_MAC(10_11) = 2,` */
export const kAXValueTypeCGSize = 2;
/** AXValue.h: `kAXValueTypeAXError CF_ENUM_AVAILABLE_MAC(10_11) = 5,` */
export const kAXValueTypeAXError = 5;
/** CGWindow.h: `kCGWindowListOptionAll = 0,` */
export const kCGWindowListOptionAll = 0;
/** CGWindow.h: `kCGWindowListOptionOnScreenOnly = (1 << 0),` */
export const kCGWindowListOptionOnScreenOnly = 1 << 0;
/** CGWindow.h: `kCGWindowListExcludeDesktopElements = (1 << 4)` */
export const kCGWindowListExcludeDesktopElements = 1 << 4;
/** CGWindow.h: `#define kCGNullWindowID ((CGWindowID)0)` */
export const kCGNullWindowID = 0;
/** CGEventTypes.h: `kCGHIDEventTap = 0,` */
export const kCGHIDEventTap = 0;
/** CGEventTypes.h: `kCGScrollEventUnitPixel = 0,` */
export const kCGScrollEventUnitPixel = 0;
/** CGEventTypes.h: `kCGMouseEventClickState = 1,` (a CGEventField) */
export const kCGMouseEventClickState = 1;
/** CGEventTypes.h: `kCGMouseButtonLeft = 0, kCGMouseButtonRight = 1, kCGMouseButtonCenter = 2` */
export const CG_MOUSE_BUTTON = { left: 0, right: 1, middle: 2 } as const;
/**
 * CGEventTypes.h: `kCGEventLeftMouseDown = NX_LMOUSEDOWN,` ... with IOLLEvent.h:
 * `#define NX_LMOUSEDOWN 1`, `NX_LMOUSEUP 2`, `NX_RMOUSEDOWN 3`, `NX_RMOUSEUP 4`,
 * `NX_MOUSEMOVED 5`, `NX_OMOUSEDOWN 25`, `NX_OMOUSEUP 26`.
 */
export const CG_EVENT = {
  leftMouseDown: 1,
  leftMouseUp: 2,
  rightMouseDown: 3,
  rightMouseUp: 4,
  mouseMoved: 5,
  otherMouseDown: 25,
  otherMouseUp: 26,
} as const;
/**
 * CGEventTypes.h: `kCGEventFlagMaskShift = NX_SHIFTMASK,` ... with IOLLEvent.h:
 * `#define NX_SHIFTMASK 0x00020000`, `NX_CONTROLMASK 0x00040000`,
 * `NX_ALTERNATEMASK 0x00080000`, `NX_COMMANDMASK 0x00100000`.
 */
export const CG_FLAG = { shift: 0x20000, ctrl: 0x40000, alt: 0x80000, meta: 0x100000 } as const;
