/**
 * Screen capture on X11 (Xvfb, Xorg, any X server): XGetImage of the root window through
 * koffi, converted to RGBA. One display connection, opened on first use and reused; no
 * process is spawned per capture. A Wayland session answers not_supported: its screen can
 * only be read through the desktop portal, which asks the user for consent each time.
 */
import type { Rect } from '../../../protocol/src/index.js';
import type { CapturedImage, CaptureRequest, MonitorInfo } from '../backend.js';
import { ActionFailedError, NotSupportedError, throwIfAborted } from '../../errors.js';
import { ALL_PLANES, loadX11, Z_PIXMAP, type X11Lib, type XImageFields } from './x11Lib.js';

/** Why this environment cannot be captured through X11, or null when it can. */
export function x11Unavailable(env: NodeJS.ProcessEnv): string | null {
  if (env.XDG_SESSION_TYPE === 'wayland' || (env.WAYLAND_DISPLAY && !env.DISPLAY)) {
    return (
      'screen capture is not supported on a Wayland session: the screen can only be read through ' +
      'the xdg-desktop-portal ScreenCast, which asks the user for consent; run an X11 session'
    );
  }
  if (!env.DISPLAY) return 'no X display (DISPLAY is not set): screen capture needs an X server';
  return null;
}

/** BGRX/BGRA (32 bpp, the layout of every TrueColor X server today) to RGBA. */
function toRgba(img: XImageFields, src: Uint8Array): Uint8Array {
  const out = new Uint8Array(img.width * img.height * 4);
  const redHigh = BigInt(img.red_mask) === 0xff0000n;
  for (let y = 0; y < img.height; y++) {
    let s = y * img.bytes_per_line;
    let d = y * img.width * 4;
    for (let x = 0; x < img.width; x++, s += 4, d += 4) {
      out[d] = src[redHigh ? s + 2 : s] ?? 0;
      out[d + 1] = src[s + 1] ?? 0;
      out[d + 2] = src[redHigh ? s : s + 2] ?? 0;
      out[d + 3] = 255;
    }
  }
  return out;
}

function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

export class X11Screen {
  private lib: X11Lib | undefined;
  private display: unknown = null;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  private open(): { lib: X11Lib; display: unknown } {
    const why = x11Unavailable(this.env);
    if (why !== null) throw new NotSupportedError(why);
    this.lib ??= loadX11();
    if (this.display === null) {
      this.display = this.lib.openDisplay(this.env.DISPLAY ?? null);
      if (this.display === null) {
        throw new NotSupportedError(`cannot open the X display ${this.env.DISPLAY ?? ''}`);
      }
    }
    return { lib: this.lib, display: this.display };
  }

  /** The X screen as one monitor (Xinerama/RandR layouts are not split yet). */
  monitors(): Promise<MonitorInfo[]> {
    return settle(() => this.readMonitors());
  }

  /** Capture a root-window area; synchronous inside (an XGetImage takes milliseconds). */
  capture(request: CaptureRequest, signal: AbortSignal): Promise<CapturedImage> {
    return settle(() => this.readArea(request, signal));
  }

  private readMonitors(): MonitorInfo[] {
    const { lib, display } = this.open();
    const screen = lib.defaultScreen(display) as number;
    const width = lib.displayWidth(display, screen) as number;
    const height = lib.displayHeight(display, screen) as number;
    return [{ index: 0, rect: { x: 0, y: 0, width, height }, scale: 1, primary: true }];
  }

  private readArea(request: CaptureRequest, signal: AbortSignal): CapturedImage {
    throwIfAborted(signal);
    const { lib, display } = this.open();
    const r: Rect = request.rect;
    lib.takeErrors();
    const root = lib.rootWindow(display) as number | bigint;
    const ptr: unknown = lib.getImage(
      display,
      root,
      r.x,
      r.y,
      r.width,
      r.height,
      ALL_PLANES,
      Z_PIXMAP,
    );
    const errors = lib.takeErrors();
    if (ptr === null || errors.length > 0) {
      throw new ActionFailedError('the X server refused to read the screen area', {
        details: { rect: r, xErrors: errors },
      });
    }
    try {
      const img = lib.decodeImage(ptr);
      if (img.bits_per_pixel !== 32) {
        throw new NotSupportedError(
          `X visuals of ${img.bits_per_pixel} bits per pixel are not supported`,
        );
      }
      const raw = lib.bytes(img.data, img.bytes_per_line * img.height);
      return {
        width: img.width,
        height: img.height,
        data: toRgba(img, raw),
        rect: { ...r },
        scale: 1,
      };
    } finally {
      lib.destroyImage(ptr);
    }
  }

  close(): void {
    if (this.lib !== undefined && this.display !== null) this.lib.closeDisplay(this.display);
    this.display = null;
  }
}
