/**
 * Getting a window to the foreground past Windows' foreground lock: SetForegroundWindow is
 * refused unless the caller received the last input or the foreground thread allows it. Each
 * way is tried only when the previous one left another window in front, and each is checked by
 * what GetForegroundWindow says afterwards, never by a return value. When none works the caller
 * learns `action_failed` with reason foreground_lock and the window that stayed in front.
 * Pure over the Win32 calls handed in, so the order and the report are unit-tested anywhere.
 */
import { ActionFailedError } from '../../errors.js';

export interface ForegroundApi {
  foreground(): bigint;
  isMinimized(hwnd: bigint): boolean;
  restore(hwnd: bigint): void;
  setForeground(hwnd: bigint): void;
  /** AllowSetForegroundWindow(ASFW_ANY) and a lone Alt press/release (counts as input). */
  altTap(): void;
  /** Run `fn` with this thread's input attached to the foreground window's thread. */
  withAttachedInput(foreground: bigint, fn: () => void): void;
  bringToTop(hwnd: bigint): void;
}

export type ForegroundWay = 'already' | 'plain' | 'alt-tap' | 'attach-thread-input';

/** Bring `hwnd` in front; returns the way that worked. */
export function bringToFront(api: ForegroundApi, hwnd: bigint): ForegroundWay {
  if (api.isMinimized(hwnd)) api.restore(hwnd);
  if (api.foreground() === hwnd) return 'already';
  const ways: [ForegroundWay, () => void][] = [
    ['plain', () => api.setForeground(hwnd)],
    // Alt alone would open the target's menu bar, so it comes only after the plain call failed.
    [
      'alt-tap',
      () => {
        api.altTap();
        api.setForeground(hwnd);
      },
    ],
    [
      'attach-thread-input',
      () =>
        api.withAttachedInput(api.foreground(), () => {
          api.bringToTop(hwnd);
          api.setForeground(hwnd);
        }),
    ],
  ];
  for (const [way, attempt] of ways) {
    attempt();
    if (api.foreground() === hwnd) return way;
  }
  const front = api.foreground();
  throw new ActionFailedError(
    `the window could not be brought to the foreground (window ${front} stays in front)`,
    {
      details: {
        reason: 'foreground_lock',
        foreground: Number(front),
        tried: ways.map(([way]) => way),
      },
    },
  );
}
