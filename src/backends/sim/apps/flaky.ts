/** The flaky app: it can crash, its windows vanishing mid-operation (see windows.ts crashApp). */
import type { Desktop } from '../desktop.js';
import type { SimElement } from '../element.js';
import { crashApp, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

const W = 360;
const H = 200;

export function launchFlaky(d: Desktop, app: SimApp, at: { x: number; y: number }): SimElement {
  const win: SimElement = openWindow(d, app, {
    type: 'Window',
    name: 'Flaky App',
    className: 'FlakyWindow',
    rect: [at.x, at.y, W, H],
    children: [
      titleBar(d, 'Flaky App', W, () => must(win), 'flaky'),
      {
        type: 'CheckBox',
        name: 'Keep running',
        automationId: 'flaky.keep',
        rect: [16, 50, 200, 24],
      },
      { type: 'Edit', name: 'Notes', automationId: 'flaky.notes', rect: [16, 84, 200, 24] },
      {
        type: 'Button',
        name: 'Crash',
        automationId: 'flaky.crash',
        rect: [256, 150, 88, 28],
        hooks: { invoke: () => crashApp(d, app) },
      },
    ],
  });
  return win;
}
