/**
 * The X server's own view of top-level windows: a second signal beside the accessibility bus,
 * which some toolkits leave silent (a Qt dialog hidden by its Close button sends nothing over
 * AT-SPI; the X server still unmaps it). Its own display connection selects SubstructureNotify
 * and PropertyChange on the root; queued events are drained from a short timer (XPending never
 * blocks), so the event loop that answers reads is never held by the X connection. Any map,
 * unmap, destroy or reparent, or a change of `_NET_CLIENT_LIST` / `_NET_ACTIVE_WINDOW`, makes
 * the view be read again (a handful of round trips on a local server).
 *
 * Where a window manager runs (`_NET_SUPPORTING_WM_CHECK` on the root) the top-level windows are
 * its `_NET_CLIENT_LIST` (clients sit inside frames; minimized ones stay listed) and the active
 * one is `_NET_ACTIVE_WINDOW`. Without one they are the root's viewable children that are not
 * override-redirect. Viewable override-redirect children (menus, tooltips, combo popups) are
 * listed apart as popups: toolkits expose some of them as windows too.
 */
import type { Rect } from '../../../protocol/src/index.js';
import {
  IS_VIEWABLE,
  loadX11Windows,
  PROPERTY_CHANGE_MASK,
  SUBSTRUCTURE_NOTIFY_MASK,
  X_EVENT,
  XEVENT_BYTES,
  type X11WindowLib,
} from './x11WindowLib.js';

/** One top-level window as the X server knows it. */
export interface XTopLevel {
  xid: number;
  /** `_NET_WM_PID`, when the client set it. */
  pid?: number;
  /** `_NET_WM_NAME`, else `WM_NAME`. */
  title: string;
  /** The client area in root coordinates. */
  rect: Rect | null;
  /** An override-redirect window (menu, tooltip, popup): never managed, never "top-level". */
  popup: boolean;
}

export interface XWindowView {
  /** Top-level windows and popups, in the root's stacking order where it is known. */
  windows: XTopLevel[];
  /** `_NET_ACTIVE_WINDOW`, or null (no window manager, or none active). */
  active: number | null;
  /** Whether a window manager runs. */
  managed: boolean;
}

export interface X11WindowWatcherOptions {
  /** How often queued X events are drained. */
  pollMs?: number;
  /** Called after the view changed (windows came or went, or the active one moved). */
  onChange: (view: XWindowView, previous: XWindowView) => void;
}

const EMPTY: XWindowView = { windows: [], active: null, managed: false };
const DEFAULT_POLL_MS = 10;
/**
 * While an action's effects are due (see hurry), queued X events are drained this often: a
 * dialog the action opens is seen within 2 ms of its map, not up to 10. Not always: a drain
 * costs about 0.15 ms of CPU, so polling every 2 ms idle would cost ~3% of a core, not ~1.5%.
 */
const HURRIED_POLL_MS = 2;
/** How long after an action X is drained that often. */
const HURRY_MS = 1_000;
const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

export class X11WindowWatcher {
  private lib: X11WindowLib | undefined;
  private display: unknown = null;
  private rootWindow = 0;
  private readonly event = Buffer.alloc(XEVENT_BYTES);
  private timer: NodeJS.Timeout | undefined;
  private hurried: NodeJS.Timeout | undefined;
  private hurryUntil = 0;
  private current: XWindowView = EMPTY;
  private readonly everSeen = new Set<number>();
  private readonly atoms = new Map<string, number>();

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: X11WindowWatcherOptions,
  ) {}

  /** Open the connection and start watching; false where there is no X display to watch. */
  start(): boolean {
    if (this.display !== null) return true;
    if (!this.env.DISPLAY || this.env.XDG_SESSION_TYPE === 'wayland') return false;
    try {
      this.lib = loadX11Windows();
    } catch {
      return false;
    }
    const display = this.lib.open(this.env.DISPLAY);
    if (display === null) return false;
    this.display = display;
    this.rootWindow = this.lib.root(display);
    this.atoms.clear();
    this.lib.selectInput(display, this.rootWindow, SUBSTRUCTURE_NOTIFY_MASK | PROPERTY_CHANGE_MASK);
    this.lib.flush(display);
    this.current = this.read();
    this.timer = setInterval(() => this.pump(), this.options.pollMs ?? DEFAULT_POLL_MS);
    this.timer.unref();
    return true;
  }

  get running(): boolean {
    return this.display !== null;
  }

  /** The view as of now: queued events are drained first, so a change already made counts. */
  view(): XWindowView {
    this.pump();
    return this.current;
  }

  /** Whether `pid` ever had a top-level window: only such apps can be judged by the X view. */
  knows(pid: number): boolean {
    return this.everSeen.has(pid);
  }

  /** Whether X window `xid` exists (a withdrawn or hidden window does, a destroyed one not). */
  exists(xid: number): boolean {
    const { lib, display } = this;
    if (lib === undefined || display === null) return false;
    const attrs = lib.attributes(display, xid);
    lib.dropErrors();
    return attrs !== undefined;
  }

  /** Drain queued events; read the view again when one may have changed it. */
  pump(): void {
    const { lib, display } = this;
    if (lib === undefined || display === null) return;
    let dirty = false;
    while (lib.pending(display) > 0) {
      lib.nextEvent(display, this.event);
      const type = this.event.readInt32LE(0);
      if (type !== X_EVENT.ConfigureNotify && type !== X_EVENT.CreateNotify) dirty = true;
    }
    if (!dirty) return;
    const previous = this.current;
    this.current = this.read();
    if (viewKey(previous) !== viewKey(this.current)) this.options.onChange(this.current, previous);
  }

  /**
   * Drain X every HURRIED_POLL_MS for `forMs` from now (an action ran: the windows it opens or
   * closes come within its settle), then at the usual pace again.
   */
  hurry(forMs = HURRY_MS): void {
    if (this.display === null) return;
    this.hurryUntil = Math.max(this.hurryUntil, performance.now() + forMs);
    if (this.hurried !== undefined) return;
    this.hurried = setInterval(() => {
      this.pump();
      if (performance.now() < this.hurryUntil) return;
      clearInterval(this.hurried);
      this.hurried = undefined;
    }, HURRIED_POLL_MS);
    this.hurried.unref();
  }

  /** Whether X is drained at the hurried pace now. */
  get hurrying(): boolean {
    return this.hurried !== undefined;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    clearInterval(this.hurried);
    this.hurried = undefined;
    if (this.lib !== undefined && this.display !== null) this.lib.close(this.display);
    this.display = null;
  }

  private read(): XWindowView {
    const lib = this.lib as X11WindowLib;
    const d = this.display;
    const root = this.rootWindow;
    const check = lib.property(d, root, this.atom('_NET_SUPPORTING_WM_CHECK'));
    const managed = check?.format === 32 && (check.items[0] ?? 0) !== 0;
    const windows: XTopLevel[] = [];
    if (managed) {
      const clients = lib.property(d, root, this.atom('_NET_CLIENT_LIST'));
      for (const xid of clients?.format === 32 ? clients.items : []) {
        const win = this.describe(xid, false);
        if (win !== undefined) windows.push(win);
      }
    }
    for (const xid of lib.children(d, root)) {
      const attrs = lib.attributes(d, xid);
      if (attrs === undefined || attrs.mapState !== IS_VIEWABLE) continue;
      // Under a window manager, root children that are not popups are frames, not clients.
      if (managed && !attrs.overrideRedirect) continue;
      const win = this.describe(xid, attrs.overrideRedirect);
      if (win !== undefined) windows.push(win);
    }
    const activeProp = managed ? lib.property(d, root, this.atom('_NET_ACTIVE_WINDOW')) : undefined;
    const active = activeProp?.format === 32 ? activeProp.items[0] || null : null;
    lib.dropErrors();
    for (const w of windows) if (w.pid !== undefined && !w.popup) this.everSeen.add(w.pid);
    return { windows, active, managed };
  }

  private atom(name: string): number {
    let atom = this.atoms.get(name);
    if (atom === undefined) {
      atom = (this.lib as X11WindowLib).atom(this.display, name);
      this.atoms.set(name, atom);
    }
    return atom;
  }

  private describe(xid: number, popup: boolean): XTopLevel | undefined {
    const lib = this.lib as X11WindowLib;
    const d = this.display;
    const attrs = lib.attributes(d, xid);
    if (attrs === undefined) return undefined;
    const origin = lib.origin(d, xid, this.rootWindow);
    const pidProp = lib.property(d, xid, this.atom('_NET_WM_PID'));
    const win: XTopLevel = {
      xid,
      title: this.title(xid),
      rect: origin === undefined ? null : { ...origin, width: attrs.width, height: attrs.height },
      popup,
    };
    if (pidProp?.format === 32 && pidProp.items[0] !== undefined) win.pid = pidProp.items[0];
    return win;
  }

  private title(xid: number): string {
    const lib = this.lib as X11WindowLib;
    const d = this.display;
    const wide = lib.property(d, xid, this.atom('_NET_WM_NAME'));
    if (wide?.format === 8) return utf8.decode(wide.bytes);
    const legacy = lib.property(d, xid, this.atom('WM_NAME'));
    return legacy?.format === 8 ? latin1.decode(legacy.bytes) : '';
  }
}

function viewKey(view: XWindowView): string {
  const ids = view.windows.map((w) => `${w.xid}${w.popup ? 'p' : ''}`).sort();
  return `${view.managed ? 'wm' : 'bare'} ${view.active ?? '-'} ${ids.join(',')}`;
}
