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
): Promise<AppInfo> {
  const [name, toolkit, pidReply] = await Promise.all([
    reader.prop([busName, ROOT_PATH], 'Accessible', 'Name', signal),
    reader.prop([busName, ROOT_PATH], 'Application', 'ToolkitName', signal).catch(() => ''),
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
  if (actionPolicyOf(asString(toolkit)).scrollTo) info.scrollTo = true;
  if (typeof pidReply[0] === 'number') info.pid = pidReply[0];
  return info;
}
