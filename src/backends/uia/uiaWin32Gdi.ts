/**
 * The GDI and monitor calls screen capture needs, loaded on first use inside the host, and a
 * 32-bit top-down DIB section to draw into (BitBlt, PrintWindow) whose bits are read without a
 * copy. Every handle made here is released in a finally: GDI handles are a per-process quota
 * (10,000) and a leak would end captures for the host's life.
 */
import koffi, { type KoffiFunc, type TypeObject } from 'koffi';
import { ActionFailedError } from '../../errors.js';
import { nativeTracker } from './uiaProgress.js';

type Fn = (...args: unknown[]) => unknown;

interface Gdi {
  GetDC: Fn;
  ReleaseDC: Fn;
  CreateCompatibleDC: Fn;
  CreateDIBSection: Fn;
  SelectObject: Fn;
  BitBlt: Fn;
  DeleteObject: Fn;
  DeleteDC: Fn;
  PrintWindow: KoffiFunc<(...args: unknown[]) => unknown>;
  GetWindowRect: Fn;
  IsHungAppWindow: Fn;
  EnumDisplayMonitors: Fn;
  GetMonitorInfoW: Fn;
  /** shcore (Windows 8.1+); null where missing. */
  GetDpiForMonitor: Fn | null;
}

let gdi: Gdi | undefined;
let monitorProto: TypeObject | undefined;

export function gdiApi(): Gdi {
  if (gdi !== undefined) return gdi;
  const user32 = koffi.load('user32.dll');
  const gdi32 = koffi.load('gdi32.dll');
  monitorProto = koffi.proto('__stdcall', 'MonitorEnumProc', 'int32_t', [
    'intptr_t',
    'intptr_t',
    'void *',
    'intptr_t',
  ]);
  const u = (sig: string): Fn => user32.func(sig) as Fn;
  const g = (sig: string): Fn => gdi32.func(sig) as Fn;
  let dpi: Fn | null = null;
  try {
    dpi = koffi
      .load('shcore.dll')
      .func(
        'int32_t __stdcall GetDpiForMonitor(intptr_t mon, int32_t type, _Out_ uint32_t *x, _Out_ uint32_t *y)',
      ) as Fn;
  } catch {
    // before Windows 8.1: every monitor is taken at scale 1
  }
  gdi = {
    GetDC: u('intptr_t __stdcall GetDC(intptr_t hwnd)'),
    ReleaseDC: u('int32_t __stdcall ReleaseDC(intptr_t hwnd, intptr_t dc)'),
    CreateCompatibleDC: g('intptr_t __stdcall CreateCompatibleDC(intptr_t dc)'),
    CreateDIBSection: g(
      'intptr_t __stdcall CreateDIBSection(intptr_t dc, void *info, uint32_t usage, _Out_ void **bits, intptr_t section, uint32_t offset)',
    ),
    SelectObject: g('intptr_t __stdcall SelectObject(intptr_t dc, intptr_t obj)'),
    BitBlt: g(
      'int32_t __stdcall BitBlt(intptr_t dst, int32_t x, int32_t y, int32_t cx, int32_t cy, intptr_t src, int32_t x1, int32_t y1, uint32_t rop)',
    ),
    DeleteObject: g('int32_t __stdcall DeleteObject(intptr_t obj)'),
    DeleteDC: g('int32_t __stdcall DeleteDC(intptr_t dc)'),
    PrintWindow: user32.func(
      'int32_t __stdcall PrintWindow(intptr_t hwnd, intptr_t dc, uint32_t flags)',
    ) as KoffiFunc<(...args: unknown[]) => unknown>,
    GetWindowRect: u('int32_t __stdcall GetWindowRect(intptr_t hwnd, void *rect)'),
    IsHungAppWindow: u('int32_t __stdcall IsHungAppWindow(intptr_t hwnd)'),
    EnumDisplayMonitors: u(
      'int32_t __stdcall EnumDisplayMonitors(intptr_t dc, void *clip, MonitorEnumProc *cb, intptr_t lparam)',
    ),
    GetMonitorInfoW: u('int32_t __stdcall GetMonitorInfoW(intptr_t mon, void *info)'),
    GetDpiForMonitor: dpi,
  };
  return gdi;
}

export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A RECT (left, top, right, bottom) at `offset` of a buffer. */
export function readRect(buf: Buffer, offset = 0): ScreenRect {
  const left = buf.readInt32LE(offset);
  const top = buf.readInt32LE(offset + 4);
  return {
    x: left,
    y: top,
    width: buf.readInt32LE(offset + 8) - left,
    height: buf.readInt32LE(offset + 12) - top,
  };
}

/** A window's rectangle in screen pixels, or null when the handle is gone. */
export function windowRect(hwnd: bigint): ScreenRect | null {
  const buf = Buffer.alloc(16);
  return gdiApi().GetWindowRect(hwnd, buf) === 0 ? null : readRect(buf);
}

/** Every monitor's handle, in enumeration order. */
export function monitorHandles(): bigint[] {
  const api = gdiApi();
  const found: bigint[] = [];
  const cb = koffi.register(
    (mon: number | bigint) => {
      found.push(BigInt(mon));
      return 1;
    },
    koffi.pointer(monitorProto as TypeObject),
  );
  try {
    api.EnumDisplayMonitors(0, null, cb, 0);
  } finally {
    koffi.unregister(cb);
  }
  return found;
}

const DIB_RGB_COLORS = 0;
const BI_RGB = 0;

/** BITMAPINFOHEADER for 32-bit top-down BI_RGB (negative height), plus one unused colour. */
function bitmapInfo(width: number, height: number): Buffer {
  const info = Buffer.alloc(44);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(width, 4);
  info.writeInt32LE(-height, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(BI_RGB, 16);
  return info;
}

/** A memory DC with a 32-bit DIB selected: `draw` paints into it; the bits are then copied. */
export async function withDib(
  width: number,
  height: number,
  draw: (dc: bigint) => boolean | Promise<boolean>,
): Promise<Uint8Array | null> {
  const api = gdiApi();
  const dc = BigInt(api.CreateCompatibleDC(0) as number | bigint);
  if (dc === 0n) throw new ActionFailedError('CreateCompatibleDC failed (GDI handles used up?)');
  const bits = [0n];
  let dib = 0n;
  try {
    dib = BigInt(
      api.CreateDIBSection(dc, bitmapInfo(width, height), DIB_RGB_COLORS, bits, 0, 0) as
        number | bigint,
    );
    const base = BigInt(bits[0] ?? 0n);
    if (dib === 0n || base === 0n) {
      throw new ActionFailedError(`CreateDIBSection failed for ${width}x${height}`);
    }
    const previous = api.SelectObject(dc, dib);
    try {
      if (!(await draw(dc))) return null;
      return new Uint8Array(koffi.view(base, width * height * 4)).slice();
    } finally {
      api.SelectObject(dc, previous);
    }
  } finally {
    if (dib !== 0n) api.DeleteObject(dib);
    api.DeleteDC(dc);
  }
}

/**
 * PrintWindow on a pool thread, tracked for the watchdog: it sends the window a WM_PRINT and
 * waits for the window's thread, so a busy app makes it wait.
 */
export function printWindowAsync(hwnd: bigint, dc: bigint, flags: number): Promise<boolean> {
  const call = new Promise<boolean>((resolve, reject) => {
    gdiApi().PrintWindow.async(hwnd, dc, flags, (err: unknown, ok: unknown) => {
      if (err) reject(err instanceof Error ? err : new Error(JSON.stringify(err)));
      else resolve(ok !== 0);
    });
  });
  return nativeTracker.track('PrintWindow', call);
}
