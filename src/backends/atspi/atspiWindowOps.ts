/**
 * Window ops for AT-SPI windows: AT-SPI has no way to move, resize or stack a window, so they
 * go to the X client window that the window truth matched to the accessible one
 * (src/backends/x11/x11WindowOps.ts). Without an X display (Wayland) they are not supported.
 */
import type { Rect } from '../../../protocol/src/index.js';
import { NotSupportedError, throwIfAborted } from '../../errors.js';
import type {
  BackendId,
  MonitorInfo,
  WindowGeometry,
  WindowOp,
  WindowStacking,
} from '../backend.js';
import { X11WindowOps, x11Unavailable } from '../x11/index.js';
import type { AtspiWindowTruth } from './atspiWindowTruth.js';

/** The monitor holding most of a rect (the first one when none holds any). */
function holding(monitors: readonly MonitorInfo[], r: Rect | null): MonitorInfo | undefined {
  if (r === null) return monitors[0];
  const area = (m: MonitorInfo): number => {
    const w = Math.min(r.x + r.width, m.rect.x + m.rect.width) - Math.max(r.x, m.rect.x);
    const h = Math.min(r.y + r.height, m.rect.y + m.rect.height) - Math.max(r.y, m.rect.y);
    return w > 0 && h > 0 ? w * h : 0;
  };
  return [...monitors].sort((a, b) => area(b) - area(a))[0];
}

export class AtspiWindowOps {
  private ops: X11WindowOps | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly truth: AtspiWindowTruth,
    private readonly monitors: (signal: AbortSignal) => Promise<MonitorInfo[]>,
  ) {}

  async apply(id: BackendId, op: WindowOp, signal: AbortSignal): Promise<WindowGeometry> {
    const ops = this.x11();
    const xid = this.truth.xidOf(id);
    if (xid === undefined) {
      throw new NotSupportedError(`no X window matches the accessible window ${id}`, {
        details: { id, reason: 'no_x_window' },
      });
    }
    const monitors = await this.monitors(signal);
    const geometry = await ops.apply(xid, op, (r) => holding(monitors, r), signal);
    // The X view's own events say the window changed; take them in now.
    this.truth.pump();
    return geometry;
  }

  stacking(signal: AbortSignal): WindowStacking[] {
    throwIfAborted(signal);
    const ops = this.x11();
    const byXid = this.truth.byXid();
    return ops.stacking().flatMap((xid) => {
      const id = byXid.get(xid);
      if (id === undefined) return [];
      const { state, rect, foreground } = ops.read(xid, '');
      return [{ id, state, rect, foreground }];
    });
  }

  close(): void {
    this.ops?.close();
  }

  private x11(): X11WindowOps {
    const why = x11Unavailable(this.env);
    if (why !== null) throw new NotSupportedError(`window ops need X11: ${why}`);
    return (this.ops ??= new X11WindowOps(this.env));
  }
}
