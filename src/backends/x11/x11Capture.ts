/**
 * Screen capture on X11 (Xvfb, Xorg, any X server): the root window read through koffi, by
 * MIT-SHM where the server offers it (x11Shm) and XGetImage otherwise, converted to RGBA. One
 * display connection, opened on first use and reused; no process is spawned per capture. A Wayland session answers not_supported: its screen can
 * only be read through the desktop portal, which asks the user for consent each time.
 */
import type { Rect } from '../../../protocol/src/index.js';
import type { CapturedImage, CaptureRequest, MonitorInfo } from '../backend.js';
import { ActionFailedError, NotSupportedError, throwIfAborted } from '../../errors.js';
import { toRgba } from '../pixelOrder.js';
import { ALL_PLANES, loadX11, Z_PIXMAP, type X11Lib, type XImageFields } from './x11Lib.js';
import { xineramaHeads } from './x11Monitors.js';
import { ShmReader } from './x11Shm.js';
import { occludersOf, type Occluder } from './x11Stack.js';

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

/** The image of a 32 bpp XImage's bytes (every TrueColor X server today), as RGBA. */
function image(r: Rect, img: XImageFields, bytes: Uint8Array): CapturedImage {
  if (img.bits_per_pixel !== 32) {
    throw new NotSupportedError(
      `X visuals of ${img.bits_per_pixel} bits per pixel are not supported`,
    );
  }
  const order = BigInt(img.red_mask) === 0xff0000n ? 'bgrx' : 'rgbx';
  return {
    width: img.width,
    height: img.height,
    data: toRgba({
      src: bytes,
      width: img.width,
      height: img.height,
      stride: img.bytes_per_line,
      order,
    }),
    rect: { ...r },
    scale: 1,
  };
}

function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

export interface X11ScreenOptions {
  /** False: always XGetImage (tests compare both paths). Default true. */
  shm?: boolean;
}

export class X11Screen {
  private lib: X11Lib | undefined;
  private display: unknown = null;
  /** The shared-memory reader, or why there is none (then XGetImage reads). */
  private shm: ShmReader | string | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly options: X11ScreenOptions = {},
  ) {}

  /** How the last capture read the screen, for diagnostics and tests. */
  via: 'shm' | 'getImage' | undefined;

  /** Why captures do not use shared memory, or null when they do (known after one). */
  get shmUnavailable(): string | null {
    return typeof this.shm === 'string' ? this.shm : null;
  }

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

  /** Xinerama's heads when there are several, else the X screen as one monitor. */
  monitors(): Promise<MonitorInfo[]> {
    return settle(() => this.readMonitors());
  }

  /** Capture a root-window area; synchronous inside (an XGetImage takes milliseconds). */
  capture(request: CaptureRequest, signal: AbortSignal): Promise<CapturedImage> {
    return settle(() => this.readArea(request, signal));
  }

  /** The top-level windows stacked above X window `window` (decimal id) that overlap `rect`. */
  occluders(window: string, rect: Rect): Promise<Occluder[]> {
    return settle(() => {
      const { lib, display } = this.open();
      return occludersOf(lib, display, BigInt(window), rect);
    });
  }

  private readMonitors(): MonitorInfo[] {
    const { lib, display } = this.open();
    const screen = lib.defaultScreen(display) as number;
    const heads = xineramaHeads(display);
    if (heads.length > 1)
      return heads.map((rect, index) => ({ index, rect, scale: 1, primary: index === 0 }));
    const width = lib.displayWidth(display, screen) as number;
    const height = lib.displayHeight(display, screen) as number;
    return [{ index: 0, rect: { x: 0, y: 0, width, height }, scale: 1, primary: true }];
  }

  private readArea(request: CaptureRequest, signal: AbortSignal): CapturedImage {
    throwIfAborted(signal);
    const { lib, display } = this.open();
    const r: Rect = request.rect;
    const root = lib.rootWindow(display) as number | bigint;
    const reader = this.reader(lib, display);
    const screen = lib.defaultScreen(display) as number;
    const area =
      reader === null
        ? null
        : reader.read(
            root,
            r,
            lib.defaultVisual(display, screen),
            lib.defaultDepth(display, screen) as number,
          );
    if (area !== null) {
      this.via = 'shm';
      return image(r, area.img, area.bytes);
    }
    this.via = 'getImage';
    return this.getImage(lib, display, root, r);
  }

  /** The shared-memory reader, made on first use with a segment of the screen's size. */
  private reader(lib: X11Lib, display: unknown): ShmReader | null {
    if (this.options.shm === false) return null;
    if (this.shm === undefined) {
      const screen = lib.defaultScreen(display) as number;
      const size =
        (lib.displayWidth(display, screen) as number) *
        (lib.displayHeight(display, screen) as number) *
        4;
      this.shm = ShmReader.open(lib, display, size);
    }
    return typeof this.shm === 'string' ? null : this.shm;
  }

  private getImage(lib: X11Lib, display: unknown, root: number | bigint, r: Rect): CapturedImage {
    lib.takeErrors();
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
      return image(r, img, lib.view(img.data, img.bytes_per_line * img.height));
    } finally {
      lib.destroyImage(ptr);
    }
  }

  close(): void {
    if (this.shm instanceof ShmReader) this.shm.close();
    this.shm = undefined;
    if (this.lib !== undefined && this.display !== null) this.lib.closeDisplay(this.display);
    this.display = null;
  }
}
