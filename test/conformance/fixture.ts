/**
 * What every backend's conformance run provides. A fixture is a started backend plus a way to
 * reach named targets that every platform's test apps can offer (the sim's default scene, GTK's
 * widget factory, a WinForms test app...). Specs only ever use this interface, so one set of
 * specs runs unchanged against every backend; known gaps live in expectations/<backend>.json.
 */
import type { AccessibilityBackend, BackendId, BackendNode } from '../../src/backends/backend.js';

/**
 * Named targets. Each must be reachable in a fresh fixture:
 * - dialogButton: a button whose Invoke opens a new top-level window (and returns promptly).
 * - checkBox: an enabled check box (Toggle), visible on screen, in the foreground window.
 * - edit: an enabled, editable single- or multi-line text field (Value), focusable.
 * - selectable: an item supporting SelectionItem that is NOT selected yet.
 * - expandable: an element supporting ExpandCollapse, collapsed.
 * - range: an element supporting settable RangeValue, with max > min.
 * - closableWindow: a top-level window that the Window pattern can close.
 * - scrollable: a container supporting Scroll that can scroll down from where it is.
 */
export const TARGETS = [
  'dialogButton',
  'checkBox',
  'edit',
  'selectable',
  'expandable',
  'range',
  'closableWindow',
  'scrollable',
] as const;
export type TargetName = (typeof TARGETS)[number];

/** Event quirks a backend can switch on for testing (probabilities 0..1). */
export interface QuirkSwitches {
  /** An event is lost. */
  dropRate: number;
  /** An event is delivered twice. */
  duplicateRate: number;
  /** A removed element still gets an event after its removal. */
  lateRate: number;
  /** A structure event carries no element id. */
  detaillessRate: number;
}

export interface ConformanceFixture {
  /** The backend under test, already started. */
  readonly backend: AccessibilityBackend;
  /** The backend id of a named target, looked up fresh. */
  target(name: TargetName, signal: AbortSignal): Promise<BackendId>;
  /**
   * The whole desktop, pre-order from the root, as the platform really is. The sim answers from
   * its model; a platform backend answers with a fresh full walk.
   */
  groundTruth(signal: AbortSignal): Promise<BackendNode[]>;
  /**
   * A node with what the app changes on its own, unasked, blanked out (Chromium keeps a tab's
   * current memory use in its name). Comparisons of two reads apply it to both sides.
   */
  steady?: (node: BackendNode) => BackendNode;
  /**
   * Switch event quirks on or off. Absent where the platform's quirks cannot be switched; the
   * quirk specs then fail and the backend lists them as known gaps.
   */
  setQuirks?(quirks: Partial<QuirkSwitches>): void;
  /** Stop the backend (idempotent with a spec that already stopped it) and release the apps. */
  dispose(): Promise<void>;
}

/** Builds a fresh fixture for one spec. */
export type FixtureFactory = (signal: AbortSignal) => Promise<ConformanceFixture>;

/** One conformance spec. `id` is what expectations files name. */
export interface ConformanceSpec {
  id: string;
  title: string;
  run(fixture: ConformanceFixture, signal: AbortSignal): Promise<void>;
}

/** Known gaps of one backend: spec id -> the reason it fails there. */
export type Expectations = Record<string, string>;
