/** A simulated application: a process with windows, a name and a pid, that may be slow or crash. */
import type { SimElement } from '../element.js';

export interface SimApp {
  /** App name as a platform reports it (process name). */
  readonly name: string;
  readonly pid: number;
  /** Scene kind this app was launched from. */
  readonly kind: string;
  windows: SimElement[];
  /** Delay of every call into this app (a busy UI thread). */
  delayMs: number;
  /** The process died: its elements are gone. */
  crashed: boolean;
  /** Crash in the middle of the next call into the app. */
  crashOnNextCall: boolean;
  /** Advance the app's time-driven progress (the installer's bar) by a percentage. */
  advance?: (percent: number) => void;
}

export function createApp(kind: string, name: string, pid: number): SimApp {
  return { kind, name, pid, windows: [], delayMs: 0, crashed: false, crashOnNextCall: false };
}
