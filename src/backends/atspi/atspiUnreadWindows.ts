/**
 * A desktop listing leaves out an app that does not answer now (atspiBulk.ts): its windows are
 * not gone, only unread, and closing them would be a lie the app's next answer has to undo.
 * The last listing's windows of such apps are carried into this one, as children the listing
 * could not read (BackendNode.unreadChildren): the cache keeps them as it holds them, and the
 * X matching still pairs them. The app is re-listed once it answers again (atspiHealth.ts).
 */
import type { BackendNode } from '../backend.js';
import type { AccessibleTopLevel } from '../x11/index.js';
import { busNameOf } from './atspiTopLevels.js';

export interface CarriedListing {
  nodes: BackendNode[];
  /** The windows carried over from the last listing (none when every app was read). */
  carried: AccessibleTopLevel[];
}

export function carryUnreadWindows(
  nodes: BackendNode[],
  previous: readonly AccessibleTopLevel[],
  unreadApps: readonly string[],
): CarriedListing {
  const desktop = nodes[0];
  if (desktop === undefined || unreadApps.length === 0) return { nodes, carried: [] };
  const apps = new Set(unreadApps);
  const listed = new Set(desktop.children);
  const carried = previous.filter((w) => apps.has(busNameOf(w.id)) && !listed.has(w.id));
  if (carried.length === 0) return { nodes, carried };
  const ids = carried.map((w) => w.id);
  const kept = { ...desktop, children: [...desktop.children, ...ids], unreadChildren: ids };
  return { nodes: [kept, ...nodes.slice(1)], carried };
}
