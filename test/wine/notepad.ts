/**
 * Win32 access to Wine's notepad for the Wine proof, independent of the backend under test:
 * start it, read its edit control's text with WM_GETTEXT (Wine's UIA cannot navigate into
 * children), find the window's and the edit's screen rectangles, ask the window to close, read
 * which window is in front, and where the pointer and the caret are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import koffi from 'koffi';

const user32 = koffi.load('user32.dll');
const FindWindowExW = user32.func(
  'intptr_t __stdcall FindWindowExW(intptr_t parent, intptr_t after, str16 cls, str16 title)',
);
const SendMessageW = user32.func(
  'intptr_t __stdcall SendMessageW(intptr_t hwnd, uint32_t msg, uintptr_t w, void *l)',
);
const PostMessageW = user32.func(
  'int32_t __stdcall PostMessageW(intptr_t hwnd, uint32_t msg, uintptr_t w, intptr_t l)',
);
const GetWindowRect = user32.func('int32_t __stdcall GetWindowRect(intptr_t hwnd, void *rect)');
const GetForegroundWindow = user32.func('intptr_t __stdcall GetForegroundWindow()');
const GetCursorPos = user32.func('int32_t __stdcall GetCursorPos(void *point)');
const WindowFromPoint = user32.func('intptr_t __stdcall WindowFromPoint(int64_t point)');
const GetGUIThreadInfo = user32.func(
  'int32_t __stdcall GetGUIThreadInfo(uint32_t thread, void *info)',
);
const WM_GETTEXT = 0x000d;
const WM_CLOSE = 0x0010;

export function startNotepad(): ChildProcess {
  const child = spawn('notepad.exe', [], { stdio: 'ignore' });
  child.on('error', () => undefined); // a failed start shows as a window never found
  return child;
}

function editOf(hwnd: number): bigint {
  return BigInt(FindWindowExW(hwnd, 0, 'Edit', null) as number | bigint);
}

/** Text of notepad's Edit child, or null when there is none. */
export function notepadText(hwnd: number): string | null {
  const edit = editOf(hwnd);
  if (edit === 0n) return null;
  const out = Buffer.alloc(8192);
  const n = Number(SendMessageW(edit, WM_GETTEXT, 4096, out));
  return out.toString('utf16le', 0, n * 2);
}

/** A top-level window's screen rectangle, by Win32 (not through the backend). */
export function windowBounds(hwnd: number): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const rect = Buffer.alloc(16);
  if (GetWindowRect(hwnd, rect) === 0) throw new Error('no window rectangle');
  const [left, top] = [rect.readInt32LE(0), rect.readInt32LE(4)];
  return { x: left, y: top, width: rect.readInt32LE(8) - left, height: rect.readInt32LE(12) - top };
}

/** Screen rectangle of notepad's Edit child. */
export function editRect(hwnd: number): { left: number; top: number; right: number } {
  const rect = Buffer.alloc(16);
  if (GetWindowRect(editOf(hwnd), rect) === 0) throw new Error('no edit rectangle');
  return { left: rect.readInt32LE(0), top: rect.readInt32LE(4), right: rect.readInt32LE(8) };
}

export function closeWindow(hwnd: number): void {
  PostMessageW(hwnd, WM_CLOSE, 0, 0);
}

export function foreground(): number {
  return Number(GetForegroundWindow() as number | bigint);
}

/** The foreground thread's GUITHREADINFO (x64): hwndFocus at 16, hwndCaret at 48, rcCaret at 56. */
function guiThreadInfo(): Buffer | null {
  const info = Buffer.alloc(72);
  info.writeUInt32LE(72, 0);
  return GetGUIThreadInfo(0, info) === 0 ? null : info;
}

/** The top of the caret in its window's client coordinates: which line it is on. */
export function caretTop(): number | null {
  return guiThreadInfo()?.readInt32LE(60) ?? null;
}

/**
 * What Win32 sees of the pointer and the focus, for a check that missed: where the cursor is,
 * which window lies under it, which one is in front, which has the keyboard focus and where the
 * caret is.
 */
export function pointerFacts(): string {
  const point = Buffer.alloc(8);
  GetCursorPos(point);
  const [x, y] = [point.readInt32LE(0), point.readInt32LE(4)];
  // POINT passed by value: x in the low 32 bits, y in the high ones.
  const under = Number(WindowFromPoint((BigInt(y) << 32n) | BigInt(x >>> 0)) as number | bigint);
  const info = guiThreadInfo();
  if (info === null) return `cursor ${x},${y} over ${under}; no GUI thread info`;
  const [focus, caretWindow] = [info.readBigInt64LE(16), info.readBigInt64LE(48)];
  const caret = `${info.readInt32LE(56)},${info.readInt32LE(60)} in ${caretWindow}`;
  const front = `foreground ${foreground()}; focus ${focus}`;
  return `cursor ${x},${y} over ${under}; ${front}; caret ${caret}`;
}
