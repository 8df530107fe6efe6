/**
 * The sim's element model: a mutable node with the props a platform reports, plus the
 * behaviour hooks its app attaches. Only the desktop engine mutates elements (so every change
 * raises its events); apps describe elements with ElementSpec and react through hooks.
 */
import { PATTERNS, STATES } from '../../../protocol/src/index.js';
import type { ControlType, Pattern, RangeInfo, Rect, State } from '../../../protocol/src/index.js';
import type { BackendId, BackendNode, BackendProps } from '../backend.js';
import type { SimApp } from './apps/app.js';

/** Reactions an app attaches to an element. A hook may return a promise (a blocking call). */
export interface Hooks {
  invoke?: () => void | Promise<void>;
  toggled?: (checked: boolean) => void;
  valueChanged?: (value: string) => void;
  rangeChanged?: (value: number) => void;
  selected?: () => void;
  expanded?: (open: boolean, self: SimElement) => void;
  scroll?: (direction: 'up' | 'down' | 'left' | 'right', notches: number) => void;
  scrollIntoView?: () => void;
  /** The caret of an edit moved (typing or navigation). */
  caretMoved?: (caret: number) => void;
  /** A key reached this window (before the focused element): return true when consumed. */
  windowKey?: (key: string, ctrl: boolean) => boolean;
  /** Window close through the Window pattern or the title bar; default closes the window. */
  close?: () => void;
  /** The element left the tree (closed, crashed, removed). */
  gone?: () => void;
  /** The element can be dragged with the pointer (pointer.ts). */
  canDrag?: () => boolean;
  /** A drag passes over this drop site. */
  dragOver?: (source: SimElement) => void;
  /** Something was dropped here: answers whether it was taken. */
  drop?: (source: SimElement) => boolean;
}

/** How an app describes an element. `rect` is relative to the window's origin. */
export interface ElementSpec {
  type: ControlType;
  name?: string;
  automationId?: string;
  className?: string;
  value?: string;
  range?: RangeInfo;
  rect?: [number, number, number, number];
  /** Text the control paints without exposing it (a custom-drawn label): pixels only. */
  drawnText?: string;
  /** States beyond the defaults (enabled, focusable for controls, unchecked/collapsed). */
  states?: State[];
  /** States to leave out of the defaults (e.g. 'enabled' for a disabled button). */
  without?: State[];
  /** Replaces the control type's default patterns. */
  patterns?: Pattern[];
  hooks?: Hooks;
  children?: ElementSpec[];
}

/** Text editing state of an edit: caret and selection as string offsets. */
export interface EditState {
  caret: number;
  anchor: number;
  multiline: boolean;
}

export interface SimElement {
  readonly id: BackendId;
  parent: SimElement | null;
  children: SimElement[];
  controlType: ControlType;
  name: string;
  automationId?: string;
  className?: string;
  value?: string;
  range?: RangeInfo;
  rect: Rect | null;
  states: Set<State>;
  patterns: Set<Pattern>;
  app: SimApp | null;
  hooks: Hooks;
  edit?: EditState;
  /** Painted text with no accessible counterpart (see ElementSpec.drawnText). */
  drawnText?: string;
  /** Set once the element left the tree: every later call on it is stale. */
  gone: boolean;
}

const FOCUSABLE: ReadonlySet<ControlType> = new Set<ControlType>([
  'Button',
  'CheckBox',
  'RadioButton',
  'Edit',
  'Document',
  'ComboBox',
  'Slider',
  'ListItem',
  'TabItem',
  'MenuItem',
  'DataItem',
  'Hyperlink',
  'SplitButton',
]);

const DEFAULT_PATTERNS: Partial<Record<ControlType, Pattern[]>> = {
  Button: ['Invoke'],
  SplitButton: ['Invoke', 'ExpandCollapse'],
  Hyperlink: ['Invoke'],
  CheckBox: ['Toggle'],
  RadioButton: ['SelectionItem'],
  Edit: ['Value', 'Text'],
  Document: ['Value', 'Text'],
  ComboBox: ['Value', 'ExpandCollapse', 'Selection'],
  Slider: ['RangeValue'],
  ProgressBar: ['RangeValue'],
  ScrollBar: ['RangeValue'],
  List: ['Selection'],
  ListItem: ['SelectionItem', 'ScrollItem'],
  Tab: ['Selection'],
  TabItem: ['SelectionItem'],
  MenuItem: ['Invoke'],
  Window: ['Window'],
  DataGrid: ['Scroll', 'Selection', 'Grid', 'Table'],
  DataItem: ['SelectionItem', 'ScrollItem'],
};

export function defaultStates(spec: ElementSpec, patterns: ReadonlySet<Pattern>): Set<State> {
  const states = new Set<State>(['enabled']);
  if (FOCUSABLE.has(spec.type)) states.add('focusable');
  if (patterns.has('Toggle')) states.add('unchecked');
  if (patterns.has('ExpandCollapse')) states.add('collapsed');
  if (patterns.has('SelectionItem')) states.add('selectable');
  for (const s of spec.states ?? []) states.add(s);
  if (states.has('checked')) states.delete('unchecked');
  if (states.has('expanded')) states.delete('collapsed');
  for (const s of spec.without ?? []) states.delete(s);
  return states;
}

export function defaultPatterns(spec: ElementSpec): Set<Pattern> {
  return new Set(spec.patterns ?? DEFAULT_PATTERNS[spec.type] ?? []);
}

const STATE_ORDER = new Map(STATES.map((s, i) => [s, i]));
const PATTERN_ORDER = new Map(PATTERNS.map((p, i) => [p, i]));

export function sortedStates(states: ReadonlySet<State>): State[] {
  return [...states].sort((a, b) => (STATE_ORDER.get(a) ?? 0) - (STATE_ORDER.get(b) ?? 0));
}

export function sortedPatterns(patterns: ReadonlySet<Pattern>): Pattern[] {
  return [...patterns].sort((a, b) => (PATTERN_ORDER.get(a) ?? 0) - (PATTERN_ORDER.get(b) ?? 0));
}

/** The element's props as a platform reports them (fresh objects, safe to hand out). */
export function propsOf(el: SimElement): BackendProps {
  const props: BackendProps = {
    controlType: el.controlType,
    name: el.name,
    rect: el.rect === null ? null : { ...el.rect },
    states: sortedStates(el.states),
    patterns: sortedPatterns(el.patterns),
  };
  if (el.automationId !== undefined) props.automationId = el.automationId;
  if (el.className !== undefined) props.className = el.className;
  if (el.value !== undefined) props.value = el.value;
  if (el.range !== undefined) props.range = { ...el.range };
  if (el.app !== null) {
    props.pid = el.app.pid;
    props.app = el.app.name;
  }
  return props;
}

export function nodeOf(el: SimElement): BackendNode {
  return {
    id: el.id,
    parentId: el.parent?.id ?? null,
    children: el.children.map((c) => c.id),
    props: propsOf(el),
  };
}

/** The top-level window an element belongs to (itself for a window), or null for the root. */
export function windowOf(el: SimElement): SimElement | null {
  let node: SimElement | null = el;
  while (node !== null && node.parent !== null && node.parent.parent !== null) node = node.parent;
  return node !== null && node.parent !== null ? node : null;
}

export function contains(rect: Rect | null, x: number, y: number): boolean {
  return (
    rect !== null &&
    x >= rect.x &&
    y >= rect.y &&
    x < rect.x + rect.width &&
    y < rect.y + rect.height
  );
}

/** A subtree as BackendNodes, pre-order, down to `maxDepth` levels below `from`. */
export function walkTree(from: SimElement, maxDepth = Infinity): BackendNode[] {
  const out: BackendNode[] = [];
  const visit = (el: SimElement, depth: number): void => {
    out.push(nodeOf(el));
    if (depth < maxDepth) for (const c of el.children) visit(c, depth + 1);
  };
  visit(from, 0);
  return out;
}
