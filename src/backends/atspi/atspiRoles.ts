/**
 * Pure mapping from AT-SPI2 vocabulary (role numbers, the 64-bit state set, interface names) to
 * the protocol's control types, states and patterns. Numbers are from at-spi2-core's
 * atspi-constants.h; judgment calls follow docs/platform-vocabulary.md section 7.
 */
import {
  PATTERNS,
  STATES,
  type ControlType,
  type Pattern,
  type State,
} from '../../../protocol/src/index.js';

/** AtspiRole numbers this backend treats specially. */
export const ROLE = {
  CHECK_BOX: 7,
  CHECK_MENU_ITEM: 8,
  COMBO_BOX: 11,
  DIALOG: 16,
  FILLER: 20,
  FRAME: 23,
  LIST: 31,
  LIST_ITEM: 32,
  MENU: 33,
  MENU_BAR: 34,
  MENU_ITEM: 35,
  PAGE_TAB_LIST: 38,
  PANEL: 39,
  PASSWORD_TEXT: 40,
  POPUP_MENU: 41,
  PUSH_BUTTON: 43,
  RADIO_BUTTON: 44,
  RADIO_MENU_ITEM: 45,
  SCROLL_BAR: 48,
  SCROLL_PANE: 49,
  TABLE: 55,
  TABLE_CELL: 56,
  TEXT: 61,
  TOGGLE_BUTTON: 62,
  TREE_TABLE: 66,
  TABLE_ROW: 90,
  WINDOW: 69,
  APPLICATION: 75,
  REDUNDANT_OBJECT: 86,
  ENTRY: 79,
  SWITCH: 130,
} as const;

/** Control type by AtspiRole number (index); roles past the end map to Custom. */
// prettier-ignore
const ROLE_TYPES: readonly ControlType[] = [
  'Custom', 'Text', 'Window', 'Image', 'Image', 'Calendar', 'Pane', 'CheckBox', 'MenuItem', 'Pane', // 0..9
  'HeaderItem', 'ComboBox', 'Edit', 'ListItem', 'Pane', 'Slider', 'Window', 'Pane', 'Pane', 'Window', // 10..19
  'Pane', 'Custom', 'Pane', 'Window', 'Pane', 'Document', 'Image', 'Image', 'Window', 'Text', // 20..29
  'Pane', 'List', 'ListItem', 'MenuItem', 'MenuBar', 'MenuItem', 'Pane', 'TabItem', 'Tab', 'Pane', // 30..39
  'Edit', 'Menu', 'ProgressBar', 'Button', 'RadioButton', 'MenuItem', 'Pane', 'HeaderItem', 'ScrollBar', 'Pane', // 40..49
  'Separator', 'Slider', 'Spinner', 'Pane', 'StatusBar', 'Table', 'DataItem', 'HeaderItem', 'HeaderItem', 'MenuItem', // 50..59
  'Document', 'Edit', 'Button', 'ToolBar', 'ToolTip', 'Tree', 'DataGrid', 'Custom', 'Pane', 'Window', // 60..69
  'Custom', 'Group', 'Group', 'Text', 'Pane', 'Pane', 'List', 'Edit', 'Pane', 'Edit', // 70..79
  'Image', 'Text', 'Document', 'Text', 'Group', 'Group', 'Custom', 'Group', 'Hyperlink', 'Window', // 80..89
  'DataItem', 'TreeItem', 'Document', 'Document', 'Document', 'Document', 'Document', 'Group', 'List', 'Group', // 90..99
  'Image', 'Window', 'Group', 'ProgressBar', 'TitleBar', 'Group', 'Group', 'Group', 'Text', 'Group', // 100..109
  'Group', 'Group', 'Group', 'Group', 'Slider', 'Group', 'Text', 'Group', 'Group', 'Text', // 110..119
  'Text', 'List', 'ListItem', 'Group', 'Group', 'Group', 'Group', 'Group', 'Group', 'Button', // 120..129
  'Button', // 130..130
];

/** AtspiStateType bit numbers used here. */
export const STATE_BIT = {
  ACTIVE: 1,
  BUSY: 3,
  CHECKED: 4,
  COLLAPSED: 5,
  DEFUNCT: 6,
  EDITABLE: 7,
  ENABLED: 8,
  EXPANDABLE: 9,
  EXPANDED: 10,
  FOCUSABLE: 11,
  FOCUSED: 12,
  ICONIFIED: 15,
  MODAL: 16,
  MULTISELECTABLE: 18,
  PRESSED: 20,
  SELECTABLE: 22,
  SELECTED: 23,
  SENSITIVE: 24,
  SHOWING: 25,
  TRANSIENT: 28,
  VISIBLE: 30,
  MANAGES_DESCENDANTS: 31,
  INDETERMINATE: 32,
  REQUIRED: 33,
  CHECKABLE: 41,
  READ_ONLY: 43,
} as const;

/** An AT-SPI state set as the two uint32 words of `GetState`. */
export type StateWords = readonly number[];

/** The toolkit makes the element anew on every read (see BackendNode.transient). */
export const isTransient = (words: StateWords): boolean => hasState(words, STATE_BIT.TRANSIENT);

export function hasState(words: StateWords, bit: number): boolean {
  const word = words[bit >> 5] ?? 0;
  return ((word >>> (bit & 31)) & 1) === 1;
}

const TOGGLE_ROLES: ReadonlySet<number> = new Set([
  ROLE.CHECK_BOX,
  ROLE.CHECK_MENU_ITEM,
  ROLE.RADIO_BUTTON,
  ROLE.RADIO_MENU_ITEM,
  ROLE.TOGGLE_BUTTON,
  ROLE.SWITCH,
]);
const TEXT_ROLES: ReadonlySet<number> = new Set([ROLE.TEXT, ROLE.ENTRY, ROLE.PASSWORD_TEXT]);
const WINDOW_ROLES: ReadonlySet<number> = new Set([ROLE.FRAME, ROLE.DIALOG, ROLE.WINDOW]);

export function isWindowRole(role: number): boolean {
  return WINDOW_ROLES.has(role);
}

export function isToggleRole(role: number): boolean {
  return TOGGLE_ROLES.has(role);
}

export function isTextRole(role: number): boolean {
  return TEXT_ROLES.has(role);
}

/** Control type of a role, refined by what the element is (read-only text, named panels). */
export function controlTypeOf(role: number, words: StateWords, name: string): ControlType {
  if (isTextRole(role) && !hasState(words, STATE_BIT.EDITABLE)) return 'Text';
  if ((role === ROLE.PANEL || role === ROLE.FILLER) && name !== '') return 'Group';
  return ROLE_TYPES[role] ?? 'Custom';
}

/**
 * How a toolkit's state set reads (atspiToolkits.ts keeps one per toolkit and version). GTK 4.8
 * never sets ENABLED (SENSITIVE alone says a widget takes input) and sets SHOWING on windows
 * only, so on it a control is enabled when SENSITIVE and off screen when it is not laid out.
 */
export interface StateRules {
  /** Bits any one of which makes an element enabled. */
  readonly enabledBits: readonly number[];
  /** Whether SHOWING is reported; when not, offscreen is read from VISIBLE and the extents. */
  readonly reportsShowing: boolean;
}

/** ENABLED alone decides: LibreOffice reports editable text ENABLED without SENSITIVE. */
export const DEFAULT_STATE_RULES: StateRules = {
  enabledBits: [STATE_BIT.ENABLED],
  reportsShowing: true,
};

/** Toolkits place elements that are not laid out at INT_MIN (GTK 3) or at 0x0 (GTK 4). */
const OFF_WORLD = -(2 ** 30);

/** Whether an element is off screen, by SHOWING or, where the toolkit lacks it, its extents. */
function isOffscreen(
  has: (bit: number) => boolean,
  rules: StateRules,
  rect: { x: number; y: number; width: number; height: number } | null | undefined,
): boolean {
  if (rules.reportsShowing || has(STATE_BIT.SHOWING)) return !has(STATE_BIT.SHOWING);
  if (!has(STATE_BIT.VISIBLE)) return true;
  // Without extents (GTK 4's stack pages have no Component) nothing says it is hidden.
  if (rect === null || rect === undefined) return false;
  if (rect.x <= OFF_WORLD || rect.y <= OFF_WORLD) return true;
  return rect.width <= 0 || rect.height <= 0;
}

/** Protocol states of an element, sorted in STATES order. */
export function statesOf(
  role: number,
  words: StateWords,
  rules: StateRules = DEFAULT_STATE_RULES,
  /** The element's extents: where the toolkit reports no SHOWING they decide offscreen. */
  rect?: { x: number; y: number; width: number; height: number } | null,
): State[] {
  const has = (bit: number): boolean => hasState(words, bit);
  const out = new Set<State>();
  // Every toolkit measured clears its enabled bit on a disabled control.
  if (rules.enabledBits.some(has)) out.add('enabled');
  if (has(STATE_BIT.FOCUSED)) out.add('focused');
  if (has(STATE_BIT.FOCUSABLE)) out.add('focusable');
  if (has(STATE_BIT.SELECTED)) out.add('selected');
  if (has(STATE_BIT.SELECTABLE)) out.add('selectable');
  addToggleState(role, has, out);
  if (has(STATE_BIT.EXPANDED)) out.add('expanded');
  else if (has(STATE_BIT.COLLAPSED) || has(STATE_BIT.EXPANDABLE)) out.add('collapsed');
  if (isOffscreen(has, rules, rect)) out.add('offscreen');
  const readOnlyText = isTextRole(role) && !has(STATE_BIT.EDITABLE);
  if (has(STATE_BIT.READ_ONLY) || readOnlyText) out.add('readonly');
  if (role === ROLE.PASSWORD_TEXT) out.add('password');
  if (has(STATE_BIT.MODAL)) out.add('modal');
  if (has(STATE_BIT.MULTISELECTABLE)) out.add('multiselectable');
  if (has(STATE_BIT.EDITABLE)) out.add('editable');
  if (has(STATE_BIT.ACTIVE) && isWindowRole(role)) out.add('active');
  if (has(STATE_BIT.ICONIFIED)) out.add('minimized');
  if (has(STATE_BIT.BUSY)) out.add('busy');
  if (has(STATE_BIT.REQUIRED)) out.add('required');
  return STATES.filter((s) => out.has(s));
}

function addToggleState(role: number, has: (bit: number) => boolean, out: Set<State>): void {
  if (has(STATE_BIT.INDETERMINATE) && (isToggleRole(role) || has(STATE_BIT.CHECKABLE))) {
    out.add('mixed');
  } else if (has(STATE_BIT.CHECKED) || (role === ROLE.TOGGLE_BUTTON && has(STATE_BIT.PRESSED))) {
    out.add('checked');
  } else if (isToggleRole(role) || has(STATE_BIT.CHECKABLE)) {
    out.add('unchecked');
  }
}

const IFACE = 'org.a11y.atspi.';

/**
 * Patterns from interfaces, role and states (no extra round trip): Action means Invoke, or
 * Toggle for toggles, or ExpandCollapse for expandables; EditableText means Value.
 */
export function patternsOf(
  role: number,
  words: StateWords,
  interfaces: readonly string[],
  parentHasSelection: boolean,
  /** The toolkit's `Component.ScrollTo` scrolls (atspiActionPolicy.ts): ScrollItem is offered. */
  scrollTo = false,
): Pattern[] {
  const has = (iface: string): boolean => interfaces.includes(IFACE + iface);
  const out = new Set<Pattern>();
  if (has('Action')) {
    if (isToggleRole(role) || hasState(words, STATE_BIT.CHECKABLE)) out.add('Toggle');
    else if (hasState(words, STATE_BIT.EXPANDABLE) || role === ROLE.COMBO_BOX)
      out.add('ExpandCollapse');
    else out.add('Invoke');
  }
  if (has('EditableText')) out.add('Value');
  if (has('Text') && (isTextRole(role) || has('EditableText'))) out.add('Text');
  if (has('Value')) out.add('RangeValue');
  if (has('Selection')) out.add('Selection');
  if (parentHasSelection || hasState(words, STATE_BIT.SELECTABLE)) out.add('SelectionItem');
  if (role === ROLE.SCROLL_PANE) out.add('Scroll');
  if (isWindowRole(role)) out.add('Window');
  else if (scrollTo && has('Component')) out.add('ScrollItem');
  if (has('Table')) out.add(role === ROLE.TABLE ? 'Table' : 'Grid');
  return PATTERNS.filter((p) => out.has(p));
}
