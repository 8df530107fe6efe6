/**
 * Coordinates where toolkits scale themselves, on a second monitor: GTK 3 and GTK 4 at
 * GDK_SCALE=2 and Qt 5 at QT_SCALE_FACTOR=1.5 on two monitors side by side under openbox. The
 * X server's pixels stay physical; each toolkit reports AT-SPI extents in its own logical pixels
 * (docs/desktop-operations.md, Scaled apps), and the server's rects must be X pixels all the same. Known gaps:
 * expectations/desktop/atspi-<toolkit>-scaled.json.
 */
import { fileURLToPath } from 'node:url';
import { atspiDesktopFixture, type X11App } from './desktop/atspiFixture.js';
import { runDesktopConformance } from './desktop/harness.js';
import { DESKTOP_SPECS, SCALE_SPECS } from './desktop/specs/index.js';

const fixture = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const python = '/usr/bin/python3';

/** The scale specs, and those whose coordinates come from the cache (moves, drags, clicks). */
const SPECS = [
  ...SCALE_SPECS,
  ...DESKTOP_SPECS.filter((s) =>
    ['monitors.match', 'windows.list', 'drag.reorder', 'focus.keep-refuses-typing'].includes(s.id),
  ),
];

const APPS: Record<string, X11App> = {
  'atspi-gtk3-scaled': {
    command: python,
    args: [fixture('../fixtures/gtk/dnd_app.py'), '--title', 'GTK 3 at 2x'],
    title: 'GTK 3 at 2x',
    edit: 'Text',
    list: 'Fruits',
    rowType: 'DataItem',
    env: { GDK_SCALE: '2' },
  },
  'atspi-gtk4-scaled': {
    command: python,
    args: [fixture('../fixtures/gtk/dnd4_app.py'), '--title', 'GTK 4 at 2x'],
    title: 'GTK 4 at 2x',
    edit: 'Text',
    list: 'Fruits',
    rowType: 'ListItem',
    env: { GDK_SCALE: '2' },
  },
  'atspi-qt5-scaled': {
    command: python,
    args: [fixture('../fixtures/toolkits/qtDnd.py'), '--title', 'Qt 5 at 1.5x'],
    title: 'Qt 5 at 1.5x',
    edit: 'Text',
    list: 'Fruits',
    rowType: 'ListItem',
    env: { QT_SCALE_FACTOR: '1.5' },
  },
};

for (const [backend, app] of Object.entries(APPS)) {
  runDesktopConformance(backend, atspiDesktopFixture(app, { twoMonitors: true }), SPECS);
}
