/**
 * What every backend's desktop-operations conformance run provides: the server's method table
 * over a started backend, one app with a window to arrange, an edit to type into and a list whose
 * rows reorder by dragging one onto another, and reads of the same things taken from OUTSIDE the
 * server (X's own tools, pyatspi, the sim's model, Win32 calls in their own process). Specs
 * compare each answer with such an independent read, so one set runs on every backend; known
 * gaps live in expectations/desktop/<backend>.json.
 */
import type { Rect, Target, WindowStateName } from '../../../protocol/src/index.js';
import type { HandlerTable } from '../../../src/service/handlers.js';

/** A top-level window as the platform reports it, read outside the server. */
export interface OutsideWindow {
  rect: Rect;
  state: WindowStateName;
  /** It is the foreground (active) window. */
  active: boolean;
}

export interface OutsideMonitor {
  rect: Rect;
  primary: boolean;
}

/** Reads (and a few set-ups) done without the server. */
export interface Outside {
  /** The fixture's window now; null once it is gone. */
  window(): Promise<OutsideWindow | null>;
  monitors(): Promise<OutsideMonitor[]>;
  pointer(): Promise<{ x: number; y: number }>;
  /** Put the pointer somewhere known before an action. */
  movePointer(x: number, y: number): Promise<void>;
  /** The edit's text as the app holds it. */
  text(): Promise<string | null>;
  /** The list's row names, in order, as the app holds them. */
  rows(): Promise<string[]>;
  /**
   * Switch the keyboard layout (`de`, `ru`, `us`). Absent where input does not go through
   * keycodes and a layout (the sim types characters).
   */
  setLayout?: (layout: string) => Promise<void>;
  /** The keyboard map, to check that typing gave borrowed keys back. */
  keymap?: () => Promise<string>;
  /** The list's rows the app reports selected. */
  selected?: () => Promise<string[]>;
  /** The colour the screen shows at a point (red, green, blue), read without the server. */
  pixel?: (x: number, y: number) => Promise<number[]>;
}

export interface DesktopFixture {
  handlers: HandlerTable;
  /** The title of the window the window specs arrange (windows.list lists it). */
  title: string;
  /** Its process, when the platform has one: an app of an earlier spec may still be listed. */
  pid?: number;
  /** An editable single-line text field in that window. */
  edit: Target;
  /** A row of the reorderable list, by its name (Apple, Banana, Cherry, Date). */
  row(name: string): Target;
  outside: Outside;
  dispose(): Promise<void>;
}

/** Builds a fresh fixture (its app just started) for one spec. */
export type DesktopFixtureFactory = (signal: AbortSignal) => Promise<DesktopFixture>;

export interface DesktopSpec {
  id: string;
  title: string;
  run(fixture: DesktopFixture): Promise<void>;
}

/** The list's rows as every fixture starts them. */
export const ROWS = ['Apple', 'Banana', 'Cherry', 'Date'] as const;
