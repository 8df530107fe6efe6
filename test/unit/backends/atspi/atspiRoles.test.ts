import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES, PATTERNS, STATES } from '../../../../protocol/src/index.js';
import { actionPolicyOf } from '../../../../src/backends/atspi/atspiActionPolicy.js';
import {
  controlTypeOf,
  hasState,
  patternsOf,
  ROLE,
  STATE_BIT,
  statesOf,
} from '../../../../src/backends/atspi/atspiRoles.js';
import { treeRulesOf } from '../../../../src/backends/atspi/atspiToolkits.js';

/** A GetState reply (two uint32 words) with the given bits set. */
function words(...bits: number[]): number[] {
  const out = [0, 0];
  for (const bit of bits) out[bit >> 5] = ((out[bit >> 5] ?? 0) | (1 << (bit & 31))) >>> 0;
  return out;
}

const IFACE = (...names: string[]): string[] => names.map((n) => `org.a11y.atspi.${n}`);

describe('atspi role mapping', () => {
  it('maps every defined role (0..130) to a protocol control type', () => {
    for (let role = 0; role <= 130; role++) {
      expect(CONTROL_TYPES).toContain(controlTypeOf(role, words(STATE_BIT.EDITABLE), ''));
    }
  });

  it('maps the common GTK roles as the vocabulary table says', () => {
    const editable = words(STATE_BIT.EDITABLE);
    expect(controlTypeOf(43, editable, 'OK')).toBe('Button');
    expect(controlTypeOf(ROLE.CHECK_BOX, editable, '')).toBe('CheckBox');
    expect(controlTypeOf(ROLE.FRAME, editable, '')).toBe('Window');
    expect(controlTypeOf(ROLE.DIALOG, editable, '')).toBe('Window');
    expect(controlTypeOf(ROLE.ENTRY, editable, '')).toBe('Edit');
    expect(controlTypeOf(51, editable, '')).toBe('Slider');
    expect(controlTypeOf(ROLE.TABLE_CELL, editable, '')).toBe('DataItem');
    expect(controlTypeOf(ROLE.SWITCH, editable, '')).toBe('Button');
    expect(controlTypeOf(131, editable, '')).toBe('Custom');
  });

  it('refines read-only text fields to Text and named panels to Group', () => {
    expect(controlTypeOf(ROLE.ENTRY, words(), '')).toBe('Text');
    expect(controlTypeOf(ROLE.PANEL, words(), 'Options')).toBe('Group');
    expect(controlTypeOf(ROLE.PANEL, words(), '')).toBe('Pane');
  });
});

describe('atspi state mapping', () => {
  it('reads bits from both words of the state set', () => {
    const w = words(STATE_BIT.FOCUSED, STATE_BIT.READ_ONLY);
    expect(hasState(w, STATE_BIT.FOCUSED)).toBe(true);
    expect(hasState(w, STATE_BIT.READ_ONLY)).toBe(true);
    expect(hasState(w, STATE_BIT.ENABLED)).toBe(false);
  });

  it('takes ENABLED for enabled (LibreOffice omits SENSITIVE), and SHOWING to be on screen', () => {
    expect(statesOf(43, words(STATE_BIT.ENABLED, STATE_BIT.SENSITIVE, STATE_BIT.SHOWING))).toEqual([
      'enabled',
    ]);
    expect(statesOf(43, words(STATE_BIT.ENABLED, STATE_BIT.SHOWING))).toEqual(['enabled']);
    expect(statesOf(43, words(STATE_BIT.SENSITIVE, STATE_BIT.SHOWING))).toEqual([]);
    expect(statesOf(43, words())).toEqual(['offscreen']);
  });

  it('reads GTK 4.8 by its own rules: SENSITIVE is enabled, the extents say offscreen', () => {
    const gtk4 = treeRulesOf({ name: 'GTK', version: '4.8.3' });
    const laidOut = { x: 10, y: 56, width: 80, height: 30 };
    const shown = words(STATE_BIT.SENSITIVE, STATE_BIT.VISIBLE);
    expect(statesOf(43, shown, gtk4, laidOut)).toEqual(['enabled']);
    expect(statesOf(43, words(STATE_BIT.VISIBLE), gtk4, laidOut)).toEqual([]);
    expect(statesOf(43, shown, gtk4, { ...laidOut, width: 0, height: 0 })).toEqual([
      'enabled',
      'offscreen',
    ]);
    expect(statesOf(43, words(STATE_BIT.SENSITIVE), gtk4, laidOut)).toEqual([
      'enabled',
      'offscreen',
    ]);
    // A stack page has no Component: nothing says it is hidden.
    expect(statesOf(39, shown, gtk4, null)).toEqual(['enabled']);
    // The same bits on GTK 3 keep the default reading.
    const gtk3 = treeRulesOf({ name: 'gtk', version: '3.24.38' });
    expect(statesOf(43, shown, gtk3, laidOut)).toEqual(['offscreen']);
    expect(treeRulesOf({ name: 'GTK', version: '4.8.3' }).childrenSkipLevels).toBe(true);
    expect(gtk3.childrenSkipLevels).toBe(false);
  });

  it('gives toggles exactly one of checked / unchecked / mixed', () => {
    const base = [STATE_BIT.SHOWING];
    expect(statesOf(ROLE.CHECK_BOX, words(...base))).toEqual(['unchecked']);
    expect(statesOf(ROLE.CHECK_BOX, words(...base, STATE_BIT.CHECKED))).toEqual(['checked']);
    expect(
      statesOf(ROLE.CHECK_BOX, words(...base, STATE_BIT.CHECKED, STATE_BIT.INDETERMINATE)),
    ).toEqual(['mixed']);
    expect(statesOf(ROLE.TOGGLE_BUTTON, words(...base, STATE_BIT.PRESSED))).toEqual(['checked']);
    expect(statesOf(43, words(...base))).toEqual([]);
  });

  it('marks expandables collapsed unless expanded, and windows active', () => {
    const showing = STATE_BIT.SHOWING;
    expect(statesOf(ROLE.COMBO_BOX, words(showing, STATE_BIT.EXPANDABLE))).toEqual(['collapsed']);
    expect(
      statesOf(ROLE.COMBO_BOX, words(showing, STATE_BIT.EXPANDABLE, STATE_BIT.EXPANDED)),
    ).toEqual(['expanded']);
    expect(statesOf(ROLE.FRAME, words(showing, STATE_BIT.ACTIVE))).toEqual(['active']);
    expect(statesOf(43, words(showing, STATE_BIT.ACTIVE))).toEqual([]);
  });

  it('returns states sorted in the protocol order', () => {
    const all = words(...Array.from({ length: 44 }, (_, i) => i));
    const states = statesOf(ROLE.PASSWORD_TEXT, all);
    expect(states.map((s) => STATES.indexOf(s))).toEqual(
      [...states].map((s) => STATES.indexOf(s)).sort((a, b) => a - b),
    );
    expect(states).toContain('password');
  });
});

describe('atspi pattern mapping', () => {
  it('maps Action to Invoke, Toggle or ExpandCollapse by role and state', () => {
    const action = IFACE('Action', 'Component');
    expect(patternsOf(43, words(), action, false)).toEqual(['Invoke']);
    expect(patternsOf(ROLE.CHECK_BOX, words(), action, false)).toEqual(['Toggle']);
    expect(patternsOf(ROLE.COMBO_BOX, words(), action, false)).toEqual(['ExpandCollapse']);
    expect(patternsOf(ROLE.LIST_ITEM, words(STATE_BIT.EXPANDABLE), action, false)).toEqual([
      'ExpandCollapse',
    ]);
  });

  it('maps text, value, selection and window interfaces', () => {
    const entry = patternsOf(ROLE.ENTRY, words(), IFACE('Text', 'EditableText'), false);
    expect(entry).toEqual(['Value', 'Text']);
    expect(patternsOf(51, words(), IFACE('Value'), false)).toEqual(['RangeValue']);
    expect(patternsOf(ROLE.LIST, words(), IFACE('Selection'), false)).toEqual(['Selection']);
    expect(patternsOf(ROLE.LIST_ITEM, words(), [], true)).toEqual(['SelectionItem']);
    expect(patternsOf(ROLE.DIALOG, words(), [], false)).toEqual(['Window']);
    expect(patternsOf(ROLE.SCROLL_PANE, words(), [], false)).toEqual(['Scroll']);
    expect(patternsOf(29, words(), IFACE('Text'), false)).toEqual([]);
  });

  it('returns patterns sorted in the protocol order', () => {
    const every = IFACE('Action', 'EditableText', 'Text', 'Value', 'Selection', 'Table');
    const patterns = patternsOf(ROLE.TABLE, words(STATE_BIT.SELECTABLE), every, true);
    expect(patterns.map((p) => PATTERNS.indexOf(p))).toEqual(
      patterns.map((p) => PATTERNS.indexOf(p)).sort((a, b) => a - b),
    );
    expect(patterns).toContain('Table');
  });

  it('offers ScrollItem on a component only where the toolkit scrolls on ScrollTo', () => {
    const component = ['org.a11y.atspi.Component'];
    expect(patternsOf(ROLE.TABLE_CELL, words(), component, false)).toEqual([]);
    expect(patternsOf(ROLE.TABLE_CELL, words(), component, false, true)).toEqual(['ScrollItem']);
    expect(patternsOf(ROLE.TABLE_CELL, words(), [], false, true)).toEqual([]);
    expect(patternsOf(ROLE.FRAME, words(), component, false, true)).toEqual(['Window']);
    expect(actionPolicyOf('Chromium').scrollTo).toBe(true);
    expect(actionPolicyOf('Gecko').scrollTo).toBe(true);
    expect(actionPolicyOf('GAIL').scrollTo).toBe(false);
    expect(actionPolicyOf('Qt').scrollTo).toBe(false);
    expect(actionPolicyOf('SomethingNew').scrollTo).toBe(false);
  });

  it('clicks GTK 3 menu items and buttons with real input, GTK 4 buttons alone', () => {
    expect(actionPolicyOf('gtk', '3.24.38').nestedLoopRoles.has(ROLE.PUSH_BUTTON)).toBe(true);
    expect(actionPolicyOf('gtk', '3.24.38').nestedLoopRoles.has(ROLE.MENU_ITEM)).toBe(true);
    // GTK 4 has no nested loop, but its button action runs `clicked` 250 ms late.
    const gtk4 = actionPolicyOf('GTK', '4.8.3');
    expect([...gtk4.nestedLoopRoles]).toEqual([ROLE.PUSH_BUTTON]);
    expect(gtk4.windowRelativeExtents).toBe(true);
    expect(actionPolicyOf('gtk', '3.24.38').windowRelativeExtents).toBeUndefined();
  });
});
