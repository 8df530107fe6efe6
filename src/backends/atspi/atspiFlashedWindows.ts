/**
 * Windows the X server showed and took down again before the cache held them (a Swing dialog
 * that closes itself within a few hundred ms: Java's bridge exposes it late, and the re-list its
 * map caused comes back after it was destroyed, or is applied after its close was told). It
 * still opened and closed: the cache is told so, as a window read with its title alone, then
 * closed by the window system, so that subscribers and the action that caused it name it.
 */
import type { BackendEvent, BackendNode } from '../backend.js';
import { DESKTOP_ID } from './atspiIds.js';
import type { Shown } from './atspiShownWindows.js';
import { closedEvent } from './atspiTopLevels.js';

/** The object path prefix of placeholders: no AT-SPI object lives under it. */
const PLACEHOLDER_PATH = '/org/uistream/x11/window/';

function windowNode(id: string, name: string, pid: number | undefined): BackendNode {
  const node: BackendNode = {
    id,
    parentId: DESKTOP_ID,
    children: [],
    props: { controlType: 'Window', name, rect: null, states: [], patterns: [] },
  };
  if (pid !== undefined) node.props.pid = pid;
  return node;
}

/**
 * The events telling that each window in `gone` that no listing ever matched opened and closed,
 * under a placeholder id (it went before anything could read it); `busNameOf` finds the app's
 * bus name for a pid (undefined: not an app on the accessibility bus, nothing is told).
 */
export function flashedEvents(
  gone: readonly Shown[],
  busNameOf: (pid: number) => string | undefined,
): BackendEvent[] {
  return gone.flatMap((shown) => {
    const busName = busNameOf(shown.pid);
    if (busName === undefined || shown.listed) return [];
    const id = `${busName}:${PLACEHOLDER_PATH}${shown.xid}`;
    const nodes = [windowNode(id, shown.title, shown.pid)];
    return [{ type: 'window.opened', id, nodes }, closedEvent(id)];
  });
}
