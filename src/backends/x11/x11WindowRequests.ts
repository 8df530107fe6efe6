/**
 * The Xlib requests that change top-level windows, through koffi: EWMH client messages sent to
 * the root (what a window manager acts on) and the direct requests used where none runs.
 * Reads (attributes, properties, origin) come from x11WindowLib.
 */
import { loadX11, loadXLibrary } from './x11Lib.js';

/** ClientMessage (X.h) and the masks a window manager listens to on the root. */
const CLIENT_MESSAGE = 33;
const SUBSTRUCTURE_NOTIFY = 1 << 19;
const SUBSTRUCTURE_REDIRECT = 1 << 20;
/** Size of XEvent on LP64 and the offsets of XClientMessageEvent's fields in it. */
const EVENT_BYTES = 192;
const AT = { type: 0, sendEvent: 16, window: 32, messageType: 40, format: 48, data: 56 } as const;
const REVERT_TO_PARENT = 2;

export interface X11WindowRequests {
  /**
   * A 32-bit ClientMessage about `window`, sent to `dest`: the root for EWMH requests (the
   * window manager redirects them), the window itself for WM_PROTOCOLS.
   */
  clientMessage(d: unknown, dest: number, window: number, type: number, data: number[]): void;
  moveResize(d: unknown, window: number, x: number, y: number, w: number, h: number): void;
  /** Iconify (sends WM_CHANGE_STATE to the root: needs a window manager). */
  iconify(d: unknown, window: number, screen: number): void;
  mapRaised(d: unknown, window: number): void;
  unmap(d: unknown, window: number): void;
  focus(d: unknown, window: number): void;
  /** The window holding the keyboard focus (0 = none). */
  inputFocus(d: unknown): number;
  defaultScreen(d: unknown): number;
  sync(d: unknown): void;
}

let loaded: X11WindowRequests | undefined;

export function loadX11WindowRequests(): X11WindowRequests {
  if (loaded !== undefined) return loaded;
  const base = loadX11();
  const lib = loadXLibrary('libX11.so.6', 'window ops need it');
  const sendEvent = lib.func(
    'int XSendEvent(void *d, unsigned long w, int propagate, long mask, void *event)',
  );
  const moveResize = lib.func(
    'int XMoveResizeWindow(void *d, unsigned long w, int x, int y, unsigned int width, unsigned int height)',
  );
  const iconify = lib.func('int XIconifyWindow(void *d, unsigned long w, int screen)');
  const mapRaised = lib.func('int XMapRaised(void *d, unsigned long w)');
  const unmap = lib.func('int XUnmapWindow(void *d, unsigned long w)');
  const setFocus = lib.func('int XSetInputFocus(void *d, unsigned long w, int revert, long time)');
  const getFocus = lib.func(
    'int XGetInputFocus(void *d, _Out_ unsigned long *focus, _Out_ int *revert)',
  );
  loaded = {
    clientMessage: (d, dest, window, type, data) => {
      const event = Buffer.alloc(EVENT_BYTES);
      event.writeInt32LE(CLIENT_MESSAGE, AT.type);
      event.writeInt32LE(1, AT.sendEvent);
      event.writeBigUInt64LE(BigInt(window), AT.window);
      event.writeBigUInt64LE(BigInt(type), AT.messageType);
      event.writeInt32LE(32, AT.format);
      data.slice(0, 5).forEach((v, i) => event.writeBigInt64LE(BigInt(v), AT.data + i * 8));
      const mask = dest === window ? 0 : SUBSTRUCTURE_REDIRECT | SUBSTRUCTURE_NOTIFY;
      sendEvent(d, dest, 0, mask, event);
    },
    moveResize: (d, w, x, y, width, height) => void moveResize(d, w, x, y, width, height),
    iconify: (d, w, screen) => void iconify(d, w, screen),
    mapRaised: (d, w) => void mapRaised(d, w),
    unmap: (d, w) => void unmap(d, w),
    focus: (d, w) => void setFocus(d, w, REVERT_TO_PARENT, 0),
    inputFocus: (d) => {
      const [focus, revert] = [[0], [0]];
      getFocus(d, focus, revert);
      return Number(focus[0] ?? 0);
    },
    defaultScreen: (d) => base.defaultScreen(d) as number,
    sync: (d) => void base.sync(d, 0),
  };
  return loaded;
}
