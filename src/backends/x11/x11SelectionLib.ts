/**
 * The Xlib, XFixes and XRes calls the clipboard needs (selections, properties, events, the
 * owning client's pid), through koffi, on top of x11Lib (whose error handler keeps a BadWindow
 * from a vanished requestor from exiting the process). XFixes and XRes are optional: without
 * them there are no change events, or no owner pid.
 */
import koffi, { type LibraryHandle } from 'koffi';
import { loadX11, loadXLibrary } from './x11Lib.js';

/** Event types (X.h) and the masks the clipboard selects. */
export const X_SEL = {
  PropertyNotify: 28,
  SelectionClear: 29,
  SelectionRequest: 30,
  SelectionNotify: 31,
} as const;
export const PROPERTY_CHANGE_MASK = 1 << 22;
export const PROPERTY_NEW_VALUE = 0;
export const PROPERTY_DELETE = 1;
/** XFixes: owner set, owner window destroyed, owner client gone. */
export const XFIXES_SELECTION_MASKS = 1 | 2 | 4;
export const XEVENT_SIZE = 192;

type Fn = ReturnType<LibraryHandle['func']>;

/** A property as read: its type atom, format and bytes (32-bit items as C longs). */
export interface RawProperty {
  type: number;
  format: number;
  bytes: Uint8Array;
  /** Bytes still unread after this read. */
  after: number;
}

export interface X11SelectionLib {
  open(name: string): unknown;
  close(d: unknown): void;
  root(d: unknown): number;
  createWindow(d: unknown, root: number): number;
  destroyWindow(d: unknown, w: number): void;
  selectInput(d: unknown, w: number, mask: number): void;
  atom(d: unknown, name: string): number;
  atomName(d: unknown, atom: number): string;
  setOwner(d: unknown, selection: number, w: number, time: number): void;
  owner(d: unknown, selection: number): number;
  convert(d: unknown, sel: number, target: number, prop: number, w: number, time: number): void;
  /** Replace a property: 8-bit data as bytes, 32-bit data as numbers. */
  change(d: unknown, w: number, prop: number, type: number, data: Uint8Array | number[]): void;
  deleteProperty(d: unknown, w: number, prop: number): void;
  /** Read (and with `del`, delete once all is read) up to `maxBytes` of a property. */
  read(d: unknown, w: number, prop: number, maxBytes: number, del: boolean): RawProperty | null;
  sendEvent(d: unknown, w: number, event: Buffer): void;
  pending(d: unknown): number;
  nextEvent(d: unknown, event: Buffer): void;
  flush(d: unknown): void;
  /** Largest request in bytes (BIG-REQUESTS counted). */
  maxRequestBytes(d: unknown): number;
  fd(d: unknown): number;
  /** Resolve once the fd is readable or after `ms` (poll on the thread pool, never blocking). */
  waitReadable(fd: number, ms: number): Promise<void>;
  /** XFixes' event base, or null where the extension is missing. */
  xfixes(d: unknown, w: number, selection: number): number | null;
  /** The pid of the client that created window `w` (XRes), when known. */
  pidOf(d: unknown, w: number): number | undefined;
  dropErrors(): void;
}

let loaded: X11SelectionLib | undefined;

function optional(name: string): LibraryHandle | null {
  try {
    return koffi.load(name);
  } catch {
    return null;
  }
}

export function loadX11Selection(): X11SelectionLib {
  if (loaded !== undefined) return loaded;
  const base = loadX11();
  const lib = loadXLibrary('libX11.so.6', 'the clipboard needs it');
  const f = (decl: string): Fn => lib.func(decl);
  const createWindow = f(
    'unsigned long XCreateSimpleWindow(void *d, unsigned long parent, int x, int y, unsigned int w, unsigned int h, unsigned int bw, unsigned long border, unsigned long bg)',
  );
  const destroyWindow = f('int XDestroyWindow(void *d, unsigned long w)');
  const selectInput = f('int XSelectInput(void *d, unsigned long w, long mask)');
  const internAtom = f('unsigned long XInternAtom(void *d, const char *name, int onlyIf)');
  const getAtomName = f('void *XGetAtomName(void *d, unsigned long atom)');
  const setOwner = f(
    'int XSetSelectionOwner(void *d, unsigned long sel, unsigned long w, unsigned long t)',
  );
  const getOwner = f('unsigned long XGetSelectionOwner(void *d, unsigned long sel)');
  const convert = f(
    'int XConvertSelection(void *d, unsigned long sel, unsigned long target, unsigned long prop, unsigned long w, unsigned long t)',
  );
  const changeProperty = f(
    'int XChangeProperty(void *d, unsigned long w, unsigned long prop, unsigned long type, int format, int mode, const uint8_t *data, int n)',
  );
  const deleteProperty = f('int XDeleteProperty(void *d, unsigned long w, unsigned long prop)');
  const getProperty = f(
    'int XGetWindowProperty(void *d, unsigned long w, unsigned long prop, long offset, long length, int del, unsigned long reqType, _Out_ unsigned long *type, _Out_ int *format, _Out_ unsigned long *nitems, _Out_ unsigned long *after, _Out_ void **data)',
  );
  const sendEvent = f(
    'int XSendEvent(void *d, unsigned long w, int propagate, long mask, void *e)',
  );
  const pending = f('int XPending(void *d)');
  const nextEvent = f('int XNextEvent(void *d, void *event)');
  const flush = f('int XFlush(void *d)');
  const free = f('int XFree(void *data)');
  const maxRequest = f('long XMaxRequestSize(void *d)');
  const extendedMax = f('long XExtendedMaxRequestSize(void *d)');
  const connection = f('int XConnectionNumber(void *d)');
  const libc = koffi.load('libc.so.6');
  const poll = libc.func('int poll(void *fds, unsigned long n, int timeout)');
  const fixes = selectionFixes();
  const res = ownerPids();
  loaded = {
    open: (name) => base.openDisplay(name) as unknown,
    close: (d) => void base.closeDisplay(d),
    root: (d) => Number(base.rootWindow(d)),
    createWindow: (d, root) => Number(createWindow(d, root, -10, -10, 1, 1, 0, 0, 0)),
    destroyWindow: (d, w) => void destroyWindow(d, w),
    selectInput: (d, w, mask) => void selectInput(d, w, mask),
    atom: (d, name) => Number(internAtom(d, name, 0)),
    atomName: (d, atom) => {
      const ptr = getAtomName(d, atom) as unknown;
      if (ptr === null) return '';
      const name = koffi.decode(ptr, 'char', -1) as string;
      free(ptr);
      return name;
    },
    setOwner: (d, sel, w, t) => void setOwner(d, sel, w, t),
    owner: (d, sel) => Number(getOwner(d, sel)),
    convert: (d, sel, target, prop, w, t) => void convert(d, sel, target, prop, w, t),
    change: (d, w, prop, type, data) => {
      if (data instanceof Uint8Array) {
        changeProperty(d, w, prop, type, 8, 0, data, data.byteLength);
        return;
      }
      // Format-32 items travel as C longs through Xlib.
      const longs = new BigUint64Array(data.map((n) => BigInt(n)));
      changeProperty(d, w, prop, type, 32, 0, new Uint8Array(longs.buffer), data.length);
    },
    deleteProperty: (d, w, prop) => void deleteProperty(d, w, prop),
    read: (d, w, prop, maxBytes, del) =>
      readProperty(getProperty, free, [d, w, prop], maxBytes, del),
    sendEvent: (d, w, event) => void sendEvent(d, w, 0, 0, event),
    pending: (d) => pending(d) as number,
    nextEvent: (d, event) => void nextEvent(d, event),
    flush: (d) => void flush(d),
    maxRequestBytes: (d) => Number(extendedMax(d)) * 4 || Number(maxRequest(d)) * 4,
    fd: (d) => connection(d) as number,
    waitReadable: (fd, ms) => pollAsync(poll, fd, ms),
    xfixes: (d, w, sel) => fixes?.(d, w, sel) ?? null,
    pidOf: (d, w) => res?.(d, w),
    dropErrors: () => void base.takeErrors(),
  };
  return loaded;
}

function pollAsync(poll: Fn, fd: number, ms: number): Promise<void> {
  // struct pollfd { int fd; short events; short revents; }: POLLIN = 1. Kept alive until done.
  const fds = Buffer.alloc(8);
  fds.writeInt32LE(fd, 0);
  fds.writeInt16LE(1, 4);
  return new Promise((resolve) => {
    poll.async(fds, 1, ms, () => {
      fds.readInt16LE(6);
      resolve();
    });
  });
}

function readProperty(
  getProperty: Fn,
  free: Fn,
  [d, w, prop]: [unknown, number, number],
  maxBytes: number,
  del: boolean,
): RawProperty | null {
  const [type, format, nitems, after, data] = [[0], [0], [0], [0], [null as unknown]];
  const longs = Math.ceil(maxBytes / 4);
  const status: unknown = getProperty(
    d,
    w,
    prop,
    0,
    longs,
    del ? 1 : 0,
    0,
    type,
    format,
    nitems,
    after,
    data,
  );
  if (Number(status) !== 0) return null;
  const n = Number(nitems[0] ?? 0);
  const fmt = Number(format[0] ?? 0);
  // Xlib hands format-32 items as C longs (8 bytes each here), format 16 as shorts.
  const size = fmt === 32 ? n * 8 : fmt === 16 ? n * 2 : n;
  const bytes = data[0] === null || size === 0 ? new Uint8Array(0) : copy(data[0], size);
  if (data[0] !== null) free(data[0]);
  return { type: Number(type[0] ?? 0), format: fmt, bytes, after: Number(after[0] ?? 0) };
}

function copy(ptr: unknown, size: number): Uint8Array {
  return Uint8Array.from(new Uint8Array(koffi.view(ptr, size)));
}

/** XFixesSelectSelectionInput, when libXfixes and the extension are there. */
function selectionFixes(): ((d: unknown, w: number, sel: number) => number | null) | null {
  const lib = optional('libXfixes.so.3');
  if (lib === null) return null;
  const query = lib.func('int XFixesQueryExtension(void *d, _Out_ int *ev, _Out_ int *err)');
  const select = lib.func(
    'void XFixesSelectSelectionInput(void *d, unsigned long w, unsigned long sel, unsigned long mask)',
  );
  return (d, w, sel) => {
    const [ev, err] = [[0], [0]];
    if (query(d, ev, err) === 0) return null;
    select(d, w, sel, XFIXES_SELECTION_MASKS);
    return ev[0] ?? null;
  };
}

/** XResQueryClientIds for a window's client pid, when libXRes and the extension are there. */
function ownerPids(): ((d: unknown, w: number) => number | undefined) | null {
  const lib = optional('libXRes.so.1');
  if (lib === null) return null;
  const query = lib.func(
    'int XResQueryClientIds(void *d, long n, void *specs, _Out_ long *count, _Out_ void **ids)',
  );
  const destroy = lib.func('void XResClientIdsDestroy(long n, void *ids)');
  return (d, w) => {
    // XResClientIdSpec { XID client; unsigned int mask; } with XRES_CLIENT_ID_PID_MASK = 2.
    const spec = Buffer.alloc(16);
    spec.writeBigUInt64LE(BigInt(w), 0);
    spec.writeUInt32LE(2, 8);
    const [count, ids] = [[0], [null as unknown]];
    if (Number(query(d, 1, spec, count, ids)) !== 0 || ids[0] === null) return undefined;
    const n = Number(count[0] ?? 0);
    try {
      // XResClientIdValue { spec (16 bytes); long length; void *value; }: 32 bytes each.
      const values = new DataView(koffi.view(ids[0], n * 32));
      for (let i = 0; i < n; i++) {
        const mask = values.getUint32(i * 32 + 8, true);
        const length = Number(values.getBigInt64(i * 32 + 16, true));
        if (mask !== 2 || length !== 4) continue;
        const valuePtr = koffi.decode(ids[0], i * 32 + 24, 'void *') as unknown;
        return (koffi.decode(valuePtr, 'uint32_t') as number) || undefined;
      }
      return undefined;
    } finally {
      destroy(n, ids[0]);
    }
  };
}
