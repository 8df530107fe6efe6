/**
 * libX11 through koffi: the few Xlib calls screen capture needs, declared once. Loading fails
 * cleanly (BackendUnavailableError) where libX11 is missing. Xlib's default error handler
 * exits the process, so a handler that only records the error is installed first.
 */
import koffi, { type LibraryHandle } from 'koffi';
import { BackendUnavailableError } from '../../errors.js';

export const Z_PIXMAP = 2;
export const ALL_PLANES = 0xffffffffffffffffn;

/** The leading fields of Xlib's XImage (the function table after them is not needed). */
const XImage = koffi.struct('XImage', {
  width: 'int',
  height: 'int',
  xoffset: 'int',
  format: 'int',
  data: 'uint8_t *',
  byte_order: 'int',
  bitmap_unit: 'int',
  bitmap_bit_order: 'int',
  bitmap_pad: 'int',
  depth: 'int',
  bytes_per_line: 'int',
  bits_per_pixel: 'int',
  red_mask: 'unsigned long',
  green_mask: 'unsigned long',
  blue_mask: 'unsigned long',
});

export interface XImageFields {
  width: number;
  height: number;
  data: unknown;
  byte_order: number;
  bytes_per_line: number;
  bits_per_pixel: number;
  red_mask: number | bigint;
  blue_mask: number | bigint;
}

type Fn = ReturnType<LibraryHandle['func']>;

export interface X11Lib {
  openDisplay: Fn;
  closeDisplay: Fn;
  defaultScreen: Fn;
  rootWindow: Fn;
  displayWidth: Fn;
  displayHeight: Fn;
  getImage: Fn;
  destroyImage: Fn;
  defaultVisual: Fn;
  defaultDepth: Fn;
  sync: Fn;
  /** The loaded libX11, for modules that declare calls of their own. */
  library: LibraryHandle;
  /** Errors Xlib reported since the last take (codes). */
  takeErrors(): number[];
  decodeImage(ptr: unknown): XImageFields;
  /** `length` bytes at a native pointer, without a copy: valid while the memory lives. */
  view(ptr: unknown, length: number): Uint8Array;
}

let loaded: X11Lib | undefined;

/** A library of the X stack by its soname; where it is missing, the feature is unavailable. */
export function loadXLibrary(soname: string, neededFor: string): LibraryHandle {
  try {
    return koffi.load(soname);
  } catch (err) {
    const name = soname.replace(/\.so.*$/, '');
    throw new BackendUnavailableError(`${name} is not installed: ${neededFor}`, { cause: err });
  }
}

export function loadX11(): X11Lib {
  if (loaded !== undefined) return loaded;
  const lib = loadXLibrary('libX11.so.6', 'screen capture needs it');
  const errors: number[] = [];
  const ErrorHandler = koffi.proto('int XErrorHandlerFn(void *display, uint8_t *event)');
  const setErrorHandler = lib.func('void *XSetErrorHandler(XErrorHandlerFn *handler)');
  // XErrorEvent: int type; Display*; XID resourceid; unsigned long serial; uchar error_code.
  const handler = koffi.register((_d: unknown, event: unknown) => {
    const raw = koffi.decode(event, koffi.array('uint8_t', 33)) as number[];
    errors.push(raw[32] ?? 0);
    return 0;
  }, koffi.pointer(ErrorHandler));
  setErrorHandler(handler);
  loaded = {
    openDisplay: lib.func('void *XOpenDisplay(const char *name)'),
    closeDisplay: lib.func('int XCloseDisplay(void *display)'),
    defaultScreen: lib.func('int XDefaultScreen(void *display)'),
    rootWindow: lib.func('unsigned long XDefaultRootWindow(void *display)'),
    displayWidth: lib.func('int XDisplayWidth(void *display, int screen)'),
    displayHeight: lib.func('int XDisplayHeight(void *display, int screen)'),
    getImage: lib.func(
      'XImage *XGetImage(void *display, unsigned long drawable, int x, int y, unsigned int width, unsigned int height, unsigned long planes, int format)',
    ),
    destroyImage: lib.func('int XDestroyImage(void *image)'),
    defaultVisual: lib.func('void *XDefaultVisual(void *display, int screen)'),
    defaultDepth: lib.func('int XDefaultDepth(void *display, int screen)'),
    sync: lib.func('int XSync(void *display, int discard)'),
    library: lib,
    takeErrors: () => errors.splice(0),
    decodeImage: (ptr) => koffi.decode(ptr, XImage) as XImageFields,
    view: (ptr, length) => new Uint8Array(koffi.view(ptr, length)),
  };
  return loaded;
}
