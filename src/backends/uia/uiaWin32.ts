/**
 * The Win32 calls the host needs besides UIA: window enumeration and identity, foreground,
 * process name and elevation, DPI awareness, SendInput, and WM_GETOBJECT to wake lazy
 * (Chromium/Electron) accessibility trees. Loaded on first use.
 */
import koffi, { type KoffiFunc, type TypeObject } from 'koffi';
import { ActionFailedError } from '../../errors.js';
import { INPUT_SIZE, encodeInputs, type LowEvent, type VirtualScreen } from './uiaInput.js';
import { nativeTracker } from './uiaProgress.js';

export type Fn = (...args: unknown[]) => unknown;

interface Api {
  EnumWindows: Fn;
  IsWindowVisible: Fn;
  IsWindow: Fn;
  GetWindow: Fn;
  GetWindowTextW: Fn;
  GetWindowThreadProcessId: Fn;
  GetForegroundWindow: Fn;
  SetForegroundWindow: Fn;
  ShowWindow: Fn;
  IsIconic: Fn;
  SendInput: Fn;
  GetCursorPos: Fn;
  GetSystemMetrics: Fn;
  VkKeyScanW: Fn;
  SendMessageTimeoutW: Fn;
  SetProcessDpiAwarenessContext: Fn;
  OpenProcess: Fn;
  CloseHandle: Fn;
  QueryFullProcessImageNameW: Fn;
  OpenProcessToken: Fn;
  GetTokenInformation: Fn;
  GetCurrentProcess: Fn;
  GetProcessTimes: Fn;
  AllowSetForegroundWindow: Fn;
  AttachThreadInput: Fn;
  GetCurrentThreadId: Fn;
  BringWindowToTop: Fn;
  SetFocus: Fn;
  GetAncestor: Fn;
  GetGUIThreadInfo: Fn;
  Sleep: KoffiFunc<(ms: number) => void>;
}

let api: Api | undefined;

/** Functions of one DLL by their koffi prototypes, keyed as given. */
export function loadFns<K extends string>(dll: string, sigs: Record<K, string>): Record<K, Fn> {
  const lib = koffi.load(dll);
  const fns = Object.entries<string>(sigs).map(([key, sig]) => [key, lib.func(sig) as Fn]);
  return Object.fromEntries(fns) as Record<K, Fn>;
}
let enumProto: TypeObject | undefined;

/** The Win32 functions, loaded on first use (uiaWin32Focus shares them). */
export function win(): Api {
  if (api !== undefined) return api;
  const user32 = koffi.load('user32.dll');
  const kernel32 = koffi.load('kernel32.dll');
  const advapi32 = koffi.load('advapi32.dll');
  enumProto = koffi.proto('__stdcall', 'EnumWindowsProc', 'int32_t', ['intptr_t', 'intptr_t']);
  const u = (sig: string): Fn => user32.func(sig) as Fn;
  const k = (sig: string): Fn => kernel32.func(sig) as Fn;
  api = {
    EnumWindows: u('int32_t __stdcall EnumWindows(EnumWindowsProc *cb, intptr_t lparam)'),
    IsWindowVisible: u('int32_t __stdcall IsWindowVisible(intptr_t hwnd)'),
    GetWindow: u('intptr_t __stdcall GetWindow(intptr_t hwnd, uint32_t cmd)'),
    IsWindow: u('int32_t __stdcall IsWindow(intptr_t hwnd)'),
    GetWindowTextW: u('int32_t __stdcall GetWindowTextW(intptr_t hwnd, void *text, int32_t max)'),
    GetWindowThreadProcessId: u(
      'uint32_t __stdcall GetWindowThreadProcessId(intptr_t hwnd, _Out_ uint32_t *pid)',
    ),
    GetForegroundWindow: u('intptr_t __stdcall GetForegroundWindow()'),
    SetForegroundWindow: u('int32_t __stdcall SetForegroundWindow(intptr_t hwnd)'),
    ShowWindow: u('int32_t __stdcall ShowWindow(intptr_t hwnd, int32_t cmd)'),
    IsIconic: u('int32_t __stdcall IsIconic(intptr_t hwnd)'),
    SendInput: u('uint32_t __stdcall SendInput(uint32_t count, void *inputs, int32_t size)'),
    GetCursorPos: u('int32_t __stdcall GetCursorPos(void *point)'),
    GetSystemMetrics: u('int32_t __stdcall GetSystemMetrics(int32_t index)'),
    VkKeyScanW: u('int16_t __stdcall VkKeyScanW(char16_t ch)'),
    SendMessageTimeoutW: u(
      'intptr_t __stdcall SendMessageTimeoutW(intptr_t hwnd, uint32_t msg, uintptr_t wparam, intptr_t lparam, uint32_t flags, uint32_t timeout, _Out_ uintptr_t *result)',
    ),
    SetProcessDpiAwarenessContext: u(
      'int32_t __stdcall SetProcessDpiAwarenessContext(intptr_t ctx)',
    ),
    OpenProcess: k(
      'intptr_t __stdcall OpenProcess(uint32_t access, int32_t inherit, uint32_t pid)',
    ),
    CloseHandle: k('int32_t __stdcall CloseHandle(intptr_t h)'),
    QueryFullProcessImageNameW: k(
      'int32_t __stdcall QueryFullProcessImageNameW(intptr_t h, uint32_t flags, void *name, _Inout_ uint32_t *size)',
    ),
    OpenProcessToken: advapi32.func(
      'int32_t __stdcall OpenProcessToken(intptr_t process, uint32_t access, _Out_ intptr_t *token)',
    ) as Fn,
    GetTokenInformation: advapi32.func(
      'int32_t __stdcall GetTokenInformation(intptr_t token, int32_t cls, _Out_ uint32_t *info, uint32_t size, _Out_ uint32_t *ret)',
    ) as Fn,
    GetCurrentProcess: k('intptr_t __stdcall GetCurrentProcess()'),
    AllowSetForegroundWindow: u('int32_t __stdcall AllowSetForegroundWindow(uint32_t pid)'),
    AttachThreadInput: u(
      'int32_t __stdcall AttachThreadInput(uint32_t from, uint32_t to, int32_t attach)',
    ),
    GetCurrentThreadId: k('uint32_t __stdcall GetCurrentThreadId()'),
    BringWindowToTop: u('int32_t __stdcall BringWindowToTop(intptr_t hwnd)'),
    SetFocus: u('intptr_t __stdcall SetFocus(intptr_t hwnd)'),
    GetAncestor: u('intptr_t __stdcall GetAncestor(intptr_t hwnd, uint32_t flags)'),
    GetGUIThreadInfo: u('int32_t __stdcall GetGUIThreadInfo(uint32_t thread, void *info)'),
    Sleep: kernel32.func('void __stdcall Sleep(uint32_t ms)') as KoffiFunc<(ms: number) => void>,
    GetProcessTimes: k(
      'int32_t __stdcall GetProcessTimes(intptr_t h, _Out_ uint64_t *created, _Out_ uint64_t *exited, _Out_ uint64_t *kernel, _Out_ uint64_t *user)',
    ),
  };
  return api;
}

export type Hwnd = bigint;

/** Visible top-level windows, in Z order. */
export function topLevelWindows(): Hwnd[] {
  const w = win();
  const found: Hwnd[] = [];
  const cb = koffi.register(
    (hwnd: bigint | number) => {
      found.push(BigInt(hwnd));
      return 1;
    },
    koffi.pointer(enumProto as TypeObject),
  );
  try {
    w.EnumWindows(cb, 0);
  } finally {
    koffi.unregister(cb);
  }
  return found.filter((h) => w.IsWindowVisible(h) !== 0);
}

const GW_HWNDNEXT = 2;
const GW_CHILD = 5;

/** Visible direct child windows of `parent`, in Z order; at most `max`. */
export function childWindows(parent: Hwnd, max: number): Hwnd[] {
  const w = win();
  const found: Hwnd[] = [];
  let hwnd = BigInt(w.GetWindow(parent, GW_CHILD) as number | bigint);
  while (hwnd !== 0n && found.length < max) {
    if (w.IsWindowVisible(hwnd) !== 0) found.push(hwnd);
    hwnd = BigInt(w.GetWindow(hwnd, GW_HWNDNEXT) as number | bigint);
  }
  return found;
}

/** Whether `hwnd` still names a window (a local call: no message reaches its owner). */
export function isWindow(hwnd: Hwnd): boolean {
  return win().IsWindow(hwnd) !== 0;
}

export function windowTitle(hwnd: Hwnd): string {
  const out = Buffer.alloc(1024);
  const n = win().GetWindowTextW(hwnd, out, 512) as number;
  return n > 0 ? out.toString('utf16le', 0, n * 2) : '';
}

export function windowPid(hwnd: Hwnd): number {
  const pid = [0];
  win().GetWindowThreadProcessId(hwnd, pid);
  return pid[0] ?? 0;
}

export function foregroundWindow(): Hwnd {
  return BigInt(win().GetForegroundWindow() as number | bigint);
}

const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
const TOKEN_QUERY = 0x8;
const TOKEN_ELEVATION = 20;

function withProcess<T>(pid: number, fallback: T, fn: (handle: bigint) => T): T {
  const handle = BigInt(
    win().OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid) as number | bigint,
  );
  if (handle === 0n) return fallback;
  try {
    return fn(handle);
  } finally {
    win().CloseHandle(handle);
  }
}

/** Executable name without path or extension, lower-case ("notepad"); '' when unknown. */
export function processName(pid: number): string {
  return withProcess(pid, '', (handle) => {
    const name = Buffer.alloc(2048);
    const size = [1024];
    if (win().QueryFullProcessImageNameW(handle, 0, name, size) === 0) return '';
    const path = name.toString('utf16le', 0, (size[0] ?? 0) * 2);
    const base = path.split(/[\\/]/).pop() ?? '';
    return base.replace(/\.exe$/i, '').toLowerCase();
  });
}

/** The process's creation time (FILETIME ticks), or null when it cannot be opened. */
export function processStartTime(pid: number): number | null {
  return withProcess<number | null>(pid, null, (handle) => {
    const created = [0n];
    const unused = [0n];
    if (win().GetProcessTimes(handle, created, unused, [0n], [0n]) === 0) return null;
    return Number(created[0]);
  });
}

function tokenElevated(process: bigint): boolean | null {
  const token = [0n];
  if (win().OpenProcessToken(process, TOKEN_QUERY, token) === 0) return null;
  try {
    const info = [0];
    const ret = [0];
    if (win().GetTokenInformation(token[0], TOKEN_ELEVATION, info, 4, ret) === 0) return null;
    return info[0] !== 0;
  } finally {
    win().CloseHandle(token[0]);
  }
}

/**
 * Why this process cannot drive `pid`, or null when it can: a non-elevated client cannot send
 * input or most UIA calls to an elevated process (UIPI). A process we cannot even open for a
 * limited query is treated as protected.
 */
export function elevationBlock(pid: number): string | null {
  const self = tokenElevated(BigInt(win().GetCurrentProcess() as number | bigint));
  if (self === true) return null;
  const target = withProcess<boolean | null | 'unopenable'>(pid, 'unopenable', tokenElevated);
  if (target === 'unopenable')
    return `process ${pid} cannot be opened by this non-elevated server (protected or elevated)`;
  return target === true ? `process ${pid} runs elevated and this server does not` : null;
}

export function sendInput(events: readonly LowEvent[]): void {
  if (events.length === 0) return;
  const sent = win().SendInput(events.length, encodeInputs(events), INPUT_SIZE) as number;
  if (sent !== events.length) {
    throw new ActionFailedError(
      `SendInput injected ${sent} of ${events.length} events (blocked by UIPI or a secure desktop?)`,
    );
  }
}

/** The cursor in physical pixels (the host is per-monitor DPI aware). */
export function cursorPosition(): { x: number; y: number } {
  const point = Buffer.alloc(8); // POINT: two LONGs
  if ((win().GetCursorPos(point) as number) === 0)
    throw new ActionFailedError('GetCursorPos failed (a secure desktop?)');
  return { x: point.readInt32LE(0), y: point.readInt32LE(4) };
}

export function virtualScreen(): VirtualScreen {
  const m = (i: number): number => win().GetSystemMetrics(i) as number;
  return { x: m(76), y: m(77), width: m(78), height: m(79) };
}

/** The layout's virtual key for a character (VkKeyScanW), or null when it has none. */
export function layoutKey(char: string): { vk: number; shift: boolean } | null {
  // char16_t is a number to koffi: the UTF-16 code unit, not a one-character string.
  const code = win().VkKeyScanW(char.charCodeAt(0)) as number;
  if (code === -1) return null;
  return { vk: code & 0xff, shift: (code & 0x100) !== 0 };
}

const DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 = -4;

/** Coordinates in physical pixels on every monitor. False where the OS lacks the call. */
export function makeDpiAware(): boolean {
  try {
    return win().SetProcessDpiAwarenessContext(DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2) !== 0;
  } catch {
    return false;
  }
}

const WM_GETOBJECT = 0x003d;
const OBJID_CLIENT = -4;
const SMTO_ABORTIFHUNG = 0x2;

/** Ask a window for its accessible object: Chromium/Electron build their tree on this. */
export function wakeAccessibility(hwnd: Hwnd, timeoutMs = 500): void {
  const result = [0n];
  win().SendMessageTimeoutW(
    hwnd,
    WM_GETOBJECT,
    0,
    OBJID_CLIENT,
    SMTO_ABORTIFHUNG,
    timeoutMs,
    result,
  );
}

/** kernel32 Sleep on a pool thread, tracked like any native call (the watchdog's diagnostics). */
export function sleepNative(ms: number): Promise<void> {
  const call = new Promise<void>((resolve, reject) => {
    win().Sleep.async(ms, (err: unknown) => {
      if (err) reject(err instanceof Error ? err : new Error(JSON.stringify(err)));
      else resolve();
    });
  });
  return nativeTracker.track(`Sleep(${ms})`, call);
}

/** Wine's version when the host runs under Wine (ntdll exports wine_get_version), else null. */
export function wineVersion(): string | null {
  try {
    const fn = koffi.load('ntdll.dll').func('const char *wine_get_version()') as Fn;
    return String(fn());
  } catch {
    return null; // Windows: no such export
  }
}
