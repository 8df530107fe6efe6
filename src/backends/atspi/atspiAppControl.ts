/**
 * The apps capability of the AT-SPI backend: Linux launching (src/backends/xdg/), windows
 * asked to close through the X server (the accessible window's matched X window, see
 * atspiCloseTarget.ts; toolkits offer no close action over AT-SPI), toolkits as the apps told
 * the bus, and the processes the X server shows windows for that never joined the bus.
 */
import { throwIfAborted } from '../../errors.js';
import type { BackendApps, InaccessibleApp } from '../apps.js';
import { X11WindowCloser } from '../x11/index.js';
import { createLinuxAppControl, processName } from '../xdg/linuxApps.js';
import { closeTargetXid } from './atspiCloseTarget.js';
import type { AtspiWindowTruth } from './atspiWindowTruth.js';

export function createAtspiAppControl(
  env: NodeJS.ProcessEnv,
  truth: AtspiWindowTruth,
  toolkits: ReadonlyMap<number, string>,
): BackendApps & { stop(): void } {
  let closer: X11WindowCloser | undefined;
  const control = createLinuxAppControl(env, {
    async requestClose(windowId, options) {
      const xid = await closeTargetXid(truth, windowId, options.signal);
      if (xid === undefined) return; // gone already: the caller sees it closed
      (closer ??= new X11WindowCloser(env)).close(xid, truth.view().managed);
    },
    toolkit: (pid) => toolkits.get(pid),
    inaccessible: (signal) => {
      throwIfAborted(signal);
      return Promise.resolve(windowedProcesses(truth));
    },
  });
  return { ...control, stop: () => closer?.stop() };
}

/** Processes with top-level X windows, by pid (the caller leaves out the accessible ones). */
function windowedProcesses(truth: AtspiWindowTruth): InaccessibleApp[] {
  const byPid = new Map<number, InaccessibleApp>();
  for (const w of truth.view().windows) {
    if (w.popup || w.pid === undefined) continue;
    const app = byPid.get(w.pid) ?? {
      pid: w.pid,
      name: processName(w.pid) ?? String(w.pid),
      titles: [],
    };
    app.titles.push(w.title);
    byPid.set(w.pid, app);
  }
  return [...byPid.values()];
}
