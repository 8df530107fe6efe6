/** Launch a scene's app on the desktop: a process (name, pid) and its main window. */
import type { Desktop } from '../desktop.js';
import type { SimElement } from '../element.js';
import type { AppSpec } from '../scene.js';
import { createApp, type SimApp } from './app.js';
import { launchCustom } from './custom.js';
import { launchEditor } from './editor.js';
import { launchGrid } from './grid.js';
import { launchInstaller } from './installer.js';
import { launchSettings } from './settings.js';
import { launchFlaky } from './flaky.js';
import { launchDragDrop } from './dragdrop.js';
import { launchSlow } from './slow.js';

const PROCESS: Record<Exclude<AppSpec['kind'], 'window'>, string> = {
  editor: 'editor',
  settings: 'settings',
  installer: 'setup',
  grid: 'records',
  slow: 'busyapp',
  flaky: 'flakyapp',
  dragdrop: 'dragdrop',
};

export interface Launched {
  app: SimApp;
  window: SimElement;
}

/** Pids are deterministic: the n-th launch of a desktop gets 1000 + 4n. */
export function launchApp(d: Desktop, spec: AppSpec): Launched {
  const pid = 1000 + 4 * d.apps.length;
  const app = createApp(spec.kind, spec.kind === 'window' ? spec.app : PROCESS[spec.kind], pid);
  d.apps.push(app);
  const n = d.apps.length;
  const pos = spec.at ?? { x: 40 + ((n * 40) % 400), y: 40 + ((n * 30) % 300) };
  return launchKind(d, app, spec, pos);
}

function launchKind(
  d: Desktop,
  app: SimApp,
  spec: AppSpec,
  pos: { x: number; y: number },
): Launched {
  switch (spec.kind) {
    case 'editor':
      return {
        app,
        window: launchEditor(d, app, { ...pos, text: spec.text, fileName: spec.fileName }),
      };
    case 'settings':
      return { app, window: launchSettings(d, app, pos) };
    case 'installer': {
      const installer = launchInstaller(d, app, { ...pos, progressStepMs: spec.progressStepMs });
      app.advance = (percent) => installer.advance(percent);
      return { app, window: installer.window };
    }
    case 'grid':
      return {
        app,
        window: launchGrid(d, app, { ...pos, rows: spec.rows, visibleRows: spec.visibleRows }),
      };
    case 'slow':
      return { app, window: launchSlow(d, app, pos, spec.delayMs) };
    case 'flaky':
      return { app, window: launchFlaky(d, app, pos) };
    case 'dragdrop':
      return { app, window: launchDragDrop(d, app, pos) };
    case 'window':
      return { app, window: launchCustom(d, app, { ...pos, ...spec }) };
  }
}
