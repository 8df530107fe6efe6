/**
 * The conformance suite against the real AT-SPI2 backend on GTK 4 (Debian's gtk4-widget-factory,
 * GTK 4.8), relaunched for every spec. Known gaps are in expectations/atspi-gtk4.json.
 */
import type { TargetName } from './fixture.js';
import { runConformance } from './harness.js';
import {
  declareHealthCheck,
  has,
  stopDesktopAfterAll,
  usable,
  toolkitFixture,
  type Pick,
} from './toolkitFixture.js';

stopDesktopAfterAll();

const TITLE = 'GTK Widget Factory';

/** GTK 4.8 leaves the children of an insensitive combo box SENSITIVE: every ancestor decides. */
const usableIn: Pick = (n, byId) => {
  for (let at = byId.get(n.parentId ?? ''); at !== undefined; at = byId.get(at.parentId ?? '')) {
    if (!has(at, 'enabled')) return false;
  }
  return usable(n);
};

const PICKS: Record<TargetName, Pick> = {
  // The font button's inner button opens the font chooser dialog.
  dialogButton: (n, byId) =>
    n.props.controlType === 'Button' &&
    usable(n) &&
    byId.get(n.parentId ?? '')?.props.name === 'GtkFontButton',
  checkBox: (n) => n.props.controlType === 'CheckBox' && usable(n) && has(n, 'unchecked'),
  // Not the entry that has focus at start: focus specs wait for focus to move there.
  edit: (n, byId) =>
    n.props.controlType === 'Edit' &&
    usableIn(n, byId) &&
    has(n, 'editable') &&
    !has(n, 'password') &&
    !has(n, 'focused'),
  selectable: (n) => n.props.controlType === 'TabItem' && usable(n) && !has(n, 'selected'),
  expandable: (n) =>
    n.props.patterns.includes('ExpandCollapse') && usable(n) && has(n, 'collapsed'),
  range: (n) =>
    n.props.controlType === 'Slider' &&
    usable(n) &&
    n.props.range !== undefined &&
    n.props.range.max > n.props.range.min,
  // The factory's one top-level window is its main window: closing it ends the app.
  closableWindow: () => false,
  scrollable: (n) => n.props.patterns.includes('Scroll') && usable(n),
};

runConformance(
  'atspi-gtk4',
  toolkitFixture({
    launch: (desktop) => desktop.launch('gtk4-widget-factory'),
    isMain: (w) => w.props.name === TITLE,
    picks: PICKS,
    // A spinning GtkSpinner's extents turn with its icon.
    steady: (n) =>
      n.props.name === 'GtkSpinner' ? { ...n, props: { ...n.props, rect: null } } : n,
  }),
);
declareHealthCheck('GTK 4');
