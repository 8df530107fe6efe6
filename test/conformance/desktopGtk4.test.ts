/**
 * The desktop-operations conformance suite on GTK 4 under openbox (test/fixtures/gtk/dnd4_app.py:
 * an entry and a list box whose rows are drag sources and drop targets). Known gaps:
 * expectations/desktop/atspi-gtk4.json.
 */
import { fileURLToPath } from 'node:url';
import { atspiDesktopFixture } from './desktop/atspiFixture.js';
import { runDesktopConformance } from './desktop/harness.js';

const TITLE = 'GTK 4 desktop ops';

runDesktopConformance(
  'atspi-gtk4',
  atspiDesktopFixture({
    command: '/usr/bin/python3',
    args: [
      fileURLToPath(new URL('../fixtures/gtk/dnd4_app.py', import.meta.url)),
      '--title',
      TITLE,
    ],
    title: TITLE,
    edit: 'Text',
    list: 'Fruits',
    rowType: 'ListItem',
  }),
);
