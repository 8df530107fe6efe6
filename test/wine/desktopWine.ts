/**
 * The desktop-operations conformance suite (test/conformance/desktop) under Wine: windows,
 * monitors, drag, typing and focusPolicy through the method table over the REAL UIA backend,
 * on the Win32 fixture's main window. The outside reads are this process's own Win32 calls
 * (FindWindowW, GetWindowRect, IsIconic, IsZoomed, GetWindowLongW, GetForegroundWindow,
 * EnumDisplayMonitors, GetCursorPos, WM_GETTEXT, LB_GETTEXT), never the server's cache.
 */
import koffi from 'koffi';
import type { Rect } from '../../protocol/src/index.js';
import { loadConfig } from '../../src/config.js';
import { composeServices } from '../../src/services.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import type { DesktopFixture, Outside, OutsideWindow } from '../conformance/desktop/fixture.js';
import { DESKTOP_SPECS } from '../conformance/desktop/specs/index.js';
import '../support/matchers.js';
import { runSpecs, type AppsRun } from './specRun.js';
import { windowByTitle } from '../support/windowByTitle.js';
import { startFixtureApp } from './win32Fixture.js';

const TITLE = 'uistream desktop';
const WS_CAPTION = 0x00c00000;
const WM_GETTEXT = 0x000d;
const LB_GETCOUNT = 0x018b;
const LB_GETTEXT = 0x0189;

type Fn = (...args: unknown[]) => unknown;
type User32 = Record<
  | 'FindWindowW'
  | 'FindWindowExW'
  | 'GetWindowRect'
  | 'IsIconic'
  | 'IsZoomed'
  | 'GetWindowLongW'
  | 'GetForegroundWindow'
  | 'GetCursorPos'
  | 'SetCursorPos'
  | 'SendMessageW'
  | 'EnumDisplayMonitors'
  | 'GetMonitorInfoW',
  Fn
>;
let api: User32 | undefined;
function user32(): User32 {
  if (api !== undefined) return api;
  const lib = koffi.load('user32.dll');
  koffi.proto('__stdcall', 'OutsideMonitorProc', 'int32_t', [
    'intptr_t',
    'intptr_t',
    'void *',
    'intptr_t',
  ]);
  const f = (sig: string): Fn => lib.func(sig) as Fn;
  api = {
    FindWindowW: f('intptr_t __stdcall FindWindowW(str16 cls, str16 title)'),
    FindWindowExW: f('intptr_t __stdcall FindWindowExW(intptr_t p, intptr_t a, str16 c, str16 t)'),
    GetWindowRect: f('int32_t __stdcall GetWindowRect(intptr_t hwnd, void *rect)'),
    IsIconic: f('int32_t __stdcall IsIconic(intptr_t hwnd)'),
    IsZoomed: f('int32_t __stdcall IsZoomed(intptr_t hwnd)'),
    GetWindowLongW: f('int32_t __stdcall GetWindowLongW(intptr_t hwnd, int32_t index)'),
    GetForegroundWindow: f('intptr_t __stdcall GetForegroundWindow()'),
    GetCursorPos: f('int32_t __stdcall GetCursorPos(void *point)'),
    SetCursorPos: f('int32_t __stdcall SetCursorPos(int32_t x, int32_t y)'),
    SendMessageW: f(
      'intptr_t __stdcall SendMessageW(intptr_t h, uint32_t m, uintptr_t w, void *l)',
    ),
    EnumDisplayMonitors: f(
      'int32_t __stdcall EnumDisplayMonitors(intptr_t dc, void *clip, OutsideMonitorProc *cb, intptr_t l)',
    ),
    GetMonitorInfoW: f('int32_t __stdcall GetMonitorInfoW(intptr_t mon, void *info)'),
  };
  return api;
}

const handle = (h: unknown): number => Number(h);

function rectAt(b: Buffer, at: number): Rect {
  const [l = 0, t = 0, r = 0, bottom = 0] = [0, 4, 8, 12].map((o) => b.readInt32LE(at + o));
  return { x: l, y: t, width: r - l, height: bottom - t };
}

function monitors(): { rect: Rect; primary: boolean }[] {
  const u = user32();
  const found: number[] = [];
  const cb = koffi.register(
    (mon: unknown) => {
      found.push(handle(mon));
      return 1;
    },
    koffi.pointer(koffi.resolve('OutsideMonitorProc')),
  );
  try {
    u.EnumDisplayMonitors(0, null, cb, 0);
  } finally {
    koffi.unregister(cb);
  }
  return found.map((mon) => {
    const info = Buffer.alloc(40);
    info.writeUInt32LE(40, 0);
    u.GetMonitorInfoW(mon, info);
    return { rect: rectAt(info, 4), primary: (info.readUInt32LE(36) & 1) !== 0 };
  });
}

function windowNow(): OutsideWindow | null {
  const u = user32();
  const hwnd = handle(u.FindWindowW(null, TITLE));
  if (hwnd === 0) return null;
  const r = Buffer.alloc(16);
  u.GetWindowRect(hwnd, r);
  const rect = rectAt(r, 0);
  const framed = ((u.GetWindowLongW(hwnd, -16) as number) & WS_CAPTION) !== 0;
  const fills = monitors().some((m) => JSON.stringify(m.rect) === JSON.stringify(rect));
  const state =
    u.IsIconic(hwnd) !== 0
      ? 'minimized'
      : u.IsZoomed(hwnd) !== 0
        ? 'maximized'
        : !framed && fills
          ? 'fullscreen'
          : 'normal';
  return { rect, state, active: handle(u.GetForegroundWindow()) === hwnd };
}

/** A child control of the main window by its class (the first one). */
function child(cls: string): number {
  const main = handle(user32().FindWindowW(null, TITLE));
  return main === 0 ? 0 : handle(user32().FindWindowExW(main, 0, cls, null));
}

function editCentre(): { x: number; y: number } {
  const r = Buffer.alloc(16);
  user32().GetWindowRect(child('Edit'), r);
  const { x, y, width, height } = rectAt(r, 0);
  return { x: x + Math.floor(width / 2), y: y + Math.floor(height / 2) };
}

function outside(): Outside {
  const u = user32();
  return {
    window: () => Promise.resolve(windowNow()),
    monitors: () => Promise.resolve(monitors()),
    pointer() {
      const p = Buffer.alloc(8);
      u.GetCursorPos(p);
      return Promise.resolve({ x: p.readInt32LE(0), y: p.readInt32LE(4) });
    },
    movePointer: (x, y) => Promise.resolve(void u.SetCursorPos(x, y)),
    text() {
      const edit = child('Edit');
      if (edit === 0) return Promise.resolve(null);
      const out = Buffer.alloc(4096);
      const n = handle(u.SendMessageW(edit, WM_GETTEXT, 2048, out));
      return Promise.resolve(out.toString('utf16le', 0, n * 2));
    },
    rows() {
      const list = child('ListBox');
      const count = list === 0 ? 0 : handle(u.SendMessageW(list, LB_GETCOUNT, 0, null));
      const rows: string[] = [];
      for (let i = 0; i < count; i++) {
        const out = Buffer.alloc(1024);
        const n = handle(u.SendMessageW(list, LB_GETTEXT, i, out));
        rows.push(out.toString('utf16le', 0, Math.max(0, n) * 2));
      }
      return Promise.resolve(rows);
    },
  };
}

async function desktopFixture(backend: UiaBackend, exe: string): Promise<DesktopFixture> {
  const signal = AbortSignal.timeout(30_000);
  const app = startFixtureApp(exe, TITLE);
  try {
    await backend.start(signal);
    await Promise.race([windowByTitle(backend, app.child.pid ?? 0, TITLE, signal), app.failed]);
    const services = composeServices(backend, loadConfig({ backend: 'uia' }));
    await services.store.start(signal);
    return {
      handlers: services.handlers,
      title: TITLE,
      // By its place, read here: the single-line edit is the first Edit child window.
      edit: editCentre(),
      row: (name) => ({ window: TITLE, name }),
      outside: outside(),
      async dispose() {
        await services.executor.stop();
        await services.store.stop();
        await backend.stop();
        app.stop();
      },
    };
  } catch (err) {
    await backend.stop();
    app.stop();
    throw err;
  }
}

export function desktopSpecs(run: AppsRun): Promise<void> {
  return runSpecs(run, DESKTOP_SPECS, desktopFixture);
}
