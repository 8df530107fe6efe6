/**
 * The desktop-operations conformance suite on Qt 5 under openbox (test/fixtures/toolkits/qtDnd.py:
 * a line edit and a QListWidget in InternalMove mode). Known gaps:
 * expectations/desktop/atspi-qt5.json.
 */
import { fileURLToPath } from 'node:url';
import { atspiDesktopFixture } from './desktop/atspiFixture.js';
import { runDesktopConformance } from './desktop/harness.js';

const TITLE = 'Qt 5 desktop ops';

runDesktopConformance(
  'atspi-qt5',
  atspiDesktopFixture({
    command: '/usr/bin/python3',
    args: [
      fileURLToPath(new URL('../fixtures/toolkits/qtDnd.py', import.meta.url)),
      '--title',
      TITLE,
    ],
    title: TITLE,
    edit: 'Text',
    list: 'Fruits',
    rowType: 'ListItem',
  }),
);
