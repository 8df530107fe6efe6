/** Reading what the backend needs to know about an app: its name and its process id. */
import type { AppInfo, AtspiReader } from './atspiFetch.js';
import { asString, ROOT_PATH } from './atspiIds.js';

/** The app's name (its root's Name, read with Get) and pid (asked of the bus daemon). */
export async function readAppInfo(
  reader: AtspiReader,
  busName: string,
  signal: AbortSignal,
): Promise<AppInfo> {
  const [name, pidReply] = await Promise.all([
    reader.prop([busName, ROOT_PATH], 'Accessible', 'Name', signal),
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
  if (typeof pidReply[0] === 'number') info.pid = pidReply[0];
  return info;
}
