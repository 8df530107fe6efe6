/** Raw input as backends send it and as a person's input is observed (the recorder). */

export type Modifier = 'ctrl' | 'alt' | 'shift' | 'meta';

/** One key press with modifiers held, e.g. Ctrl+S = { key: 's', modifiers: ['ctrl'] }. */
export interface KeyCombo {
  /** A single character, or a named key: Enter, Tab, Escape, Backspace, Delete, Home, End,
   * PageUp, PageDown, Up, Down, Left, Right, Space, Insert, F1..F24. */
  key: string;
  modifiers: Modifier[];
}

export type MouseButton = 'left' | 'right' | 'middle';

/** Raw input. There is one keyboard and one mouse: the executor serialises all of it. */
export type InputAction =
  | { kind: 'keys'; combos: KeyCombo[] }
  | { kind: 'text'; text: string }
  | { kind: 'click'; x: number; y: number; button: MouseButton; count: number }
  | { kind: 'wheel'; x: number; y: number; dx: number; dy: number }
  | { kind: 'move'; x: number; y: number }
  /**
   * Press (`down`) or release one mouse button at a point, the pieces of a drag. `modifiers` are
   * pressed before the button goes down and released after it comes up.
   */
  | {
      kind: 'button';
      x: number;
      y: number;
      button: MouseButton;
      down: boolean;
      modifiers?: Modifier[];
    };

/**
 * A person's input as the platform saw it, for the recorder: a mouse button or a key, pressed
 * or released. `key` is the canonical key name (src/input/keys.ts spelling: "Enter", "a",
 * "F5"); `text` is what a key types, when it types something; `modifiers` are those held.
 */
export type ObservedInput =
  | { kind: 'button'; pressed: boolean; button: MouseButton; x: number; y: number }
  | { kind: 'key'; pressed: boolean; key: string; text?: string; modifiers: Modifier[] };
