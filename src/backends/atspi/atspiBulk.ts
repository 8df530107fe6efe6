/**
 * Bulk fetch: one `Cache.GetItems` call per app returns every element it knows with role, name,
 * states, interfaces and child count, so per element only extents, range and text are read,
 * and the child list where the element has children (GetChildren: the items' index in parent can
 * disagree with its order). A leaf the items vouch for (see childListsOf) is not asked: most
 * elements are leaves, and a busy app (one building a dialog) answers each call slowly. Any
 * child the items lack is completed by a scoped walk. An app without the Cache interface is
 * walked.
 */
import type { BackendId, BackendNode, FetchOptions } from '../backend.js';
import {
  AppNotRespondingError,
  ElementStaleError,
  PatternNotSupportedError,
  throwIfAborted,
} from '../../errors.js';
import { urgentCalls, type ObjectRef } from './atspiBus.js';
import type { AtspiReader } from './atspiFetch.js';
import { parentIdOf, type RawElement } from './atspiNode.js';
import { DESKTOP_ID, idOf, isAppRoot, REGISTRY_NAME, refOf, ROOT_PATH } from './atspiIds.js';
import { hasState, STATE_BIT } from './atspiRoles.js';
import { desktopNode, readChildren, walkSubtree } from './atspiWalk.js';

const CACHE_PATH = '/org/a11y/atspi/cache';
const SELECTION = 'org.a11y.atspi.Selection';

/**
 * One app's items: element id -> raw element (children filled in when assembled), and the child
 * lists the items themselves vouch for.
 */
interface AppItems {
  elements: Map<BackendId, RawElement>;
  childLists: Map<BackendId, ObjectRef[]>;
}

export type Item = [
  ObjectRef,
  ObjectRef,
  ObjectRef,
  number,
  number,
  string[],
  string,
  number,
  string,
  number[],
];

/** All items of one app, or undefined when it has no Cache interface. */
async function appItems(
  reader: AtspiReader,
  busName: string,
  signal: AbortSignal,
): Promise<AppItems | undefined> {
  let body: unknown[];
  try {
    body = await reader.bus.call(
      { dest: busName, path: CACHE_PATH, iface: 'org.a11y.atspi.Cache', member: 'GetItems' },
      signal,
    );
  } catch (err) {
    if (err instanceof PatternNotSupportedError) return undefined;
    throw err;
  }
  const rows = (body[0] ?? []) as Item[];
  const elements = new Map<BackendId, RawElement>();
  for (const [self, , parent, , , interfaces, name, role, , states] of rows) {
    elements.set(idOf(self), {
      ref: self,
      role,
      states,
      name,
      accessibleId: '',
      interfaces,
      parent,
      children: [],
      rect: null,
    });
  }
  return { elements, childLists: childListsOf(rows) };
}

/**
 * The child lists the items vouch for: the empty ones (a child count of 0 and no item naming the
 * element as its Parent). A non-empty list is still asked of GetChildren: GTK 3 answers indices
 * in parent in another order than GetChildren for some boxes. A container managing its
 * descendants is left out (GetItems omits its cells and counts them as none).
 */
export function childListsOf(rows: readonly Item[]): Map<BackendId, ObjectRef[]> {
  const parents = new Set(rows.map((row) => idOf(row[2])));
  const lists = new Map<BackendId, ObjectRef[]>();
  for (const [self, , , , count, , , , , states] of rows) {
    const id = idOf(self);
    if (count !== 0 || parents.has(id) || hasState(states, STATE_BIT.MANAGES_DESCENDANTS)) continue;
    lists.set(id, []);
  }
  return lists;
}

/** Fetch a subtree in bulk: root first, pre-order, like walkSubtree. */
export async function bulkSubtree(
  reader: AtspiReader,
  id: BackendId,
  options: FetchOptions,
): Promise<BackendNode[]> {
  const { signal } = options;
  throwIfAborted(signal);
  // A new window's read goes ahead of the event re-reads its making queued on the bus.
  if (options.urgent === true) return urgentCalls(() => bulkSubtree(reader, id, plain(options)));
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  if (id === DESKTOP_ID) {
    if (maxDepth <= 0) return walkSubtree(reader, id, options);
    const perApp = await eachApp(reader, signal, (app) =>
      appWindows(reader, app, maxDepth, signal).then(
        (subtrees) => ({ app: app[0], subtrees, unread: false }),
        (err: unknown) => ({
          app: app[0],
          subtrees: unreadableAppToEmpty(err),
          unread: err instanceof AppNotRespondingError,
        }),
      ),
    );
    const subtrees = perApp.flatMap((a) => a.subtrees);
    const desktop = desktopNode(subtrees.map((s) => s[0]?.id ?? ''));
    const unread = perApp.filter((a) => a.unread).map((a) => a.app);
    if (unread.length > 0) unreadApps.set(desktop, unread);
    return [desktop, ...subtrees.flat()];
  }
  const ref = refOf(id);
  if (isAppRoot(ref)) throw new ElementStaleError(`${id} is an application, not an element`);
  const items = await appItems(reader, ref[0], signal);
  const raw = items?.elements.get(id);
  if (items === undefined || raw === undefined) return walkSubtree(reader, id, options);
  const parentId = parentIdOf(raw);
  const parentSelects =
    items.elements.get(idOf(raw.parent))?.interfaces.includes(SELECTION) ?? false;
  return assemble(reader, items, raw, parentId, parentSelects, 0, maxDepth, signal);
}

/** The apps (bus names) a desktop listing could not read, by the listing's desktop node. */
const unreadApps = new WeakMap<BackendNode, readonly string[]>();

/**
 * The apps a desktop listing left out because they do not answer now (quarantined): their
 * windows are not gone, only unread (atspiUnreadWindows.ts).
 */
export function unreadAppsOf(desktop: BackendNode | undefined): readonly string[] {
  return desktop === undefined ? [] : (unreadApps.get(desktop) ?? []);
}

/** The apps the registry listed last time, per reader (see eachApp). */
const lastApps = new WeakMap<AtspiReader, readonly ObjectRef[]>();

/**
 * `read` of every app the registry lists, in its order. The apps it listed last time are read
 * while it is asked (apps rarely come and go, and a window's listing waited a round trip for
 * it); an app it no longer lists is dropped with its read, a new one is read once listed.
 */
export async function eachApp<T>(
  reader: AtspiReader,
  signal: AbortSignal,
  read: (app: ObjectRef) => Promise<T>,
): Promise<T[]> {
  const early = new Map<string, Promise<T>>();
  for (const app of lastApps.get(reader) ?? []) early.set(app.join(), read(app));
  // Each early read is awaited below or dropped: a dropped one must not reject unhandled.
  for (const pending of early.values()) pending.catch(() => undefined);
  const apps = await reader.children([REGISTRY_NAME, ROOT_PATH], signal);
  lastApps.set(reader, apps);
  return Promise.all(apps.map((app) => early.get(app.join()) ?? read(app)));
}

function plain(options: FetchOptions): FetchOptions {
  const { urgent: _urgent, ...rest } = options;
  return rest;
}

function staleToEmpty(err: unknown): BackendNode[][] {
  if (err instanceof ElementStaleError) return [];
  throw err;
}

/**
 * The desktop leaves out a vanished app and a quarantined one (it cannot be read now; it is
 * read again once it answers), so one hung app does not stop the rest of the desktop.
 */
function unreadableAppToEmpty(err: unknown): BackendNode[][] {
  if (err instanceof AppNotRespondingError) return [];
  return staleToEmpty(err);
}

async function appWindows(
  reader: AtspiReader,
  app: ObjectRef,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[][]> {
  const [items, windows] = await Promise.all([
    appItems(reader, app[0], signal),
    reader.children(app, signal),
  ]);
  return childSubtrees(reader, items, windows, DESKTOP_ID, false, 1, maxDepth, signal);
}

/** Each child from the items when it is there, else by a scoped walk; vanished ones left out. */
async function childSubtrees(
  reader: AtspiReader,
  items: AppItems | undefined,
  refs: readonly ObjectRef[],
  parentId: BackendId,
  parentSelects: boolean,
  depth: number,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[][]> {
  const subtrees = await Promise.all(
    refs.map(async (ref) => {
      const raw = items?.elements.get(idOf(ref));
      if (items === undefined || raw === undefined) {
        return (
          await readChildren(reader, [ref], parentId, parentSelects, depth, maxDepth, signal)
        ).flat();
      }
      return assemble(reader, items, raw, parentId, parentSelects, depth, maxDepth, signal).catch(
        (err: unknown) => staleToEmpty(err).flat(),
      );
    }),
  );
  return subtrees.filter((s) => s.length > 0);
}

async function assemble(
  reader: AtspiReader,
  items: AppItems,
  raw: RawElement,
  parentId: BackendId | null,
  parentSelects: boolean,
  depth: number,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[]> {
  const listed = items.childLists.get(idOf(raw.ref));
  const [children] = await Promise.all([
    listed ?? reader.children(raw.ref, signal, (child) => items.elements.get(idOf(child))?.parent),
    reader.readExtras(raw, signal),
  ]);
  raw.children = children;
  const node = await reader.toNode(raw, parentId, parentSelects, signal);
  if (depth >= maxDepth || children.length === 0) return [node];
  const selecting = raw.interfaces.includes(SELECTION);
  const subtrees = await childSubtrees(
    reader,
    items,
    children,
    node.id,
    selecting,
    depth + 1,
    maxDepth,
    signal,
  );
  node.children = subtrees.map((s) => s[0]?.id ?? '');
  return [node, ...subtrees.flat()];
}
