/**
 * Reading what the backend needs to know about an app: its name, its process id, what its
 * toolkit's bridge can do (atspiActionPolicy.ts) and how its tree reads (atspiToolkits.ts).
 */
import { actionPolicyOf } from './atspiActionPolicy.js';
import { treeRulesOf, type Toolkit } from './atspiToolkits.js';
import type { AppInfo, AtspiReader } from './atspiFetch.js';
import { asString, ROOT_PATH } from './atspiIds.js';

/**
 * The app's name (its root's Name, read with Get), pid (asked of the bus daemon), its toolkit,
 * how its tree reads and whether it scrolls on `Component.ScrollTo`.
 */
export async function readAppInfo(
  reader: AtspiReader,
  busName: string,
  signal: AbortSignal,
  /** The app's toolkit as the guard already read it (no call of its own). */
  toolkit: (busName: string) => Promise<Toolkit>,
): Promise<AppInfo> {
  const [name, kit, pidReply] = await Promise.all([
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
  const info: AppInfo = { name: asString(name), toolkit: kit, tree: treeRulesOf(kit) };
  if (actionPolicyOf(kit.name, kit.version).scrollTo) info.scrollTo = true;
  if (typeof pidReply[0] === 'number') info.pid = pidReply[0];
  return info;
}

/**
 * Each app's info, read once per bus name and kept while the connection lives; an app read
 * before its toolkit answered is read again, since its rules depend on it. Toolkit names by pid
 * outlive a connection (apps.list shows them).
 */
export class AppInfos {
  private readonly byBusName = new Map<string, Promise<AppInfo>>();
  readonly toolkits = new Map<number, string>();
  /** Pids of apps whose toolkit counts extents from its window's corner (GTK 4). */
  readonly windowRelative = new Set<number>();

  get(
    busName: string,
    signal: AbortSignal,
    conn: { reader: AtspiReader; guard: { toolkitOf(name: string): Promise<Toolkit> } },
  ): Promise<AppInfo> {
    let info = this.byBusName.get(busName);
    if (info !== undefined) return info;
    info = readAppInfo(conn.reader, busName, signal, (name) => conn.guard.toolkitOf(name));
    this.byBusName.set(busName, info);
    info.then(
      (read) => {
        if (read.pid !== undefined) this.toolkits.set(read.pid, read.toolkit.name);
        const { windowRelativeExtents } = actionPolicyOf(read.toolkit.name, read.toolkit.version);
        if (read.pid !== undefined && windowRelativeExtents === true)
          this.windowRelative.add(read.pid);
        return read.toolkit.unread === true && this.byBusName.delete(busName);
      },
      () => this.byBusName.delete(busName),
    );
    return info;
  }

  /** Forget every app (a new connection names apps anew). */
  clear(): void {
    this.byBusName.clear();
  }
}
