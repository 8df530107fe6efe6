/**
 * Foreground and keyboard focus through Win32: the foreground lock (uiaForeground decides the
 * order of the ways past it), AttachThreadInput, and the focused window of the foreground thread.
 */
import { bringToFront as bringToFrontWith, type ForegroundWay } from './uiaForeground.js';
import { foregroundWindow, sendInput, win, type Hwnd } from './uiaWin32.js';

const SW_RESTORE = 9;
const VK_MENU = 0x12;
const ASFW_ANY = 0xffffffff;
const GA_ROOT = 2;

/** Bring a top-level window to the foreground past the foreground lock (see uiaForeground). */
export function bringToFront(hwnd: Hwnd): ForegroundWay {
  const w = win();
  return bringToFrontWith(
    {
      foreground: foregroundWindow,
      isMinimized: (h) => w.IsIconic(h) !== 0,
      restore: (h) => void w.ShowWindow(h, SW_RESTORE),
      setForeground: (h) => void w.SetForegroundWindow(h),
      altTap: () => {
        w.AllowSetForegroundWindow(ASFW_ANY);
        sendInput([
          { type: 'key', vk: VK_MENU, scan: 0, flags: 0 },
          { type: 'key', vk: VK_MENU, scan: 0, flags: 0x2 },
        ]);
      },
      withAttachedInput: (front, fn) => withAttachedInput(front, fn),
      bringToTop: (h) => void w.BringWindowToTop(h),
    },
    hwnd,
  );
}

/** Run `fn` with this thread's input state attached to that of `other`'s window thread. */
function withAttachedInput(other: Hwnd, fn: () => void): void {
  const w = win();
  const self = w.GetCurrentThreadId() as number;
  const target = other === 0n ? 0 : (w.GetWindowThreadProcessId(other, [0]) as number);
  const attached = target !== 0 && target !== self && w.AttachThreadInput(self, target, 1) !== 0;
  try {
    fn();
  } finally {
    if (attached) w.AttachThreadInput(self, target, 0);
  }
}

/** The top-level window that contains `hwnd`. */
export function rootWindow(hwnd: Hwnd): Hwnd {
  const root = BigInt(win().GetAncestor(hwnd, GA_ROOT) as number | bigint);
  return root === 0n ? hwnd : root;
}

/** GUITHREADINFO: cbSize, flags, then hwndActive, hwndFocus... (x64 offsets 8 and 16). */
const GUI_THREAD_INFO_SIZE = 72;

/** The window that has the keyboard focus on the foreground thread (0n when none). */
export function focusedWindow(): Hwnd {
  const info = Buffer.alloc(GUI_THREAD_INFO_SIZE);
  info.writeUInt32LE(GUI_THREAD_INFO_SIZE, 0);
  if (win().GetGUIThreadInfo(0, info) === 0) return 0n;
  return info.readBigUInt64LE(16);
}

/**
 * Win32 keyboard focus for a window-backed element whose UIA SetFocus did not take: its root
 * window in front, then SetFocus from inside the window thread's input state.
 */
export function focusWindowHandle(hwnd: Hwnd): void {
  const root = rootWindow(hwnd);
  bringToFront(root);
  if (root !== hwnd) withAttachedInput(root, () => void win().SetFocus(hwnd));
}
