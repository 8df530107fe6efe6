/** Monitors and top-level window operations, as backends carry them out and read them back. */
import type { Rect, WindowStateName } from '../../protocol/src/index.js';
import type { BackendId } from './backend.js';

/** One monitor of the desktop, in screen coordinates (physical desktop pixels). */
export interface MonitorInfo {
  index: number;
  rect: Rect;
  /** The rect minus panels and task bars, when the platform says. */
  workArea?: Rect;
  scale: number;
  primary: boolean;
}

/** A change to a top-level window. */
export type WindowOp =
  | { op: 'move'; x: number; y: number }
  | { op: 'resize'; width: number; height: number }
  | { op: 'state'; state: WindowStateName }
  | { op: 'activate' }
  | { op: 'close' };

/** A top-level window as the platform reports it, read back after a WindowOp. */
export interface WindowGeometry {
  rect: Rect | null;
  state: WindowStateName;
  foreground: boolean;
  /** The window is gone (after a close). */
  closed: boolean;
  /** The platform request that carried the op out (`_NET_MOVERESIZE_WINDOW`, `SetWindowPos`). */
  via: string;
}

/** A top-level window's place in the stack, as windows.list reports it. */
export interface WindowStacking {
  id: BackendId;
  state: WindowStateName;
  /** Its bounds as the platform reports them now, in the space window ops answer in. */
  rect?: Rect | null;
  /** It is the foreground window, as the platform reports it now. */
  foreground?: boolean;
}
