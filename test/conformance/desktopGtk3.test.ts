/**
 * The desktop-operations conformance suite on GTK 3 under openbox (test/fixtures/gtk/dnd_app.py:
 * an entry and a reorderable tree view). Known gaps: expectations/desktop/atspi-gtk3.json.
 */
import { fileURLToPath } from 'node:url';
import { atspiDesktopFixture } from './desktop/atspiFixture.js';
import { runDesktopConformance } from './desktop/harness.js';

const TITLE = 'GTK 3 desktop ops';

runDesktopConformance(
  'atspi-gtk3',
  atspiDesktopFixture({
    command: '/usr/bin/python3',
    args: [fileURLToPath(new URL('../fixtures/gtk/dnd_app.py', import.meta.url)), '--title', TITLE],
    title: TITLE,
    edit: 'Text',
    list: 'Fruits',
    rowType: 'DataItem',
  }),
);
