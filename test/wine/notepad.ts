/**
 * Win32 access to Wine's notepad for the Wine proof: start it, and read its edit control's
 * text with WM_GETTEXT (Wine's UIA cannot navigate into children, so the typed text is checked
 * through the window itself).
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
const WM_GETTEXT = 0x000d;

export function startNotepad(): ChildProcess {
  return spawn('notepad.exe', [], { stdio: 'ignore' });
}

/** Text of notepad's Edit child, or null when there is none. */
export function notepadText(hwnd: number): string | null {
  const edit = BigInt(FindWindowExW(hwnd, 0, 'Edit', null) as number | bigint);
  if (edit === 0n) return null;
  const out = Buffer.alloc(8192);
  const n = Number(SendMessageW(edit, WM_GETTEXT, 4096, out));
  return out.toString('utf16le', 0, n * 2);
}
