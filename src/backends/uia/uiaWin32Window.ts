/**
 * Top-level window changes through Win32, each answered by what the window reads back after it:
 * SetWindowPos and ShowWindowAsync with their asynchronous flavours (a hung target must not
 * hold the host's thread: the request is queued to the window's thread and the effect polled),
 * WM_CLOSE posted, the foreground through uiaWin32Focus. Windows has no fullscreen state: a
 * window is made fullscreen as browsers do it, its caption and frame style off and its rect the
 * monitor's; `normal` puts both back.
 */
import type { Rect } from '../../../protocol/src/index.js';
import { ActionFailedError, TimeoutError } from '../../errors.js';
import type { WindowGeometry, WindowOp } from '../backend.js';
import { effectSeen } from '../x11/x11WindowEffects.js';
import { monitors } from './uiaWin32Capture.js';
import { bringToFront } from './uiaWin32Focus.js';
import { foregroundWindow, isWindow, loadFns, type Hwnd } from './uiaWin32.js';

const SWP_NOSIZE = 0x1;
const SWP_NOMOVE = 0x2;
const SWP_NOZORDER = 0x4;
const SWP_NOACTIVATE = 0x10;
const SWP_FRAMECHANGED = 0x20;
const SWP_ASYNCWINDOWPOS = 0x4000;
const SW_MAXIMIZE = 3;
const SW_MINIMIZE = 6;
const SW_RESTORE = 9;
const WM_CLOSE = 0x10;
const GWL_STYLE = -16;
const WS_CAPTION = 0x00c00000;
const WS_THICKFRAME = 0x00040000;
const POLL_MS = 15;
/** How long an effect must hold before it is the answer (an activation can be taken back). */
const QUIET_MS = 120;

function loadWinApi() {
  return loadFns('user32.dll', {
    SetWindowPos:
      'int32_t __stdcall SetWindowPos(intptr_t hwnd, intptr_t after, int32_t x, int32_t y, int32_t cx, int32_t cy, uint32_t flags)',
    ShowWindowAsync: 'int32_t __stdcall ShowWindowAsync(intptr_t hwnd, int32_t cmd)',
    IsIconic: 'int32_t __stdcall IsIconic(intptr_t hwnd)',
    IsZoomed: 'int32_t __stdcall IsZoomed(intptr_t hwnd)',
    PostMessageW:
      'int32_t __stdcall PostMessageW(intptr_t hwnd, uint32_t msg, uintptr_t w, intptr_t l)',
    GetWindowLongW: 'int32_t __stdcall GetWindowLongW(intptr_t hwnd, int32_t index)',
    SetWindowLongW: 'int32_t __stdcall SetWindowLongW(intptr_t hwnd, int32_t index, int32_t v)',
    GetWindowRect: 'int32_t __stdcall GetWindowRect(intptr_t hwnd, void *rect)',
  });
}

let api: ReturnType<typeof loadWinApi> | undefined;
const winApi = (): ReturnType<typeof loadWinApi> => (api ??= loadWinApi());

/** The window rect in physical pixels (the host is per-monitor DPI aware). */
export function windowRect(hwnd: Hwnd): Rect | null {
  const r = Buffer.alloc(16);
  if (winApi().GetWindowRect(hwnd, r) === 0) return null;
  const [left, top, right, bottom] = [0, 4, 8, 12].map((o) => r.readInt32LE(o));
  return {
    x: left ?? 0,
    y: top ?? 0,
    width: (right ?? 0) - (left ?? 0),
    height: (bottom ?? 0) - (top ?? 0),
  };
}

const framed = (style: number): boolean => (style & WS_CAPTION) !== 0;

function monitorCovered(r: Rect | null): Rect | undefined {
  if (r === null) return undefined;
  return monitors().find(
    (m) =>
      m.rect.x === r.x &&
      m.rect.y === r.y &&
      m.rect.width === r.width &&
      m.rect.height === r.height,
  )?.rect;
}

/** What the window is now; `via` names the request that changed it. */
export function readWindow(hwnd: Hwnd, via: string): WindowGeometry {
  if (!isWindow(hwnd)) return { rect: null, state: 'normal', foreground: false, closed: true, via };
  const a = winApi();
  const rect = windowRect(hwnd);
  const style = a.GetWindowLongW(hwnd, GWL_STYLE) as number;
  const state =
    a.IsIconic(hwnd) !== 0
      ? 'minimized'
      : a.IsZoomed(hwnd) !== 0
        ? 'maximized'
        : !framed(style) && monitorCovered(rect) !== undefined
          ? 'fullscreen'
          : 'normal';
  return { rect, state, foreground: foregroundWindow() === hwnd, closed: false, via };
}

/** Windows made fullscreen here: the style and rect `normal` restores. */
const beforeFullscreen = new Map<Hwnd, { style: number; rect: Rect }>();

function place(hwnd: Hwnd, r: Rect, flags: number): void {
  const ok = winApi().SetWindowPos(
    hwnd,
    0,
    r.x,
    r.y,
    r.width,
    r.height,
    flags | SWP_ASYNCWINDOWPOS,
  );
  if (ok === 0) throw new ActionFailedError('SetWindowPos was refused');
}

function fullscreen(hwnd: Hwnd, before: WindowGeometry): void {
  const a = winApi();
  const monitor = monitors().find((m) => contains(m.rect, centre(before.rect))) ?? monitors()[0];
  if (monitor === undefined || before.rect === null)
    throw new ActionFailedError('no monitor to fill');
  const style = a.GetWindowLongW(hwnd, GWL_STYLE) as number;
  if (!beforeFullscreen.has(hwnd)) beforeFullscreen.set(hwnd, { style, rect: before.rect });
  if (before.state !== 'normal') a.ShowWindowAsync(hwnd, SW_RESTORE);
  a.SetWindowLongW(hwnd, GWL_STYLE, style & ~(WS_CAPTION | WS_THICKFRAME));
  place(hwnd, monitor.rect, SWP_NOZORDER | SWP_FRAMECHANGED);
}

function normal(hwnd: Hwnd): void {
  const saved = beforeFullscreen.get(hwnd);
  if (saved === undefined) {
    winApi().ShowWindowAsync(hwnd, SW_RESTORE);
    return;
  }
  beforeFullscreen.delete(hwnd);
  winApi().SetWindowLongW(hwnd, GWL_STYLE, saved.style);
  place(hwnd, saved.rect, SWP_NOZORDER | SWP_FRAMECHANGED | SWP_NOACTIVATE);
}

const centre = (r: Rect | null) =>
  r === null ? { x: 0, y: 0 } : { x: r.x + r.width / 2, y: r.y + r.height / 2 };
const contains = (r: Rect, p: { x: number; y: number }) =>
  p.x >= r.x && p.y >= r.y && p.x < r.x + r.width && p.y < r.y + r.height;

/** Send the Win32 request for `op`; answers what it was, for `via`. */
export function requestOp(hwnd: Hwnd, op: WindowOp, before: WindowGeometry): string {
  const a = winApi();
  const keep = SWP_NOZORDER | SWP_NOACTIVATE;
  switch (op.op) {
    case 'move':
      place(hwnd, { x: op.x, y: op.y, width: 0, height: 0 }, keep | SWP_NOSIZE);
      return 'SetWindowPos';
    case 'resize':
      place(hwnd, { x: 0, y: 0, width: op.width, height: op.height }, keep | SWP_NOMOVE);
      return 'SetWindowPos';
    case 'activate':
      return `SetForegroundWindow (${bringToFront(hwnd)})`;
    case 'close':
      if (a.PostMessageW(hwnd, WM_CLOSE, 0, 0) === 0)
        throw new ActionFailedError('PostMessage(WM_CLOSE) was refused');
      return 'WM_CLOSE';
    case 'state':
      if (op.state === 'fullscreen') {
        fullscreen(hwnd, before);
        return 'SetWindowPos (fullscreen)';
      }
      if (beforeFullscreen.has(hwnd) || op.state === 'normal') normal(hwnd);
      if (op.state === 'minimized') a.ShowWindowAsync(hwnd, SW_MINIMIZE);
      if (op.state === 'maximized') a.ShowWindowAsync(hwnd, SW_MAXIMIZE);
      return 'ShowWindowAsync';
  }
}

/**
 * Poll until the window shows `op`'s effect and keeps it for QUIET_MS; TimeoutError with what it
 * shows at the deadline.
 */
export async function awaitEffect(
  hwnd: Hwnd,
  op: WindowOp,
  before: WindowGeometry,
  via: string,
  deadline: number,
): Promise<WindowGeometry> {
  let since: number | undefined;
  let held = '';
  for (;;) {
    const after = readWindow(hwnd, via);
    const now = Date.now();
    const key = JSON.stringify(after);
    if (!effectSeen(op, before, after)) since = undefined;
    else if (since === undefined || key !== held) [since, held] = [now, key];
    if (since !== undefined && (after.closed || now - since >= QUIET_MS)) return after;
    if (now + POLL_MS > deadline) {
      throw new TimeoutError(`the window shows no effect of ${op.op} (${via})`, {
        details: { reason: 'no_effect', op, before, after },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
