/**
 * Reading what the backend needs to know about an app: its name, its process id and what its
 * toolkit's bridge can do (atspiActionPolicy.ts).
 */
import { actionPolicyOf } from './atspiActionPolicy.js';
import type { AppInfo, AtspiReader } from './atspiFetch.js';
import { asString, ROOT_PATH } from './atspiIds.js';

/**
 * The app's name (its root's Name, read with Get), pid (asked of the bus daemon) and whether its
 * toolkit scrolls on `Component.ScrollTo` (from `Application.ToolkitName`).
 */
export async function readAppInfo(
  reader: AtspiReader,
  busName: string,
  signal: AbortSignal,
  /** The app's `Application.ToolkitName` as the guard already read it (no call of its own). */
  toolkit: (busName: string) => Promise<string>,
): Promise<AppInfo> {
  const [name, toolkitName, pidReply] = await Promise.all([
    reader.prop([busName, ROOT_PATH], 'Accessible', 'Name', signal),
    toolkit(busName),
    reader.bus
      .call(
        {
          dest: 'org.freedesktop.DBus',
          path: '/org/freedesktop/DBus',
          iface: 'org.freedesktop.DBus',
          member: 'GetConnectionUnixProcessID',
          signature: 's',
          body: [busName],
        },
        signal,
      )
      .catch(() => [undefined]),
  ]);
  const info: AppInfo = { name: asString(name) };
  if (actionPolicyOf(toolkitName).scrollTo) info.scrollTo = true;
  if (typeof pidReply[0] === 'number') info.pid = pidReply[0];
  return info;
}
