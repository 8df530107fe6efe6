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
  /** While set, every call into the app blocks after entering, until released (a hung UI thread). */
  hold?: CallHold;
  /** The process ended (its last window closed, or it crashed or was killed). */
  ended: boolean;
  /** Settles with the exit code when the process ends (null: crashed or killed). */
  readonly whenEnded: Promise<number | null>;
  /** End the process with this exit code (idempotent). */
  end(code: number | null): void;
  /** Advance the app's time-driven progress (the installer's bar) by a percentage. */
  advance?: (percent: number) => void;
}

/** A latch on an app's calls; see SimControl.holdCalls. */
export interface CallHold {
  /** Resolves when a call has entered the app and is being held. */
  readonly entered: Promise<void>;
  /** Resolves on release(); held calls go on then. */
  readonly released: Promise<void>;
  /** Mark a call as entered (the backend calls this). */
  enter(): void;
  /** Let every held call go on and stop holding new ones. */
  release(): void;
}

export function createHold(onRelease: () => void): CallHold {
  let enter!: () => void;
  let release!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    entered,
    released,
    enter: () => enter(),
    release: () => {
      onRelease();
      release();
    },
  };
}

export function createApp(kind: string, name: string, pid: number): SimApp {
  let settle!: (code: number | null) => void;
  const whenEnded = new Promise<number | null>((resolve) => (settle = resolve));
  const app: SimApp = {
    kind,
    name,
    pid,
    windows: [],
    delayMs: 0,
    crashed: false,
    crashOnNextCall: false,
    ended: false,
    whenEnded,
    end(code) {
      if (app.ended) return;
      app.ended = true;
      settle(code);
    },
  };
  return app;
}
