/**
 * The conformance suite against the real AT-SPI2 backend on a Qt 5 app (the PyQt5 fixture),
 * relaunched for every spec. Known gaps are in expectations/atspi-qt5.json. Qt 6 is not run:
 * PyQt6 6.4's bridge never registers with the registry in a bare Xvfb session (see README).
 */
import { qtAppArgs, SYSTEM_PYTHON } from '../fixtures/toolkits/qtApp.js';
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

const TITLE = 'Qt conformance';

const PICKS: Record<TargetName, Pick> = {
  dialogButton: (n) => n.props.controlType === 'Button' && n.props.name === 'Open details',
  checkBox: (n) => n.props.controlType === 'CheckBox' && usable(n) && has(n, 'unchecked'),
  edit: (n) => n.props.controlType === 'Edit' && usable(n) && n.props.name === 'Name',
  selectable: (n) => n.props.controlType === 'ListItem' && n.props.name === 'Banana',
  expandable: (n) => n.props.patterns.includes('ExpandCollapse') && usable(n),
  range: (n) => n.props.controlType === 'Slider' && n.props.name === 'Volume',
  closableWindow: (n) => n.props.controlType === 'Window' && n.props.name === 'Notes',
  scrollable: (n) => n.props.patterns.includes('Scroll') && usable(n),
};

runConformance(
  'atspi-qt5',
  toolkitFixture({
    launch: (desktop) => desktop.launch(SYSTEM_PYTHON, qtAppArgs({ title: TITLE })),
    isMain: (w) => w.props.name === TITLE,
    picks: PICKS,
  }),
);
declareHealthCheck('Qt 5');
