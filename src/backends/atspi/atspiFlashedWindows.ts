/**
 * A window the X server mapped and took down again before any desktop listing held it (a Swing
 * dialog that closes itself within a few hundred ms: Java's bridge exposes it late, and the
 * re-list its map caused comes back after it was destroyed). It still opened and closed: the
 * cache is told so from the X server's record of it, as a window read with its title alone and
 * closed by the window system at once, so that subscribers and the action that caused it name
 * it. Its id is a placeholder under its app's bus name: it is gone before anything could read it.
 */
import type { BackendEvent, BackendNode } from '../backend.js';
import { DESKTOP_ID } from './atspiIds.js';
import type { Shown } from './atspiShownWindows.js';
import { closedEvent } from './atspiTopLevels.js';

/** The object path prefix of placeholders: no AT-SPI object lives under it. */
const PLACEHOLDER_PATH = '/org/uistream/x11/window/';

/**
 * The events telling that each window in `gone` opened and closed; `busNameOf` finds the app's
 * bus name for a pid (undefined: not an app on the accessibility bus, nothing is told).
 */
export function flashedEvents(
  gone: readonly Shown[],
  busNameOf: (pid: number) => string | undefined,
): BackendEvent[] {
  return gone.flatMap((shown) => {
    const busName = busNameOf(shown.pid);
    if (busName === undefined) return [];
    const id = `${busName}:${PLACEHOLDER_PATH}${shown.xid}`;
    const node: BackendNode = {
      id,
      parentId: DESKTOP_ID,
      children: [],
      props: {
        controlType: 'Window',
        name: shown.title,
        rect: null,
        states: [],
        patterns: [],
        pid: shown.pid,
      },
    };
    return [{ type: 'window.opened', id, nodes: [node] }, closedEvent(id)];
  });
}
