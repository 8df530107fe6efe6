/** The slow app: every call into it waits its configured delay (a busy UI thread; see SimApp.delayMs). */
import type { Desktop } from '../desktop.js';
import type { SimElement } from '../element.js';
import { openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

const W = 360;
const H = 200;

export function launchSlow(
  d: Desktop,
  app: SimApp,
  at: { x: number; y: number },
  delayMs: number,
): SimElement {
  app.delayMs = delayMs;
  let refreshed = 0;
  const win: SimElement = openWindow(d, app, {
    type: 'Window',
    name: 'Busy App',
    className: 'BusyWindow',
    rect: [at.x, at.y, W, H],
    children: [
      titleBar(d, 'Busy App', W, () => must(win), 'slow'),
      {
        type: 'Text',
        name: 'Never refreshed',
        automationId: 'slow.status',
        rect: [16, 50, 300, 24],
      },
      { type: 'Edit', name: 'Query', automationId: 'slow.query', rect: [16, 84, 200, 24] },
      {
        type: 'Button',
        name: 'Refresh',
        automationId: 'slow.refresh',
        rect: [256, 150, 88, 28],
        hooks: {
          invoke: () => {
            refreshed += 1;
            d.set(must(win && d.find(win, 'slow.status')), {
              name: `Refreshed ${refreshed} times`,
            });
          },
        },
      },
    ],
  });
  return win;
}
