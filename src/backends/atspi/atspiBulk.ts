/**
 * Bulk fetch: one `Cache.GetItems` call per app returns every element it knows with role, name,
 * states and interfaces, so per element only the child list (GetChildren: the items' own
 * index-in-parent can disagree with it while an app rearranges) and extents, range and text are
 * read. GetItems omits the children of MANAGES_DESCENDANTS containers (tree and table cells):
 * any child it lacks is completed by a scoped walk. An app without the Cache interface is walked.
 */
import type { BackendId, BackendNode, FetchOptions } from '../backend.js';
import {
  AppNotRespondingError,
  ElementStaleError,
  PatternNotSupportedError,
  throwIfAborted,
} from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader, RawElement } from './atspiFetch.js';
import { DESKTOP_ID, idOf, isAppRoot, REGISTRY_NAME, refOf, ROOT_PATH } from './atspiIds.js';
import { desktopNode, readChildren, walkSubtree } from './atspiWalk.js';

const CACHE_PATH = '/org/a11y/atspi/cache';
const SELECTION = 'org.a11y.atspi.Selection';

/** One app's items: element id -> raw element (children filled in when assembled). */
type AppItems = Map<BackendId, RawElement>;

type Item = [
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
  const items: AppItems = new Map();
  for (const [self, , parent, , , interfaces, name, role, , states] of (body[0] ?? []) as Item[]) {
    items.set(idOf(self), {
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
  return items;
}

/** Fetch a subtree in bulk: root first, pre-order, like walkSubtree. */
export async function bulkSubtree(
  reader: AtspiReader,
  id: BackendId,
  options: FetchOptions,
): Promise<BackendNode[]> {
  const { signal } = options;
  throwIfAborted(signal);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  if (id === DESKTOP_ID) {
    if (maxDepth <= 0) return walkSubtree(reader, id, options);
    const apps = await reader.children([REGISTRY_NAME, ROOT_PATH], signal);
    const perApp = await Promise.all(
      apps.map((app) => appWindows(reader, app, maxDepth, signal).catch(unreadableAppToEmpty)),
    );
    const subtrees = perApp.flat();
    return [desktopNode(subtrees.map((s) => s[0]?.id ?? '')), ...subtrees.flat()];
  }
  const ref = refOf(id);
  if (isAppRoot(ref)) throw new ElementStaleError(`${id} is an application, not an element`);
  const items = await appItems(reader, ref[0], signal);
  const raw = items?.get(id);
  if (items === undefined || raw === undefined) return walkSubtree(reader, id, options);
  const parentId = reader.parentIdOf(raw);
  const parentSelects = items.get(idOf(raw.parent))?.interfaces.includes(SELECTION) ?? false;
  return assemble(reader, items, raw, parentId, parentSelects, 0, maxDepth, signal);
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
      const raw = items?.get(idOf(ref));
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
  const [children] = await Promise.all([
    reader.children(raw.ref, signal, (child) => items.get(idOf(child))?.parent),
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
