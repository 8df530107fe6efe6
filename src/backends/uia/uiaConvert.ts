/**
 * Conversions from what UI Automation reports (numeric control types, property values read
 * from a CacheRequest) to the backend contract's vocabulary. Pure: unit-tested on any platform.
 */
import {
  CONTROL_TYPES,
  PATTERNS,
  STATES,
  type ControlType,
  type Pattern,
  type RangeInfo,
  type Rect,
  type State,
} from '../../../protocol/src/index.js';
import type { BackendId, BackendProps } from '../backend.js';
import { PROP, WINDOW_VISUAL_STATE } from './uiaConstants.js';

/** Property values of one element as read from a cache, keyed by UIA property ID. */
export type RawProps = ReadonlyMap<number, RawValue>;
/** A decoded VARIANT: null for VT_EMPTY or the "not supported" sentinel. */
export type RawValue = string | number | boolean | number[] | null;

/** Every property the CacheRequest asks for (the protocol's element fields + pattern state). */
export const CACHED_PROPERTIES: readonly number[] = Object.values(PROP);

/** The id of the desktop root (its RuntimeId is mapped to this name). */
export const DESKTOP_ID: BackendId = 'desktop';

const FIRST_CONTROL_TYPE = 50000;

/** UIA control type ID -> protocol name; unknown IDs (newer SDKs) become Custom. */
export function controlTypeName(id: number): ControlType {
  return CONTROL_TYPES[id - FIRST_CONTROL_TYPE] ?? 'Custom';
}

/** A RuntimeId (int array) as a BackendId: the numbers joined with dots. */
export function runtimeIdToBackendId(runtimeId: readonly number[]): BackendId {
  return runtimeId.map((n) => (n >>> 0).toString(16)).join('.');
}

/** Parse a BackendId back into a RuntimeId; null when it is not one of ours. */
export function backendIdToRuntimeId(id: BackendId): number[] | null {
  if (!/^[0-9a-f]{1,8}(\.[0-9a-f]{1,8})*$/.test(id)) return null;
  return id.split('.').map((part) => Number.parseInt(part, 16) | 0);
}

/** BoundingRectangle as UIA's VARIANT gives it (left, top, width, height); empty -> null. */
export function toRect(value: RawValue | undefined): Rect | null {
  if (!Array.isArray(value) || value.length !== 4) return null;
  const [x = 0, y = 0, width = 0, height = 0] = value;
  if (width <= 0 && height <= 0 && x === 0 && y === 0) return null;
  return { x, y, width: Math.max(0, width), height: Math.max(0, height) };
}

const PATTERN_AVAILABILITY: ReadonlyArray<readonly [Pattern, number]> = [
  ['Invoke', PROP.IsInvokePatternAvailable],
  ['Value', PROP.IsValuePatternAvailable],
  ['RangeValue', PROP.IsRangeValuePatternAvailable],
  ['Toggle', PROP.IsTogglePatternAvailable],
  ['ExpandCollapse', PROP.IsExpandCollapsePatternAvailable],
  ['SelectionItem', PROP.IsSelectionItemPatternAvailable],
  ['Selection', PROP.IsSelectionPatternAvailable],
  ['Scroll', PROP.IsScrollPatternAvailable],
  ['ScrollItem', PROP.IsScrollItemPatternAvailable],
  ['Text', PROP.IsTextPatternAvailable],
  ['Window', PROP.IsWindowPatternAvailable],
  ['Grid', PROP.IsGridPatternAvailable],
  ['Table', PROP.IsTablePatternAvailable],
];

/** Supported patterns, in the protocol's PATTERNS order. */
export function patternsOf(raw: RawProps): Pattern[] {
  const present = new Set(
    PATTERN_AVAILABILITY.filter(([, id]) => raw.get(id) === true).map(([p]) => p),
  );
  return PATTERNS.filter((p) => present.has(p));
}

function flag(raw: RawProps, id: number): boolean {
  return raw.get(id) === true;
}

function num(raw: RawProps, id: number): number | undefined {
  const value = raw.get(id);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function str(raw: RawProps, id: number): string | undefined {
  const value = raw.get(id);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Toggle / ExpandCollapse / SelectionItem / Window states (UIA enums -> protocol states). */
function patternStates(raw: RawProps, patterns: ReadonlySet<Pattern>, out: Set<State>): void {
  if (patterns.has('Toggle')) {
    const toggle = num(raw, PROP.ToggleState);
    out.add(toggle === 1 ? 'checked' : toggle === 2 ? 'mixed' : 'unchecked');
  }
  if (patterns.has('ExpandCollapse')) {
    const state = num(raw, PROP.ExpandCollapseState);
    if (state === 0) out.add('collapsed');
    if (state === 1 || state === 2) out.add('expanded');
  }
  if (patterns.has('SelectionItem')) {
    out.add('selectable');
    if (flag(raw, PROP.SelectionItemIsSelected)) out.add('selected');
  }
  if (patterns.has('Selection') && flag(raw, PROP.SelectionCanSelectMultiple))
    out.add('multiselectable');
  if (patterns.has('Window')) {
    if (flag(raw, PROP.WindowIsModal)) out.add('modal');
    const visual = num(raw, PROP.WindowVisualState);
    if (visual === WINDOW_VISUAL_STATE.Minimized) out.add('minimized');
    if (visual === WINDOW_VISUAL_STATE.Maximized) out.add('maximized');
  }
}

function readOnlyOf(raw: RawProps, patterns: ReadonlySet<Pattern>): boolean {
  if (patterns.has('Value')) return flag(raw, PROP.ValueIsReadOnly);
  if (patterns.has('RangeValue')) return flag(raw, PROP.RangeValueIsReadOnly);
  return false;
}

/** Element states, in the protocol's STATES order. `active` marks the foreground window. */
export function statesOf(raw: RawProps, patterns: readonly Pattern[], active = false): State[] {
  const has = new Set(patterns);
  const out = new Set<State>();
  if (flag(raw, PROP.IsEnabled)) out.add('enabled');
  if (flag(raw, PROP.HasKeyboardFocus)) out.add('focused');
  if (flag(raw, PROP.IsKeyboardFocusable)) out.add('focusable');
  if (flag(raw, PROP.IsOffscreen)) out.add('offscreen');
  if (flag(raw, PROP.IsPassword)) out.add('password');
  patternStates(raw, has, out);
  const readOnly = readOnlyOf(raw, has);
  if (readOnly) out.add('readonly');
  const type = controlTypeName(num(raw, PROP.ControlType) ?? 0);
  if (
    has.has('Value') &&
    !readOnly &&
    (type === 'Edit' || type === 'Document' || type === 'ComboBox')
  ) {
    out.add('editable');
  }
  if (active) out.add('active');
  return STATES.filter((s) => out.has(s));
}

/** RangeValue as the protocol's RangeInfo, when the element has the pattern and sane numbers. */
export function rangeOf(raw: RawProps, patterns: readonly Pattern[]): RangeInfo | undefined {
  if (!patterns.includes('RangeValue')) return undefined;
  const value = num(raw, PROP.RangeValueValue);
  const min = num(raw, PROP.RangeValueMinimum);
  const max = num(raw, PROP.RangeValueMaximum);
  if (value === undefined || min === undefined || max === undefined) return undefined;
  const step = num(raw, PROP.RangeValueSmallChange);
  return step !== undefined && step > 0 ? { value, min, max, step } : { value, min, max };
}

export interface ConvertContext {
  /** True when the element is the foreground top-level window. */
  active?: boolean;
  /** Process name for top-level windows (e.g. "notepad"). */
  app?: string;
}

/** All cached properties of one element -> the contract's BackendProps. */
export function toBackendProps(raw: RawProps, context: ConvertContext = {}): BackendProps {
  const patterns = patternsOf(raw);
  const props: BackendProps = {
    controlType: controlTypeName(num(raw, PROP.ControlType) ?? 0),
    name: str(raw, PROP.Name) ?? '',
    rect: toRect(raw.get(PROP.BoundingRectangle)),
    states: statesOf(raw, patterns, context.active),
    patterns,
  };
  const automationId = str(raw, PROP.AutomationId);
  if (automationId !== undefined) props.automationId = automationId;
  const className = str(raw, PROP.ClassName);
  if (className !== undefined) props.className = className;
  if (patterns.includes('Value')) props.value = str(raw, PROP.ValueValue) ?? '';
  const range = rangeOf(raw, patterns);
  if (range !== undefined) props.range = range;
  const pid = num(raw, PROP.ProcessId);
  if (pid !== undefined && pid > 0) props.pid = pid;
  if (context.app !== undefined) props.app = context.app;
  return props;
}
