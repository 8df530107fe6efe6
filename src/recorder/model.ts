/**
 * What the recorder records: moments (a person's input, mapped to the elements under it, and
 * the windows that came and went) and the steps a test replays. Plain data; the pure modules
 * (locator.ts, steps.ts, the writers under emit/) turn one into the other and into files.
 */
import type { ControlType } from '../../protocol/src/index.js';
import type { Modifier, MouseButton } from '../backends/backend.js';

/** An `elements.find` query that matched exactly one element when it was recorded. */
export interface LocatorQuery {
  automationId?: string;
  name?: string;
  nameMatch?: 'equals';
  controlType?: ControlType;
  window?: string;
}

/**
 * How a recorded element is found again, most stable first: its automation id; its name,
 * control type and window; else its place among the window's elements of its control type
 * (`index` in document order; `path` names its ancestors, for people reading the test).
 */
export type RecordedLocator =
  | { by: 'automationId'; query: LocatorQuery }
  | { by: 'name'; query: LocatorQuery }
  | { by: 'path'; query: LocatorQuery; index: number; path: string[] };

/** An element as the recorder saw it at one moment. */
export interface SeenElement {
  locator: RecordedLocator;
  controlType: ControlType;
  /** Its value when it has one, else its name (what `to_have_text` compares). */
  text: string;
  /** Whether `text` is the element's value (else its name). */
  textIsValue: boolean;
  /** A password field: what is typed into it or read from it is never written out. */
  password: boolean;
  /** Takes typed text (an edit, a document, an editable combo box). */
  editable: boolean;
  enabled: boolean;
  /** Checked state of a check box, radio button or toggle; undefined when it has none. */
  checked?: boolean;
}

export type Moment =
  | { kind: 'click'; button: MouseButton; x: number; y: number; target: SeenElement | null }
  /** A button pressed at one place and released at another. */
  | {
      kind: 'drag';
      button: MouseButton;
      from: SeenElement | null;
      fromPoint: PointTarget;
      to: SeenElement | null;
      toPoint: PointTarget;
    }
  | { kind: 'key'; key: string; modifiers: Modifier[]; text?: string; focus: SeenElement | null }
  | { kind: 'window'; opened: boolean; title: string }
  /** The assertion hotkey: check the focused element's text or state on replay. */
  | { kind: 'assert'; focus: SeenElement | null };

/** What a point-click aims at when nothing known lay under it. */
export interface PointTarget {
  x: number;
  y: number;
}

export type Step =
  | { kind: 'click'; target: RecordedLocator | PointTarget; button: MouseButton }
  | {
      kind: 'drag';
      from: RecordedLocator | PointTarget;
      to: RecordedLocator | PointTarget;
      button: MouseButton;
    }
  | { kind: 'type'; target: RecordedLocator | null; text: string; secret: boolean }
  | { kind: 'keys'; target: RecordedLocator | null; keys: string[] }
  | { kind: 'wait'; condition: 'windowOpened' | 'windowClosed'; title: string }
  | { kind: 'expectText'; target: RecordedLocator; text: string; source: 'value' | 'name' }
  | {
      kind: 'expectState';
      target: RecordedLocator;
      state: 'enabled' | 'disabled' | 'checked' | 'unchecked';
    };

/** A recording ready to write: the steps and the window the first step needs. */
export interface Recording {
  app: string | undefined;
  /** Title of the window the recording started in (the replay waits for it first). */
  firstWindow: string | undefined;
  steps: Step[];
}
