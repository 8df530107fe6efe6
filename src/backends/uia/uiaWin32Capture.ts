/**
 * Screen capture inside the UIA host, through GDI: BitBlt of the screen DC into a 32-bit DIB
 * (CAPTUREBLT so layered windows are included), converted to RGBA. A window covered by others
 * is drawn by PrintWindow (PW_RENDERFULLCONTENT, which also renders DirectComposition content)
 * and pasted over its part of the screen image; where PrintWindow fails or draws nothing (one
 * colour), or the app is hung and would keep it waiting, the screen's pixels stay. The host runs per-monitor DPI aware, so all
 * of this is in physical pixels, as are the rectangles UIA reports.
 */
import { ActionFailedError, TimeoutError } from '../../errors.js';
import { toRgba } from '../pixelOrder.js';
import {
  gdiApi,
  monitorHandles,
  printWindowAsync,
  readRect,
  windowRect,
  withDib,
  type ScreenRect,
} from './uiaWin32Gdi.js';
import { topLevelWindows, virtualScreen, win } from './uiaWin32.js';

const SRCCOPY = 0x00cc0020;
const CAPTUREBLT = 0x40000000;
const PW_RENDERFULLCONTENT = 0x2;
const MONITORINFOF_PRIMARY = 1;
const MDT_EFFECTIVE_DPI = 0;

/** What the host answers for a capture (the server adds the rectangle). */
export interface HostCapture {
  width: number;
  height: number;
  data: Uint8Array;
  /** 'printWindow' when the window was drawn by itself over the screen's pixels. */
  via: 'screen' | 'printWindow';
}

export interface HostMonitor {
  index: number;
  rect: ScreenRect;
  /** rcWork: the monitor without the task bar and docked app bars. */
  workArea?: ScreenRect;
  scale: number;
  primary: boolean;
}

function intersect(a: ScreenRect, b: ScreenRect): ScreenRect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right <= x || bottom <= y ? null : { x, y, width: right - x, height: bottom - y };
}

function beforeDeadline(deadline: number, what: string): void {
  if (Date.now() > deadline) throw new TimeoutError(`capture: deadline passed ${what}`);
}

/** The screen's pixels of `r`, BGRA. */
function screenBits(r: ScreenRect): Promise<Uint8Array> {
  const api = gdiApi();
  return withDib(r.width, r.height, (dc) => {
    const screen = BigInt(api.GetDC(0) as number | bigint);
    if (screen === 0n) throw new ActionFailedError('GetDC(NULL) failed: no screen to read');
    try {
      const rop = SRCCOPY | CAPTUREBLT;
      if (api.BitBlt(dc, 0, 0, r.width, r.height, screen, r.x, r.y, rop) === 0) {
        throw new ActionFailedError('BitBlt from the screen failed (a secure desktop?)', {
          details: { rect: r },
        });
      }
      return true;
    } finally {
      api.ReleaseDC(0, screen);
    }
  }) as Promise<Uint8Array>;
}

/**
 * Whether a window above `hwnd` in Z order overlaps `area` (EnumWindows lists top first).
 * Cloaked and borderless-shadow windows may count as covering: then PrintWindow draws a
 * window that was visible anyway, which costs time, not correctness.
 */
function covered(hwnd: bigint, area: ScreenRect): boolean {
  for (const other of topLevelWindows()) {
    if (other === hwnd) return false;
    if (win().IsIconic(other) !== 0) continue;
    const r = windowRect(other);
    if (r !== null && intersect(r, area) !== null) return true;
  }
  return false;
}

/**
 * Whether every pixel has the same colour: what PrintWindow leaves when the window drew
 * nothing into the DC (Wine's notepad, GPU-drawn windows without PW_RENDERFULLCONTENT).
 */
function uniform(bgra: Uint8Array): boolean {
  const first = (bgra[0] ?? 0) | ((bgra[1] ?? 0) << 8) | ((bgra[2] ?? 0) << 16);
  const words = new Uint32Array(bgra.buffer, bgra.byteOffset, bgra.byteLength >>> 2);
  for (const w of words) if ((w & 0xffffff) !== first) return false;
  return true;
}

/** The window drawn by itself, pasted over its part of `bits` (the screen's `r`). */
async function pasteWindow(hwnd: bigint, r: ScreenRect, bits: Uint8Array): Promise<boolean> {
  const wr = windowRect(hwnd);
  const part = wr === null ? null : intersect(wr, r);
  if (wr === null || part === null || !covered(hwnd, part)) return false;
  if (gdiApi().IsHungAppWindow(hwnd) !== 0) return false;
  const own = await withDib(wr.width, wr.height, (dc) =>
    printWindowAsync(hwnd, dc, PW_RENDERFULLCONTENT),
  );
  if (own === null || uniform(own)) return false;
  for (let y = part.y; y < part.y + part.height; y++) {
    const from = ((y - wr.y) * wr.width + (part.x - wr.x)) * 4;
    const to = ((y - r.y) * r.width + (part.x - r.x)) * 4;
    bits.set(own.subarray(from, from + part.width * 4), to);
  }
  return true;
}

/** Capture a screen rectangle; with `hwnd`, that window even where others cover it. */
export async function captureArea(
  r: ScreenRect,
  hwnd: bigint | null,
  deadline: number,
): Promise<HostCapture> {
  beforeDeadline(deadline, 'before the capture');
  const bits = await screenBits(r);
  let via: HostCapture['via'] = 'screen';
  if (hwnd !== null && hwnd !== 0n && (await pasteWindow(hwnd, r, bits))) via = 'printWindow';
  beforeDeadline(deadline, 'while capturing');
  const { width, height } = r;
  const data = toRgba({ src: bits, width, height, stride: width * 4, order: 'bgrx' });
  return { width, height, data, via };
}

/** MONITORINFO: cbSize, rcMonitor, rcWork, dwFlags (40 bytes). */
function monitorInfo(mon: bigint, index: number): HostMonitor | null {
  const api = gdiApi();
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  if (api.GetMonitorInfoW(mon, info) === 0) return null;
  let scale = 1;
  const dpiX = [0];
  if (
    api.GetDpiForMonitor !== null &&
    api.GetDpiForMonitor(mon, MDT_EFFECTIVE_DPI, dpiX, [0]) === 0
  )
    scale = (dpiX[0] ?? 96) / 96 || 1;
  const primary = (info.readUInt32LE(36) & MONITORINFOF_PRIMARY) !== 0;
  return { index, rect: readRect(info, 4), workArea: readRect(info, 20), scale, primary };
}

/** The monitors (EnumDisplayMonitors), or the virtual screen as one where none is listed. */
export function monitors(): HostMonitor[] {
  const out: HostMonitor[] = [];
  for (const mon of monitorHandles()) {
    const m = monitorInfo(mon, out.length);
    if (m !== null && m.rect.width > 0 && m.rect.height > 0) out.push(m);
  }
  if (out.length > 0) return out;
  return [{ index: 0, rect: virtualScreen(), scale: 1, primary: true }];
}
