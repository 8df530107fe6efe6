/**
 * Bulk fetch: one `Cache.GetItems` call per app returns every element it knows with role, name,
 * states, interfaces and its place in the tree; only extents, range and text are read per
 * element. GetItems omits the children of MANAGES_DESCENDANTS containers (tree and table cells),
 * so any element whose item count falls short of its child count is completed by a scoped walk.
 * An app without the Cache interface is walked.
 */
import type { BackendId, BackendNode, FetchOptions } from '../backend.js';
import { ElementStaleError, PatternNotSupportedError, throwIfAborted } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader, RawElement } from './atspiFetch.js';
import { DESKTOP_ID, idOf, isAppRoot, REGISTRY_NAME, refOf, ROOT_PATH } from './atspiIds.js';
import { hasState, STATE_BIT } from './atspiRoles.js';
import { desktopNode, readChildren, walkSubtree } from './atspiWalk.js';

const CACHE_PATH = '/org/a11y/atspi/cache';
const SELECTION = 'org.a11y.atspi.Selection';

/** One app's items: element id -> raw element (children in index order). */
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
  const items = new Map<BackendId, RawElement>();
  const order: { parent: BackendId; index: number; ref: ObjectRef }[] = [];
  for (const [self, , parent, index, , interfaces, name, role, , states] of (body[0] ??
    []) as Item[]) {
    const raw: RawElement = {
      ref: self,
      role,
      states,
      name,
      accessibleId: '',
      interfaces,
      parent,
      children: [],
      rect: null,
    };
    items.set(idOf(self), raw);
    order.push({ parent: idOf(parent), index, ref: self });
  }
  order.sort((a, b) => a.index - b.index);
  const indexes = new Map<BackendId, number[]>();
  for (const { parent, ref, index } of order) {
    items.get(parent)?.children.push(ref);
    indexes.set(parent, [...(indexes.get(parent) ?? []), index]);
  }
  // Remember the counts the app reported, to spot containers whose children were omitted.
  for (const [self, , , , childCount] of (body[0] ?? []) as Item[]) {
    const raw = items.get(idOf(self));
    // Children must be exactly indexes 0..n-1, or their order is not trustworthy either.
    const exact = (indexes.get(idOf(self)) ?? []).every((index, i) => index === i);
    if (
      raw !== undefined &&
      (raw.children.length !== childCount ||
        !exact ||
        hasState(raw.states, STATE_BIT.MANAGES_DESCENDANTS))
    ) {
      incomplete.add(raw);
    }
  }
  return items;
}

/** Raw elements whose children GetItems left out (checked by identity, per fetch). */
const incomplete = new WeakSet<RawElement>();

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
      apps.map((app) => appWindows(reader, app, maxDepth, signal).catch(staleToEmpty)),
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

async function appWindows(
  reader: AtspiReader,
  app: ObjectRef,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[][]> {
  const items = await appItems(reader, app[0], signal);
  const root = items?.get(idOf(app));
  if (items === undefined || root === undefined || incomplete.has(root)) {
    const windows = await reader.children(app, signal);
    return readChildren(reader, windows, DESKTOP_ID, false, 1, maxDepth, signal);
  }
  const windows = root.children.map((w) => items.get(idOf(w))).filter((w) => w !== undefined);
  return Promise.all(
    windows.map((w) => assemble(reader, items, w, DESKTOP_ID, false, 1, maxDepth, signal)),
  );
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
  if (incomplete.has(raw)) raw.children = await reader.children(raw.ref, signal);
  await reader.readExtras(raw, signal);
  const node = await reader.toNode(raw, parentId, parentSelects, signal);
  if (depth >= maxDepth || raw.children.length === 0) return [node];
  const selecting = raw.interfaces.includes(SELECTION);
  const known = raw.children.map((c) => items.get(idOf(c)));
  const subtrees =
    incomplete.has(raw) || known.some((k) => k === undefined)
      ? await readChildren(reader, raw.children, node.id, selecting, depth + 1, maxDepth, signal)
      : await Promise.all(
          known.map((k) =>
            assemble(reader, items, k!, node.id, selecting, depth + 1, maxDepth, signal).catch(
              (err: unknown) => staleToEmpty(err).flat(),
            ),
          ),
        );
  const present = subtrees.filter((s) => s.length > 0);
  node.children = present.map((s) => s[0]?.id ?? '');
  return [node, ...present.flat()];
}
