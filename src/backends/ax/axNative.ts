/**
 * Every koffi declaration of the macOS backend, each under the header line it comes from
 * (macOS SDK: CoreFoundation, HIServices inside ApplicationServices, CoreGraphics, IOKit's
 * IOLLEvent.h for the NX_* values CGEventTypes.h names, libproc). Loaded only inside the AX host
 * on darwin. Type mapping (LP64): CFIndex = signed long -> 'long'; CFHashCode / CFTypeID =
 * unsigned long; Boolean = unsigned char -> 'uint8_t'; CG's `bool` -> 'bool'; CGFloat = double;
 * every CF / AX / CG reference -> 'void *' (a BigInt in koffi 3). Quotes fold the header's line
 * breaks into single spaces; `...` marks an elision. Ownership (the Create/Copy
 * rule): what a *Create* / *Copy* function returns is released with CFRelease by the caller
 * (axNativeSurface); what a *Get* function returns is borrowed.
 */
import koffi, { type LibraryHandle } from 'koffi';

type NativeFunction = ReturnType<LibraryHandle['func']>;

export * from './axConstants.js';

const CF = '/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation';
const AS = '/System/Library/Frameworks/ApplicationServices.framework/ApplicationServices';
const CG = '/System/Library/Frameworks/CoreGraphics.framework/CoreGraphics';
const LIBSYSTEM = '/usr/lib/libSystem.B.dylib';

/** CGGeometry.h: `struct CGPoint { CGFloat x; CGFloat y; };` (CGFloat = double on LP64) */
const CGPoint = koffi.struct('CGPoint', { x: 'double', y: 'double' });
/** CGGeometry.h: `struct CGSize { CGFloat width; CGFloat height; };` */
const CGSize = koffi.struct('CGSize', { width: 'double', height: 'double' });
/** CGGeometry.h: `struct CGRect { CGPoint origin; CGSize size; };` */
const CGRect = koffi.struct('CGRect', { origin: CGPoint, size: CGSize });

// AXUIElement.h: `typedef void (*AXObserverCallback)(AXObserverRef observer, AXUIElementRef element, CFStringRef notification, void * __nullable refcon);`
export const AXObserverCallback = koffi.proto(
  'void AXObserverCallback(void *observer, void *element, void *notification, void *refcon)',
);

/** What declare() needs of a library: koffi's, or a parse-only stand-in (see below). */
interface Library {
  func(prototype: string): NativeFunction;
  /** An exported variable's address (koffi 3: a BigInt pointer). */
  symbol(name: string): bigint;
}

const symbol = (lib: Library, name: string): bigint => lib.symbol(name);

function declare(load: (path: string) => Library) {
  const cf = load(CF);
  const as = load(AS);
  const cg = load(CG);
  const sys = load(LIBSYSTEM);
  return {
    // CFBase.h: `void CFRelease(CFTypeRef cf);`
    CFRelease: cf.func('void CFRelease(void *cf)'),
    // CFBase.h: `CFTypeRef CFRetain(CFTypeRef cf);`
    CFRetain: cf.func('void *CFRetain(void *cf)'),
    // CFBase.h: `Boolean CFEqual(CFTypeRef cf1, CFTypeRef cf2);`
    CFEqual: cf.func('uint8_t CFEqual(void *cf1, void *cf2)'),
    // CFBase.h: `CFHashCode CFHash(CFTypeRef cf);`
    CFHash: cf.func('unsigned long CFHash(void *cf)'),
    // CFBase.h: `CFTypeID CFGetTypeID(CFTypeRef cf);`
    CFGetTypeID: cf.func('unsigned long CFGetTypeID(void *cf)'),
    // CFBase.h: `CFTypeID CFNullGetTypeID(void);`
    CFNullGetTypeID: cf.func('unsigned long CFNullGetTypeID(void)'),
    // CFString.h: `CFTypeID CFStringGetTypeID(void);`
    CFStringGetTypeID: cf.func('unsigned long CFStringGetTypeID(void)'),
    // CFString.h: `CFStringRef CFStringCreateWithCString(CFAllocatorRef alloc, const char *cStr, CFStringEncoding encoding) CF_FORMAT_ARGUMENT(2);`
    CFStringCreateWithCString: cf.func(
      'void *CFStringCreateWithCString(void *alloc, const char *cStr, uint32_t encoding)',
    ),
    // CFString.h: `CFIndex CFStringGetLength(CFStringRef theString);`
    CFStringGetLength: cf.func('long CFStringGetLength(void *theString)'),
    // CFString.h: `CFIndex CFStringGetMaximumSizeForEncoding(CFIndex length, CFStringEncoding encoding);`
    CFStringGetMaximumSizeForEncoding: cf.func(
      'long CFStringGetMaximumSizeForEncoding(long length, uint32_t encoding)',
    ),
    // CFString.h: `Boolean CFStringGetCString(CFStringRef theString, char *buffer, CFIndex bufferSize, CFStringEncoding encoding);`
    CFStringGetCString: cf.func(
      'uint8_t CFStringGetCString(void *theString, uint8_t *buffer, long bufferSize, uint32_t encoding)',
    ),
    // CFNumber.h: `CFTypeID CFNumberGetTypeID(void);`
    CFNumberGetTypeID: cf.func('unsigned long CFNumberGetTypeID(void)'),
    // CFNumber.h: `Boolean CFNumberGetValue(CFNumberRef number, CFNumberType theType, void *valuePtr);`
    // (CFNumberType is CF_ENUM(CFIndex, ...); valuePtr receives a double for kCFNumberFloat64Type)
    CFNumberGetValue: cf.func(
      'uint8_t CFNumberGetValue(void *number, long theType, _Out_ double *valuePtr)',
    ),
    // CFNumber.h: `CFNumberRef CFNumberCreate(CFAllocatorRef allocator, CFNumberType theType, const void *valuePtr);`
    CFNumberCreate: cf.func(
      'void *CFNumberCreate(void *allocator, long theType, const double *valuePtr)',
    ),
    // CFNumber.h: `CFTypeID CFBooleanGetTypeID(void);`
    CFBooleanGetTypeID: cf.func('unsigned long CFBooleanGetTypeID(void)'),
    // CFNumber.h: `Boolean CFBooleanGetValue(CFBooleanRef boolean);`
    CFBooleanGetValue: cf.func('uint8_t CFBooleanGetValue(void *boolean)'),
    // CFArray.h: `CFTypeID CFArrayGetTypeID(void);`
    CFArrayGetTypeID: cf.func('unsigned long CFArrayGetTypeID(void)'),
    // CFArray.h: `CFArrayRef CFArrayCreate(CFAllocatorRef allocator, const void **values, CFIndex numValues, const CFArrayCallBacks *callBacks);`
    CFArrayCreate: cf.func(
      'void *CFArrayCreate(void *allocator, void **values, long numValues, void *callBacks)',
    ),
    // CFArray.h: `CFIndex CFArrayGetCount(CFArrayRef theArray);`
    CFArrayGetCount: cf.func('long CFArrayGetCount(void *theArray)'),
    // CFArray.h: `const void *CFArrayGetValueAtIndex(CFArrayRef theArray, CFIndex idx);`
    CFArrayGetValueAtIndex: cf.func('void *CFArrayGetValueAtIndex(void *theArray, long idx)'),
    // CFDictionary.h: `CFDictionaryRef CFDictionaryCreate(CFAllocatorRef allocator, const void **keys, const void **values, CFIndex numValues, const CFDictionaryKeyCallBacks *keyCallBacks, const CFDictionaryValueCallBacks *valueCallBacks);`
    CFDictionaryCreate: cf.func(
      'void *CFDictionaryCreate(void *allocator, void **keys, void **values, long numValues, void *keyCallBacks, void *valueCallBacks)',
    ),
    // CFDictionary.h: `const void *CFDictionaryGetValue(CFDictionaryRef theDict, const void *key);`
    CFDictionaryGetValue: cf.func('void *CFDictionaryGetValue(void *theDict, void *key)'),
    // CFRunLoop.h: `CF_EXPORT CFRunLoopRef CFRunLoopGetCurrent(void);`
    CFRunLoopGetCurrent: cf.func('void *CFRunLoopGetCurrent(void)'),
    // CFRunLoop.h: `CF_EXPORT CFRunLoopRunResult CFRunLoopRunInMode(CFRunLoopMode mode, CFTimeInterval seconds, Boolean returnAfterSourceHandled);`
    CFRunLoopRunInMode: cf.func(
      'int32_t CFRunLoopRunInMode(void *mode, double seconds, uint8_t returnAfterSourceHandled)',
    ),
    // CFRunLoop.h: `CF_EXPORT void CFRunLoopAddSource(CFRunLoopRef rl, CFRunLoopSourceRef source, CFRunLoopMode mode);`
    CFRunLoopAddSource: cf.func('void CFRunLoopAddSource(void *rl, void *source, void *mode)'),
    // CFRunLoop.h: `CF_EXPORT void CFRunLoopRemoveSource(CFRunLoopRef rl, CFRunLoopSourceRef source, CFRunLoopMode mode);`
    CFRunLoopRemoveSource: cf.func(
      'void CFRunLoopRemoveSource(void *rl, void *source, void *mode)',
    ),
    // AXUIElement.h: `extern Boolean AXIsProcessTrustedWithOptions (CFDictionaryRef __nullable options) CF_AVAILABLE_MAC(10_9);`
    AXIsProcessTrustedWithOptions: as.func('uint8_t AXIsProcessTrustedWithOptions(void *options)'),
    // AXUIElement.h: `extern AXUIElementRef AXUIElementCreateApplication (pid_t pid);`
    AXUIElementCreateApplication: as.func('void *AXUIElementCreateApplication(int32_t pid)'),
    // AXUIElement.h: `extern AXUIElementRef AXUIElementCreateSystemWide (void);`
    AXUIElementCreateSystemWide: as.func('void *AXUIElementCreateSystemWide(void)'),
    // AXUIElement.h: `extern AXError AXUIElementSetMessagingTimeout (AXUIElementRef element, float timeoutInSeconds) CF_AVAILABLE_MAC(10_4);`
    AXUIElementSetMessagingTimeout: as.func(
      'int32_t AXUIElementSetMessagingTimeout(void *element, float timeoutInSeconds)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementCopyMultipleAttributeValues (AXUIElementRef element, CFArrayRef attributes, AXCopyMultipleAttributeOptions options, CFArrayRef __nullable * __nonnull CF_RETURNS_RETAINED values) CF_AVAILABLE_MAC(10_4);`
    // (AXCopyMultipleAttributeOptions is CF_OPTIONS(UInt32, ...))
    AXUIElementCopyMultipleAttributeValues: as.func(
      'int32_t AXUIElementCopyMultipleAttributeValues(void *element, void *attributes, uint32_t options, _Out_ void **values)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementGetAttributeValueCount (AXUIElementRef element, CFStringRef attribute, CFIndex *count);`
    AXUIElementGetAttributeValueCount: as.func(
      'int32_t AXUIElementGetAttributeValueCount(void *element, void *attribute, _Out_ long *count)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementCopyAttributeValues (AXUIElementRef element, CFStringRef attribute, CFIndex index, CFIndex maxValues, CFArrayRef __nullable * __nonnull CF_RETURNS_RETAINED values);`
    AXUIElementCopyAttributeValues: as.func(
      'int32_t AXUIElementCopyAttributeValues(void *element, void *attribute, long index, long maxValues, _Out_ void **values)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementCopyActionNames (AXUIElementRef element, CFArrayRef __nullable * __nonnull CF_RETURNS_RETAINED names);`
    AXUIElementCopyActionNames: as.func(
      'int32_t AXUIElementCopyActionNames(void *element, _Out_ void **names)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementIsAttributeSettable (AXUIElementRef element, CFStringRef attribute, Boolean *settable);`
    AXUIElementIsAttributeSettable: as.func(
      'int32_t AXUIElementIsAttributeSettable(void *element, void *attribute, _Out_ uint8_t *settable)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementPerformAction (AXUIElementRef element, CFStringRef action);`
    AXUIElementPerformAction: as.func(
      'int32_t AXUIElementPerformAction(void *element, void *action)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementSetAttributeValue (AXUIElementRef element, CFStringRef attribute, CFTypeRef value);`
    AXUIElementSetAttributeValue: as.func(
      'int32_t AXUIElementSetAttributeValue(void *element, void *attribute, void *value)',
    ),
    // AXUIElement.h: `extern AXError AXUIElementGetPid (AXUIElementRef element, pid_t *pid);`
    AXUIElementGetPid: as.func('int32_t AXUIElementGetPid(void *element, _Out_ int32_t *pid)'),
    // AXUIElement.h: `extern CFTypeID AXUIElementGetTypeID (void);`
    AXUIElementGetTypeID: as.func('unsigned long AXUIElementGetTypeID(void)'),
    // AXValue.h: `extern CFTypeID AXValueGetTypeID() AVAILABLE_MAC_OS_X_VERSION_10_3_AND_LATER;`
    AXValueGetTypeID: as.func('unsigned long AXValueGetTypeID(void)'),
    // AXValue.h: `extern AXValueRef __nullable AXValueCreate (AXValueType theType, const void *valuePtr);`
    // (AXValueType is CF_ENUM(UInt32, ...); CGPoint and CGSize are both two doubles)
    AXValueCreate: as.func('void *AXValueCreate(uint32_t theType, const double *valuePtr)'),
    // AXValue.h: `extern AXValueType AXValueGetType(AXValueRef value);`
    AXValueGetType: as.func('uint32_t AXValueGetType(void *value)'),
    // AXValue.h: `extern Boolean AXValueGetValue(AXValueRef value, AXValueType theType, void *valuePtr);`
    // (called with a two-double buffer for CGPoint / CGSize; an AXError is an SInt32 in it)
    AXValueGetValue: as.func(
      'uint8_t AXValueGetValue(void *value, uint32_t theType, void *valuePtr)',
    ),
    // AXUIElement.h: `extern AXError AXObserverCreate (pid_t application, AXObserverCallback callback, AXObserverRef __nullable * __nonnull CF_RETURNS_RETAINED outObserver);`
    AXObserverCreate: as.func(
      'int32_t AXObserverCreate(int32_t application, AXObserverCallback *callback, _Out_ void **outObserver)',
    ),
    // AXUIElement.h: `extern AXError AXObserverAddNotification (AXObserverRef observer, AXUIElementRef element, CFStringRef notification, void * __nullable refcon);`
    AXObserverAddNotification: as.func(
      'int32_t AXObserverAddNotification(void *observer, void *element, void *notification, void *refcon)',
    ),
    // AXUIElement.h: `extern AXError AXObserverRemoveNotification (AXObserverRef observer, AXUIElementRef element, CFStringRef notification);`
    AXObserverRemoveNotification: as.func(
      'int32_t AXObserverRemoveNotification(void *observer, void *element, void *notification)',
    ),
    // AXUIElement.h: `extern CFRunLoopSourceRef AXObserverGetRunLoopSource (AXObserverRef observer);`
    AXObserverGetRunLoopSource: as.func('void *AXObserverGetRunLoopSource(void *observer)'),
    // CGWindow.h: `CG_EXTERN CFArrayRef __nullable CGWindowListCopyWindowInfo(CGWindowListOption option, CGWindowID relativeToWindow)`
    CGWindowListCopyWindowInfo: cg.func(
      'void *CGWindowListCopyWindowInfo(uint32_t option, uint32_t relativeToWindow)',
    ),
    // CGGeometry.h: `CG_EXTERN bool CGRectMakeWithDictionaryRepresentation( CFDictionaryRef cg_nullable dict, CGRect * cg_nullable rect)`
    CGRectMakeWithDictionaryRepresentation: cg.func(
      'bool CGRectMakeWithDictionaryRepresentation(void *dict, _Out_ CGRect *rect)',
    ),
    // CGWindow.h: `CG_EXTERN bool CGPreflightScreenCaptureAccess(void) CG_AVAILABLE_STARTING(10.15);`
    CGPreflightScreenCaptureAccess: cg.func('bool CGPreflightScreenCaptureAccess(void)'),
    // CGWindow.h: `CG_EXTERN bool CGRequestScreenCaptureAccess(void) CG_AVAILABLE_STARTING(10.15);`
    CGRequestScreenCaptureAccess: cg.func('bool CGRequestScreenCaptureAccess(void)'),
    // CGEvent.h: `CG_EXTERN CGEventRef __nullable CGEventCreateKeyboardEvent( CGEventSourceRef __nullable source, CGKeyCode virtualKey, bool keyDown)`
    CGEventCreateKeyboardEvent: cg.func(
      'void *CGEventCreateKeyboardEvent(void *source, uint16_t virtualKey, bool keyDown)',
    ),
    // CGEvent.h: `CG_EXTERN CGEventRef __nullable CGEventCreateMouseEvent( CGEventSourceRef __nullable source, CGEventType mouseType, CGPoint mouseCursorPosition, CGMouseButton mouseButton)`
    CGEventCreateMouseEvent: cg.func(
      'void *CGEventCreateMouseEvent(void *source, uint32_t mouseType, CGPoint mouseCursorPosition, uint32_t mouseButton)',
    ),
    // CGEvent.h: `CG_EXTERN CGEventRef __nullable CGEventCreateScrollWheelEvent2( CGEventSourceRef __nullable source, CGScrollEventUnit units, uint32_t wheelCount, int32_t wheel1, int32_t wheel2, int32_t wheel3)`
    CGEventCreateScrollWheelEvent2: cg.func(
      'void *CGEventCreateScrollWheelEvent2(void *source, uint32_t units, uint32_t wheelCount, int32_t wheel1, int32_t wheel2, int32_t wheel3)',
    ),
    // CGEvent.h: `CG_EXTERN void CGEventSetFlags(CGEventRef __nullable event, CGEventFlags flags)`
    CGEventSetFlags: cg.func('void CGEventSetFlags(void *event, uint64_t flags)'),
    // CGEvent.h: `CG_EXTERN void CGEventKeyboardSetUnicodeString(CGEventRef __nullable event, UniCharCount stringLength, const UniChar * __nullable unicodeString)`
    CGEventKeyboardSetUnicodeString: cg.func(
      'void CGEventKeyboardSetUnicodeString(void *event, unsigned long stringLength, const uint16_t *unicodeString)',
    ),
    // CGEvent.h: `CG_EXTERN void CGEventSetIntegerValueField(CGEventRef __nullable event, CGEventField field, int64_t value)`
    CGEventSetIntegerValueField: cg.func(
      'void CGEventSetIntegerValueField(void *event, uint32_t field, int64_t value)',
    ),
    // CGEvent.h: `CG_EXTERN void CGEventPost(CGEventTapLocation tap, CGEventRef __nullable event)`
    CGEventPost: cg.func('void CGEventPost(uint32_t tap, void *event)'),
    // CGDirectDisplay.h: `CG_EXTERN CGDirectDisplayID CGMainDisplayID(void)`
    CGMainDisplayID: cg.func('uint32_t CGMainDisplayID(void)'),
    // CGDirectDisplay.h: `CG_EXTERN CGRect CGDisplayBounds(CGDirectDisplayID display)`
    CGDisplayBounds: cg.func('CGRect CGDisplayBounds(uint32_t display)'),
    // libproc.h: `int proc_pidpath(int pid, void * buffer, uint32_t  buffersize)`
    proc_pidpath: sys.func('int proc_pidpath(int pid, uint8_t *buffer, uint32_t buffersize)'),
    /** Exported constants: `lib.symbol` gives the variable's address; read it as a pointer. */
    symbols: {
      // CFRunLoop.h: `CF_EXPORT const CFRunLoopMode kCFRunLoopDefaultMode;`
      kCFRunLoopDefaultMode: symbol(cf, 'kCFRunLoopDefaultMode'),
      // CFNumber.h: `const CFBooleanRef kCFBooleanTrue;`
      kCFBooleanTrue: symbol(cf, 'kCFBooleanTrue'),
      // CFNumber.h: `const CFBooleanRef kCFBooleanFalse;`
      kCFBooleanFalse: symbol(cf, 'kCFBooleanFalse'),
      // CFArray.h: `const CFArrayCallBacks kCFTypeArrayCallBacks;` (passed by address)
      kCFTypeArrayCallBacks: symbol(cf, 'kCFTypeArrayCallBacks'),
      // CFDictionary.h: `const CFDictionaryKeyCallBacks kCFTypeDictionaryKeyCallBacks;` (by address)
      kCFTypeDictionaryKeyCallBacks: symbol(cf, 'kCFTypeDictionaryKeyCallBacks'),
      // CFDictionary.h: `const CFDictionaryValueCallBacks kCFTypeDictionaryValueCallBacks;` (by address)
      kCFTypeDictionaryValueCallBacks: symbol(cf, 'kCFTypeDictionaryValueCallBacks'),
      // AXUIElement.h: `extern CFStringRef kAXTrustedCheckOptionPrompt CF_AVAILABLE_MAC(10_9);`
      kAXTrustedCheckOptionPrompt: symbol(as, 'kAXTrustedCheckOptionPrompt'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowNumber`
      kCGWindowNumber: symbol(cg, 'kCGWindowNumber'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowLayer`
      kCGWindowLayer: symbol(cg, 'kCGWindowLayer'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowBounds`
      kCGWindowBounds: symbol(cg, 'kCGWindowBounds'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowOwnerPID`
      kCGWindowOwnerPID: symbol(cg, 'kCGWindowOwnerPID'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowOwnerName`
      kCGWindowOwnerName: symbol(cg, 'kCGWindowOwnerName'),
      // CGWindow.h: `CG_EXTERN const CFStringRef kCGWindowName`
      kCGWindowName: symbol(cg, 'kCGWindowName'),
    },
  };
}

export type AxNative = ReturnType<typeof declare>;

let native: AxNative | undefined;

/** The declarations, loaded on first use (only ever on darwin, inside the AX host). */
export function axNative(): AxNative {
  if (process.platform !== 'darwin') throw new Error('the AX host runs on macOS only');
  native ??= declare((path) => {
    const lib = koffi.load(path);
    return { func: (p) => lib.func(p), symbol: (name) => lib.symbol(name) as bigint };
  });
  return native;
}

/**
 * Every function prototype above parsed by koffi without loading a framework, so a typo in a
 * type name fails on any platform (the unit tests call this on Linux). Returns the prototypes.
 */
export function parseDeclarations(): string[] {
  const seen: string[] = [];
  declare(() => ({
    func: (p) => {
      koffi.proto(p);
      seen.push(p);
      return (() => undefined) as unknown as NativeFunction;
    },
    symbol: () => 0n,
  }));
  return seen;
}

/** Read a pointer-sized exported variable (a CFStringRef / CFBooleanRef constant). */
export function readPointer(symbol: unknown): bigint {
  return koffi.decode(symbol, 'void *') as bigint;
}

/** One registered callback for every observer: routes by observer and refcon. */
export function registerObserverCallback(
  handler: (observer: bigint, element: bigint, notification: bigint, refcon: bigint) => void,
): bigint {
  return koffi.register(handler, koffi.pointer(AXObserverCallback));
}

export { CGPoint, CGRect, CGSize };
