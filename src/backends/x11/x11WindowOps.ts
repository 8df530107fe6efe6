/**
 * Changing top-level X windows and reading them back. Under a window manager every change is an
 * EWMH request to the root (_NET_MOVERESIZE_WINDOW, _NET_WM_STATE, _NET_ACTIVE_WINDOW,
 * _NET_CLOSE_WINDOW, WM_CHANGE_STATE through XIconifyWindow): the manager owns placement and a
 * direct request would fight it. Without one, direct requests (XMoveResizeWindow, XUnmapWindow,
 * XMapRaised, XSetInputFocus, WM_DELETE_WINDOW to the client); maximized and fullscreen are then
 * only geometry (the monitor's work area or rect), remembered here since no manager records them.
 *
 * Every op answers the window as the X server reports it, polled on its own connection until
 * the effect shows or the confirm limit passes; an op whose effect never shows fails.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { Rect } from '../../../protocol/src/index.js';
import { ActionFailedError, NotSupportedError, throwIfAborted } from '../../errors.js';
import type { MonitorInfo, WindowGeometry, WindowOp } from '../backend.js';
import { loadX11Windows, IS_VIEWABLE, type X11WindowLib } from './x11WindowLib.js';
import { loadX11WindowRequests, type X11WindowRequests } from './x11WindowRequests.js';
import {
  effectSeen,
  movedElsewhere,
  restoredElsewhere,
  sameRect,
  unmanagedTarget,
} from './x11WindowEffects.js';

type State = WindowGeometry['state'];

/**
 * How long an op waits for its effect, how often it looks, and how long the geometry must stay
 * put once it shows (a manager and a toolkit configure a window in several steps).
 */
const CONFIRM_MS = 3_000;
const POLL_MS = 10;
const QUIET_MS = 60;
/**
 * The same for a window shown again from its icon somewhere else than it was: a manager may
 * animate it there (openbox moves the frame for 150 ms, in steps far apart under load).
 */
const RESTORE_QUIET_MS = 300;
/** _NET_WM_STATE actions, StaticGravity and the flags of _NET_MOVERESIZE_WINDOW (EWMH). */
const [REMOVE, ADD] = [0, 1];
const NORTH_WEST_GRAVITY = 1;
const XY = (1 << 8) | (1 << 9);
const WH = (1 << 10) | (1 << 11);
/** Source indication: a pager (a tool acting for the user), which managers honour. */
const SOURCE_PAGER = 2;
const ICONIC_STATE = 3;

export class X11WindowOps {
  private lib: X11WindowLib | undefined;
  private req: X11WindowRequests | undefined;
  private display: unknown = null;
  private root = 0;
  private readonly atoms = new Map<string, number>();
  /** Without a window manager: states only geometry shows, and the rect to restore. */
  private readonly unmanaged = new Map<number, { state: State; restore?: Rect }>();

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** Carry `op` out on X window `xid`; answers the window as read back once the effect shows. */
  async apply(
    xid: number,
    op: WindowOp,
    monitorOf: (rect: Rect | null) => MonitorInfo | undefined,
    signal: AbortSignal,
  ): Promise<WindowGeometry> {
    this.open();
    const before = this.read(xid, '');
    if (before.closed) throw new ActionFailedError(`X window ${xid} is gone`);
    const { via, target } = this.managed()
      ? { via: this.request(xid, op), target: undefined }
      : this.direct(xid, op, before, monitorOf);
    (this.req as X11WindowRequests).sync(this.display);
    const started = performance.now();
    let steady: { since: number; rect: Rect | null } | undefined;
    for (;;) {
      throwIfAborted(signal);
      const after = this.read(xid, via);
      const now = performance.now();
      if (!effectSeen(op, before, after, target)) steady = undefined;
      else if (steady === undefined || !sameRect(steady.rect, after.rect))
        steady = { since: now, rect: after.rect };
      const quiet = restoredElsewhere(before, after) ? RESTORE_QUIET_MS : QUIET_MS;
      if (steady !== undefined && (after.closed || now - steady.since >= quiet)) return after;
      if (now - started > CONFIRM_MS) {
        if (movedElsewhere(op, before, after)) return after;
        throw new ActionFailedError(`the X server shows no effect of ${op.op} (${via})`, {
          details: { reason: 'no_effect', op, before, after },
        });
      }
      await wait(POLL_MS, undefined, { signal });
    }
  }

  /** Top-level client windows, topmost first (the window manager's stacking, else the root's). */
  stacking(): number[] {
    const { lib, display } = this.open();
    if (this.managed()) {
      const list = lib.property(display, this.root, this.atom('_NET_CLIENT_LIST_STACKING'));
      return list?.format === 32 ? [...list.items].reverse() : [];
    }
    return lib
      .children(display, this.root)
      .filter((w) => {
        const a = lib.attributes(display, w);
        return a !== undefined && !a.overrideRedirect;
      })
      .reverse();
  }

  /** The window as the X server has it now. */
  read(xid: number, via: string): WindowGeometry {
    const { lib, display } = this.open();
    const attrs = lib.attributes(display, xid);
    lib.dropErrors();
    const gone = { rect: null, state: 'normal' as State, foreground: false, closed: true, via };
    if (attrs === undefined) return gone;
    const origin = lib.origin(display, xid, this.root);
    const rect =
      origin === undefined ? null : { ...origin, width: attrs.width, height: attrs.height };
    const state = this.stateOf(xid, attrs.mapState === IS_VIEWABLE);
    if (state === undefined) return gone;
    return { rect, state, foreground: this.isForeground(xid), closed: false, via };
  }

  close(): void {
    if (this.lib !== undefined && this.display !== null) this.lib.close(this.display);
    this.display = null;
  }

  private open(): { lib: X11WindowLib; display: unknown } {
    this.lib ??= loadX11Windows();
    this.req ??= loadX11WindowRequests();
    if (this.display === null) {
      const display = this.lib.open(this.env.DISPLAY ?? null);
      if (display === null) throw new ActionFailedError(`cannot open ${this.env.DISPLAY ?? ''}`);
      this.display = display;
      this.root = this.lib.root(display);
      this.atoms.clear();
    }
    return { lib: this.lib, display: this.display };
  }

  private atom(name: string): number {
    let atom = this.atoms.get(name);
    if (atom === undefined) {
      atom = (this.lib as X11WindowLib).atom(this.display, name);
      this.atoms.set(name, atom);
    }
    return atom;
  }

  private longs(window: number, name: string): number[] {
    const value = (this.lib as X11WindowLib).property(this.display, window, this.atom(name));
    return value?.format === 32 ? value.items : [];
  }

  private managed(): boolean {
    return (this.longs(this.root, '_NET_SUPPORTING_WM_CHECK')[0] ?? 0) !== 0;
  }

  private isForeground(xid: number): boolean {
    if (this.managed()) return this.longs(this.root, '_NET_ACTIVE_WINDOW')[0] === xid;
    return (this.req as X11WindowRequests).inputFocus(this.display) === xid;
  }

  /** The state, or undefined for a window that is no longer shown in any way (closed). */
  private stateOf(xid: number, viewable: boolean): State | undefined {
    const net = new Set(this.longs(xid, '_NET_WM_STATE'));
    if (!this.managed()) {
      const known = this.unmanaged.get(xid)?.state;
      if (!viewable) return known === 'minimized' ? 'minimized' : undefined;
      return known === 'minimized' ? 'normal' : (known ?? 'normal');
    }
    const iconic = this.longs(xid, 'WM_STATE')[0] === ICONIC_STATE;
    if (!viewable)
      return iconic || net.has(this.atom('_NET_WM_STATE_HIDDEN')) ? 'minimized' : undefined;
    if (net.has(this.atom('_NET_WM_STATE_FULLSCREEN'))) return 'fullscreen';
    const vert = net.has(this.atom('_NET_WM_STATE_MAXIMIZED_VERT'));
    return vert && net.has(this.atom('_NET_WM_STATE_MAXIMIZED_HORZ')) ? 'maximized' : 'normal';
  }

  /** The EWMH request for `op`; answers its name. */
  private request(xid: number, op: WindowOp): string {
    const req = this.req as X11WindowRequests;
    const send = (type: string, data: number[]): string => {
      req.clientMessage(this.display, this.root, xid, this.atom(type), data);
      return type;
    };
    const netState = (action: number, a: string, b = ''): string =>
      send('_NET_WM_STATE', [action, this.atom(a), b === '' ? 0 : this.atom(b), SOURCE_PAGER]);
    switch (op.op) {
      case 'move': {
        // NorthWest gravity places the frame, as the manager itself saves and restores it;
        // the frame's extents turn the client's asked-for origin into the frame's.
        const [left = 0, , top = 0] = this.longs(xid, '_NET_FRAME_EXTENTS');
        const flags = NORTH_WEST_GRAVITY | XY | (SOURCE_PAGER << 12);
        return send('_NET_MOVERESIZE_WINDOW', [flags, op.x - left, op.y - top, 0, 0]);
      }
      case 'resize': {
        const flags = NORTH_WEST_GRAVITY | WH | (SOURCE_PAGER << 12);
        return send('_NET_MOVERESIZE_WINDOW', [flags, 0, 0, op.width, op.height]);
      }
      case 'activate':
        return send('_NET_ACTIVE_WINDOW', [SOURCE_PAGER, 0, 0]);
      case 'close':
        return send('_NET_CLOSE_WINDOW', [0, SOURCE_PAGER]);
      case 'state':
        break;
    }
    if (op.state === 'minimized') {
      req.iconify(this.display, xid, req.defaultScreen(this.display));
      return 'WM_CHANGE_STATE';
    }
    // A minimized window is shown again by activating it; then its other states are set.
    if (this.read(xid, '').state === 'minimized') send('_NET_ACTIVE_WINDOW', [SOURCE_PAGER, 0, 0]);
    const max = ['_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'] as const;
    if (op.state !== 'fullscreen') netState(REMOVE, '_NET_WM_STATE_FULLSCREEN');
    if (op.state === 'normal') return netState(REMOVE, ...max);
    if (op.state === 'maximized') return netState(ADD, ...max);
    return netState(ADD, '_NET_WM_STATE_FULLSCREEN');
  }

  /** The direct requests for `op` where no window manager runs; answers their name. */
  private direct(
    xid: number,
    op: WindowOp,
    before: WindowGeometry,
    monitorOf: (rect: Rect | null) => MonitorInfo | undefined,
  ): { via: string; target?: Rect | undefined } {
    const req = this.req as X11WindowRequests;
    const d = this.display;
    const r = before.rect ?? { x: 0, y: 0, width: 1, height: 1 };
    switch (op.op) {
      case 'move':
        req.moveResize(d, xid, op.x, op.y, r.width, r.height);
        return { via: 'XMoveResizeWindow' };
      case 'resize':
        req.moveResize(d, xid, r.x, r.y, op.width, op.height);
        return { via: 'XMoveResizeWindow' };
      case 'activate':
        req.mapRaised(d, xid);
        req.focus(d, xid);
        return { via: 'XSetInputFocus' };
      case 'close':
        req.clientMessage(d, xid, xid, this.atom('WM_PROTOCOLS'), [
          this.atom('WM_DELETE_WINDOW'),
          0,
        ]);
        return { via: 'WM_DELETE_WINDOW' };
      case 'state':
        return this.directState(xid, op.state, r, monitorOf(before.rect));
    }
  }

  private directState(
    xid: number,
    state: State,
    r: Rect,
    monitor: MonitorInfo | undefined,
  ): { via: string; target?: Rect | undefined } {
    const req = this.req as X11WindowRequests;
    const d = this.display;
    const known = this.unmanaged.get(xid);
    if (state === 'minimized') {
      // ICCCM's iconic state needs a manager to keep the icon; unmapping instead would make the
      // window indistinguishable from a closed one (the window truth drops it).
      throw new NotSupportedError('minimizing needs a window manager on this X display', {
        details: { reason: 'no_window_manager' },
        recovery: ['Run a window manager (openbox)', 'Move the window aside instead'],
      });
    }
    req.mapRaised(d, xid);
    const target =
      unmanagedTarget(state, monitor) ?? (state === 'normal' ? known?.restore : undefined);
    const restore = known?.state === 'normal' || known === undefined ? r : known.restore;
    this.unmanaged.set(xid, state === 'normal' ? { state } : { state, restore });
    if (target !== undefined)
      req.moveResize(d, xid, target.x, target.y, target.width, target.height);
    return target === undefined ? { via: 'XMapRaised' } : { via: 'XMoveResizeWindow', target };
  }
}
