/**
 * One element's properties from one AXUIElementCopyMultipleAttributeValues call. Attributes an
 * element lacks come back null and are simply absent from the props: AppKit, SwiftUI and
 * Chromium each leave out different ones.
 */
import { PATTERNS, STATES, type Pattern, type State } from '../../../protocol/src/index.js';
import type { BackendProps } from '../backend.js';
import { RANGE_ROLES, TEXT_ROLES, TOGGLE_ROLES, controlTypeOf } from './axRoles.js';
import type { AxRef, AxValue } from './axSurface.js';

/** The attributes read for every element, in this order (kAX*Attribute names). */
export const PROP_ATTRIBUTES = [
  'AXRole',
  'AXSubrole',
  'AXRoleDescription',
  'AXTitle',
  'AXDescription',
  'AXValue',
  'AXHelp',
  'AXIdentifier',
  'AXPlaceholderValue',
  'AXEnabled',
  'AXFocused',
  'AXSelected',
  'AXExpanded',
  'AXPosition',
  'AXSize',
  'AXMinimized',
  'AXMinValue',
  'AXMaxValue',
  'AXModal',
  'AXDisclosing',
] as const;

type PropName = (typeof PROP_ATTRIBUTES)[number];
export type RawProps = Partial<Record<PropName, AxValue>>;

/** Name the values of one CopyMultiple answer; element values (never expected) are dropped. */
export function rawProps(values: readonly AxValue[], release: (ref: AxRef) => void): RawProps {
  const raw: RawProps = {};
  PROP_ATTRIBUTES.forEach((name, i) => {
    const value = values[i] ?? null;
    if (isElementValue(value)) {
      for (const ref of Array.isArray(value) ? value : [value]) release(ref);
      return;
    }
    if (value !== null) raw[name] = value;
  });
  return raw;
}

function isElementValue(value: AxValue): value is AxRef | AxRef[] {
  return (
    Array.isArray(value) || (typeof value === 'object' && value !== null && '__axRef' in value)
  );
}

const str = (v: AxValue | undefined): string | null => (typeof v === 'string' ? v : null);
const num = (v: AxValue | undefined): number | null => (typeof v === 'number' ? v : null);
const bool = (v: AxValue | undefined): boolean | null => (typeof v === 'boolean' ? v : null);

function rectOf(raw: RawProps): BackendProps['rect'] {
  const p = raw.AXPosition;
  const s = raw.AXSize;
  if (typeof p !== 'object' || p === null || !('x' in p)) return null;
  if (typeof s !== 'object' || s === null || !('width' in s)) return null;
  return { x: p.x, y: p.y, width: Math.max(0, s.width), height: Math.max(0, s.height) };
}

function statesOf(raw: RawProps, role: string | null, actions: readonly string[]): State[] {
  const states = new Set<State>();
  if (bool(raw.AXEnabled) !== false) states.add('enabled');
  if (bool(raw.AXFocused) === true) states.add('focused');
  if (bool(raw.AXSelected) === true) states.add('selected');
  if (bool(raw.AXMinimized) === true) states.add('minimized');
  if (bool(raw.AXModal) === true) states.add('modal');
  // Outline rows say AXDisclosing; combo boxes, menus and disclosure groups AXExpanded.
  const expanded = bool(raw.AXExpanded) ?? bool(raw.AXDisclosing);
  if (expanded !== null) states.add(expanded ? 'expanded' : 'collapsed');
  if (role !== null && TOGGLE_ROLES.has(role)) {
    const v = num(raw.AXValue);
    states.add(v === 1 ? 'checked' : v === 2 ? 'mixed' : 'unchecked');
  }
  if (role !== null && TEXT_ROLES.has(role)) states.add('editable');
  if (raw.AXSubrole === 'AXSecureTextField') states.add('password');
  if (actions.includes('AXRaise') || role === 'AXTextField' || role === 'AXTextArea')
    states.add('focusable');
  return STATES.filter((s) => states.has(s));
}

function patternsOf(raw: RawProps, role: string | null, actions: readonly string[]): Pattern[] {
  const patterns = new Set<Pattern>();
  if (actions.includes('AXPress')) patterns.add('Invoke');
  if (role !== null && TOGGLE_ROLES.has(role)) patterns.add('Toggle');
  if (role !== null && TEXT_ROLES.has(role)) patterns.add('Value');
  if (role !== null && RANGE_ROLES.has(role) && num(raw.AXValue) !== null)
    patterns.add('RangeValue');
  if (raw.AXExpanded !== undefined || raw.AXDisclosing !== undefined)
    patterns.add('ExpandCollapse');
  if (raw.AXSelected !== undefined) patterns.add('SelectionItem');
  if (role === 'AXWindow') patterns.add('Window');
  if (role === 'AXScrollArea') patterns.add('Scroll');
  return PATTERNS.filter((p) => patterns.has(p));
}

/** BackendProps of one element; `actions` from AXUIElementCopyActionNames. */
export function toBackendProps(
  raw: RawProps,
  actions: readonly string[],
  pid: number,
): BackendProps {
  const role = str(raw.AXRole);
  const title = str(raw.AXTitle);
  const description = str(raw.AXDescription);
  const value = raw.AXValue;
  // Static text carries its words in AXValue, not AXTitle.
  const name =
    title || description || (role === 'AXStaticText' && typeof value === 'string' ? value : '');
  const props: BackendProps = {
    controlType: controlTypeOf(role, str(raw.AXSubrole)),
    name,
    rect: rectOf(raw),
    states: statesOf(raw, role, actions),
    patterns: patternsOf(raw, role, actions),
    pid,
  };
  const identifier = str(raw.AXIdentifier);
  if (identifier) props.automationId = identifier;
  if (role !== null) props.className = raw.AXSubrole ? `${role}/${str(raw.AXSubrole)}` : role;
  if (typeof value === 'string' && role !== 'AXStaticText') props.value = value;
  const min = num(raw.AXMinValue);
  const max = num(raw.AXMaxValue);
  if (
    role !== null &&
    RANGE_ROLES.has(role) &&
    typeof value === 'number' &&
    min !== null &&
    max !== null
  )
    props.range = { value, min, max };
  return props;
}
