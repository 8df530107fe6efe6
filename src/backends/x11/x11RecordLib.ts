/**
 * The X RECORD extension (libXtst) through koffi: what watching a person's keyboard and mouse
 * needs. RECORD delivers device events as the server sees them (XTest ones included, so a
 * scripted person typed with xdotool is seen like a real one), without grabbing anything: the
 * app keeps receiving its input unchanged. Loading fails cleanly (BackendUnavailableError).
 */
import koffi, { type LibraryHandle } from 'koffi';
import { loadX11, loadXLibrary } from './x11Lib.js';

/** XRecordAllClients (record.h): every client, present and future. */
export const RECORD_ALL_CLIENTS = 3;
/** XRecordFromServer (record.h): the category of intercepted device events. */
export const RECORD_FROM_SERVER = 0;
/** Device event types (X.h) recorded: KeyPress .. ButtonRelease. */
export const KEY_PRESS = 2;
export const KEY_RELEASE = 3;
export const BUTTON_PRESS = 4;
export const BUTTON_RELEASE = 5;
/** Byte offsets in XRecordRange (record.h, LP64) of device_events.first/last. */
const DEVICE_EVENTS_FIRST = 18;
const DEVICE_EVENTS_LAST = 19;

/** XRecordInterceptData (record.h) on LP64. */
const InterceptData = koffi.struct('XRecordInterceptDataT', {
  id_base: 'unsigned long',
  server_time: 'unsigned long',
  client_seq: 'unsigned long',
  category: 'int',
  client_swapped: 'int',
  data: 'uint8_t *',
  data_len: 'unsigned long',
});

const InterceptProc = koffi.proto('void XRecordInterceptProcT(void *closure, void *data)');

type Fn = ReturnType<LibraryHandle['func']>;

export interface X11RecordLib {
  open(name: string | undefined): unknown;
  close(display: unknown): void;
  flush(display: unknown): void;
  sync(display: unknown): void;
  /** A context recording device events from every client; 0 when the server refused. */
  createContext(control: unknown): number;
  /** Start delivering to `onData` (called from inside `processReplies`). */
  enableAsync(data: unknown, context: number, onData: (bytes: Uint8Array) => void): boolean;
  processReplies(data: unknown): void;
  disable(control: unknown, context: number): void;
  free(control: unknown, context: number): void;
  /** The keysym of a keycode at a shift level (group 0), 0 when none. */
  keysym(display: unknown, keycode: number, level: number): number;
  /** Xlib's name of a keysym ("Return", "a", "F5"), or null. */
  keysymName(keysym: number): string | null;
  queryVersion(display: unknown): boolean;
}

let loaded: X11RecordLib | undefined;

/** The callback koffi hands to Xlib; it stays registered for the process' life. */
let registered: unknown;
let deliver: ((bytes: Uint8Array) => void) | undefined;

export function loadX11Record(): X11RecordLib {
  if (loaded !== undefined) return loaded;
  loadX11(); // installs the error handler that keeps Xlib from exiting the process
  const x11 = koffi.load('libX11.so.6');
  const xtst = loadXLibrary('libXtst.so.6', 'recording input needs it');
  const f = (lib: LibraryHandle, sig: string): Fn => lib.func(sig);
  const openDisplay = f(x11, 'void *XOpenDisplay(const char *name)');
  const closeDisplay = f(x11, 'int XCloseDisplay(void *display)');
  const xflush = f(x11, 'int XFlush(void *display)');
  const xsync = f(x11, 'int XSync(void *display, int discard)');
  const keycodeToKeysym = f(
    x11,
    'unsigned long XkbKeycodeToKeysym(void *display, uint8_t keycode, int group, int level)',
  );
  const keysymToString = f(x11, 'const char *XKeysymToString(unsigned long keysym)');
  const queryVersion = f(xtst, 'int XRecordQueryVersion(void *display, int *major, int *minor)');
  const allocRange = f(xtst, 'void *XRecordAllocRange()');
  const createContext = f(
    xtst,
    'unsigned long XRecordCreateContext(void *display, int flags, unsigned long *clients, int nclients, void **ranges, int nranges)',
  );
  const enableAsync = f(
    xtst,
    'int XRecordEnableContextAsync(void *display, unsigned long context, XRecordInterceptProcT *cb, void *closure)',
  );
  const processReplies = f(xtst, 'void XRecordProcessReplies(void *display)');
  const disable = f(xtst, 'int XRecordDisableContext(void *display, unsigned long context)');
  const freeContext = f(xtst, 'int XRecordFreeContext(void *display, unsigned long context)');
  const freeData = f(xtst, 'void XRecordFreeData(void *data)');
  const xfree = f(x11, 'int XFree(void *data)');

  registered ??= koffi.register((_closure: unknown, raw: unknown) => {
    const data = koffi.decode(raw, InterceptData) as {
      category: number;
      data: unknown;
      data_len: number | bigint;
    };
    const length = Number(data.data_len);
    // Only intercepted device events carry an xEvent (32 bytes); start/end-of-data carry none.
    if (data.category === RECORD_FROM_SERVER && length * 4 >= 32 && data.data !== null) {
      deliver?.(new Uint8Array(koffi.decode(data.data, koffi.array('uint8_t', 32)) as number[]));
    }
    freeData(raw);
  }, koffi.pointer(InterceptProc));

  loaded = {
    open: (name) => {
      const d: unknown = openDisplay(name ?? null);
      return d === null ? null : d;
    },
    close: (d) => void closeDisplay(d),
    flush: (d) => void xflush(d),
    sync: (d) => void xsync(d, 0),
    queryVersion: (d) => (queryVersion(d, [0], [0]) as number) !== 0,
    createContext: (control) => {
      const range: unknown = allocRange();
      if (range === null) return 0;
      koffi.encode(range, DEVICE_EVENTS_FIRST, 'uint8_t', KEY_PRESS);
      koffi.encode(range, DEVICE_EVENTS_LAST, 'uint8_t', BUTTON_RELEASE);
      const context = Number(createContext(control, 0, [RECORD_ALL_CLIENTS], 1, [range], 1));
      xfree(range);
      return context;
    },
    enableAsync: (d, context, onData) => {
      deliver = onData;
      return (enableAsync(d, context, registered, null) as number) !== 0;
    },
    processReplies: (d) => void processReplies(d),
    disable: (control, context) => void disable(control, context),
    free: (control, context) => void freeContext(control, context),
    keysym: (d, keycode, level) => Number(keycodeToKeysym(d, keycode, 0, level)),
    keysymName: (sym) => (keysymToString(sym) as string | null) ?? null,
  };
  return loaded;
}
