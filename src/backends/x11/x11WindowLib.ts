/**
 * The Xlib calls window tracking needs (root events, the window tree, attributes, properties),
 * through koffi, on top of x11Lib (which installs the error handler that keeps Xlib from exiting
 * the process on a BadWindow: a window may be destroyed between listing and reading it).
 */
import koffi, { type LibraryHandle } from 'koffi';
import { loadX11, loadXLibrary } from './x11Lib.js';

/** Event types and masks (X.h). */
export const X_EVENT = {
  CreateNotify: 16,
  DestroyNotify: 17,
  UnmapNotify: 18,
  MapNotify: 19,
  ReparentNotify: 21,
  ConfigureNotify: 22,
  PropertyNotify: 28,
} as const;
export const SUBSTRUCTURE_NOTIFY_MASK = 1 << 19;
export const PROPERTY_CHANGE_MASK = 1 << 22;
export const IS_VIEWABLE = 2;
/** Size of Xlib's XEvent union on LP64 (24 longs). */
export const XEVENT_BYTES = 192;

/** Xlib's XWindowAttributes (Xlib.h), field by field, for every struct that declares it. */
export const X_WINDOW_ATTRIBUTES_FIELDS = {
  x: 'int',
  y: 'int',
  width: 'int',
  height: 'int',
  border_width: 'int',
  depth: 'int',
  visual: 'void *',
  root: 'unsigned long',
  class: 'int',
  bit_gravity: 'int',
  win_gravity: 'int',
  backing_store: 'int',
  backing_planes: 'unsigned long',
  backing_pixel: 'unsigned long',
  save_under: 'int',
  colormap: 'unsigned long',
  map_installed: 'int',
  map_state: 'int',
  all_event_masks: 'long',
  your_event_mask: 'long',
  do_not_propagate_mask: 'long',
  override_redirect: 'int',
  screen: 'void *',
} as const;

const XWindowAttributes = koffi.struct('XWindowAttributesT', X_WINDOW_ATTRIBUTES_FIELDS);

export interface WindowAttributes {
  width: number;
  height: number;
  mapState: number;
  overrideRedirect: boolean;
}

/** A property's raw value: 8-bit data as bytes, 32-bit data as numbers (C longs). */
export type PropertyValue = { format: 8; bytes: Uint8Array } | { format: 32; items: number[] };

export interface X11WindowLib {
  open(name: string | null): unknown;
  close(display: unknown): void;
  root(display: unknown): number;
  selectInput(display: unknown, window: number, mask: number): void;
  pending(display: unknown): number;
  /** Fill `event` (XEVENT_BYTES) with the next queued event. */
  nextEvent(display: unknown, event: Buffer): void;
  flush(display: unknown): void;
  /** The atom of `name` on this display (atoms differ between X servers: cache per display). */
  atom(display: unknown, name: string): number;
  children(display: unknown, window: number): number[];
  attributes(display: unknown, window: number): WindowAttributes | undefined;
  property(display: unknown, window: number, atom: number): PropertyValue | undefined;
  /** The window's origin in root coordinates. */
  origin(display: unknown, window: number, root: number): { x: number; y: number } | undefined;
  /** Forget errors Xlib recorded (a vanished window's BadWindow is expected here). */
  dropErrors(): void;
}

type Fn = ReturnType<LibraryHandle['func']>;

let loaded: X11WindowLib | undefined;

export function loadX11Windows(): X11WindowLib {
  if (loaded !== undefined) return loaded;
  const base = loadX11();
  const lib = loadXLibrary('libX11.so.6', 'window tracking needs it');
  const selectInput = lib.func('int XSelectInput(void *d, unsigned long w, long mask)');
  const pending = lib.func('int XPending(void *d)');
  const nextEvent = lib.func('int XNextEvent(void *d, void *event)');
  const flush = lib.func('int XFlush(void *d)');
  const internAtom = lib.func('unsigned long XInternAtom(void *d, const char *name, int onlyIf)');
  const free = lib.func('int XFree(void *data)');
  const queryTree = lib.func(
    'int XQueryTree(void *d, unsigned long w, _Out_ unsigned long *root, _Out_ unsigned long *parent, _Out_ void **children, _Out_ unsigned int *n)',
  );
  const getAttributes = lib.func('XGetWindowAttributes', 'int', [
    'void *',
    'unsigned long',
    koffi.out(koffi.pointer(XWindowAttributes)),
  ]);
  const getProperty = lib.func(
    'int XGetWindowProperty(void *d, unsigned long w, unsigned long prop, long offset, long length, int del, unsigned long reqType, _Out_ unsigned long *type, _Out_ int *format, _Out_ unsigned long *nitems, _Out_ unsigned long *after, _Out_ void **data)',
  );
  const translate = lib.func(
    'int XTranslateCoordinates(void *d, unsigned long src, unsigned long dst, int x, int y, _Out_ int *dx, _Out_ int *dy, _Out_ unsigned long *child)',
  );
  loaded = {
    open: (name) => base.openDisplay(name) as unknown,
    close: (d) => void base.closeDisplay(d),
    root: (d) => Number(base.rootWindow(d)),
    selectInput: (d, w, mask) => void selectInput(d, w, mask),
    pending: (d) => pending(d) as number,
    nextEvent: (d, event) => void nextEvent(d, event),
    flush: (d) => void flush(d),
    atom: (d, name) => Number(internAtom(d, name, 0)),
    children: (d, w) => {
      const [root, parent, list, count] = [[0], [0], [null as unknown], [0]];
      if (queryTree(d, w, root, parent, list, count) === 0 || list[0] === null) return [];
      const ids = longs(koffi.decode(list[0], 'unsigned long', count[0] ?? 0));
      free(list[0]);
      return ids;
    },
    attributes: (d, w) => {
      const out: Record<string, number> = {};
      if (getAttributes(d, w, out) === 0) return undefined;
      return {
        width: out.width ?? 0,
        height: out.height ?? 0,
        mapState: out.map_state ?? 0,
        overrideRedirect: (out.override_redirect ?? 0) !== 0,
      };
    },
    property: (d, w, atom) => readProperty(getProperty, free, d, w, atom),
    origin: (d, w, root) => {
      const [x, y, child] = [[0], [0], [0]];
      if (translate(d, w, root, 0, 0, x, y, child) === 0) return undefined;
      return { x: x[0] ?? 0, y: y[0] ?? 0 };
    },
    dropErrors: () => void base.takeErrors(),
  };
  return loaded;
}

/** Longest property read, in 32-bit units (a title or a client list is far shorter). */
const PROPERTY_LONGS = 4_096;

function readProperty(
  getProperty: Fn,
  free: Fn,
  d: unknown,
  w: number,
  atom: number,
): PropertyValue | undefined {
  const [type, format, nitems, after, data] = [[0], [0], [0], [0], [null as unknown]];
  const args = [d, w, atom, 0, PROPERTY_LONGS, 0, 0, type, format, nitems, after, data];
  const status = Number(getProperty(...args));
  if (status !== 0 || data[0] === null) return undefined;
  try {
    const n = Number(nitems[0] ?? 0);
    if (Number(type[0] ?? 0) === 0) return undefined;
    if (format[0] === 8) {
      const bytes = Uint8Array.from(koffi.decode(data[0], 'uint8_t', n) as ArrayLike<number>);
      return { format: 8, bytes };
    }
    if (format[0] === 32) {
      // Xlib hands 32-bit items back as C longs.
      const items = longs(koffi.decode(data[0], 'unsigned long', n));
      return { format: 32, items };
    }
    return undefined;
  } finally {
    free(data[0]);
  }
}

/** C longs as koffi decodes them (a typed array of numbers or bigints) as plain numbers. */
function longs(decoded: unknown): number[] {
  return Array.from(decoded as ArrayLike<number | bigint>, Number);
}
