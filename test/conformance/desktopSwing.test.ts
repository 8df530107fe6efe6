/**
 * The desktop-operations conformance suite on Swing under openbox (test/fixtures/swing/SwingApp:
 * a text field and a JList, through the ATK wrapper). Known gaps:
 * expectations/desktop/atspi-swing.json.
 */
import { JAVA, swingAppArgs } from '../fixtures/toolkits/swingApp.js';
import { atspiDesktopFixture } from './desktop/atspiFixture.js';
import { runDesktopConformance } from './desktop/harness.js';

const TITLE = 'Swing desktop ops';

runDesktopConformance(
  'atspi-swing',
  atspiDesktopFixture({
    command: JAVA,
    args: swingAppArgs({ title: TITLE }),
    title: TITLE,
    edit: 'Name',
    list: 'Fruit',
    rowType: 'ListItem',
  }),
);
