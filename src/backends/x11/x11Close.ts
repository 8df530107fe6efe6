/**
 * Asking an X11 top-level window to close, as its title bar's close button does: with a
 * window manager, `_NET_CLOSE_WINDOW` to the root (EWMH: the manager then sends the client
 * WM_DELETE_WINDOW, or kills a client that does not speak it); without one, the ICCCM
 * `WM_DELETE_WINDOW` client message straight to the window. Either way the app decides: it
 * may close, or ask "Save changes?". One display connection, opened on first use.
 */
import { BackendUnavailableError } from '../../errors.js';
import { loadXLibrary } from './x11Lib.js';
import { loadX11Windows, XEVENT_BYTES, type X11WindowLib } from './x11WindowLib.js';

const CLIENT_MESSAGE = 33;
const SUBSTRUCTURE_REDIRECT_MASK = 1 << 20;
const SUBSTRUCTURE_NOTIFY_MASK = 1 << 19;
/** _NET_CLOSE_WINDOW source indication: a pager or tool acting for the user (EWMH). */
const SOURCE_PAGER = 2;

type SendEvent = (d: unknown, w: number, propagate: number, mask: number, e: Buffer) => number;

let sendEvent: SendEvent | undefined;

function loadSendEvent(): SendEvent {
  if (sendEvent !== undefined) return sendEvent;
  const lib = loadXLibrary('libX11.so.6', 'closing windows needs it');
  const fn = lib.func(
    'int XSendEvent(void *d, unsigned long w, int propagate, long mask, void *event)',
  );
  sendEvent = (d, w, propagate, mask, e) => Number(fn(d, w, propagate, mask, e));
  return sendEvent;
}

/** An XClientMessageEvent (LP64 layout) with format 32 and up to five longs of data. */
export function clientMessage(window: number, type: number, data: readonly number[]): Buffer {
  const e = Buffer.alloc(XEVENT_BYTES);
  e.writeInt32LE(CLIENT_MESSAGE, 0);
  e.writeInt32LE(1, 16); // send_event
  e.writeBigUInt64LE(BigInt(window), 32);
  e.writeBigUInt64LE(BigInt(type), 40);
  e.writeInt32LE(32, 48);
  data.slice(0, 5).forEach((v, i) => e.writeBigInt64LE(BigInt(v), 56 + i * 8));
  return e;
}

export class X11WindowCloser {
  private lib: X11WindowLib | undefined;
  private display: unknown = null;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Ask `xid` to close; `managed` says whether a window manager runs (see the file comment). */
  close(xid: number, managed: boolean): void {
    const { lib, display } = this.open();
    const send = loadSendEvent();
    const root = lib.root(display);
    if (managed) {
      const message = clientMessage(xid, lib.atom(display, '_NET_CLOSE_WINDOW'), [0, SOURCE_PAGER]);
      send(display, root, 0, SUBSTRUCTURE_REDIRECT_MASK | SUBSTRUCTURE_NOTIFY_MASK, message);
    } else {
      const protocols = lib.atom(display, 'WM_PROTOCOLS');
      const message = clientMessage(xid, protocols, [lib.atom(display, 'WM_DELETE_WINDOW'), 0]);
      send(display, xid, 0, 0, message);
    }
    lib.flush(display);
  }

  stop(): void {
    if (this.lib !== undefined && this.display !== null) this.lib.close(this.display);
    this.display = null;
  }

  private open(): { lib: X11WindowLib; display: unknown } {
    this.lib ??= loadX11Windows();
    if (this.display === null) {
      if (!this.env.DISPLAY) throw new BackendUnavailableError('no X display to close windows on');
      this.display = this.lib.open(this.env.DISPLAY);
      if (this.display === null) {
        throw new BackendUnavailableError(`cannot open X display ${this.env.DISPLAY}`);
      }
    }
    return { lib: this.lib, display: this.display };
  }
}
