/**
 * Pre-order subtree walks. Siblings are read in parallel (the bus caps concurrency); a child that
 * vanishes mid-walk is dropped from its parent's list so the result stays consistent, while a
 * vanished walk root is element_stale.
 */
import type { BackendId, BackendNode, FetchOptions } from '../backend.js';
import { ElementStaleError, throwIfAborted } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import type { AtspiReader } from './atspiFetch.js';
import { parentIdOf, type RawElement } from './atspiNode.js';
import { DESKTOP_ID, isAppRoot, isNullRef, refOf } from './atspiIds.js';

const SELECTION = 'org.a11y.atspi.Selection';

/** The desktop root node: a screen-sized pane whose children are every app's windows. */
export function desktopNode(children: BackendId[]): BackendNode {
  return {
    id: DESKTOP_ID,
    parentId: null,
    children,
    props: { controlType: 'Pane', name: 'Desktop', rect: null, states: ['enabled'], patterns: [] },
  };
}

/** Walk the subtree under `id`, root first, pre-order. */
export async function walkSubtree(
  reader: AtspiReader,
  id: BackendId,
  options: FetchOptions,
): Promise<BackendNode[]> {
  const { signal } = options;
  throwIfAborted(signal);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  if (id === DESKTOP_ID) {
    const windows = await reader.desktopChildren(signal);
    const root = desktopNode([]);
    if (maxDepth <= 0) {
      root.children = windows.map((w) => `${w[0]}:${w[1]}`);
      return [root];
    }
    const subtrees = await readChildren(reader, windows, DESKTOP_ID, false, 1, maxDepth, signal);
    root.children = subtrees.map((s) => s[0]?.id ?? '');
    return [root, ...subtrees.flat()];
  }
  const ref = refOf(id);
  if (isAppRoot(ref)) throw new ElementStaleError(`${id} is an application, not an element`);
  const raw = await reader.element(ref, signal, true);
  const parentId = parentIdOf(raw);
  const parentHasSelection = await hasSelection(reader, raw.parent, signal);
  return walkFrom(reader, raw, parentId, parentHasSelection, 0, maxDepth, signal);
}

async function hasSelection(
  reader: AtspiReader,
  parent: ObjectRef,
  signal: AbortSignal,
): Promise<boolean> {
  if (isNullRef(parent) || isAppRoot(parent)) return false;
  try {
    const [interfaces] = await reader.call(parent, 'Accessible', 'GetInterfaces', signal);
    return ((interfaces ?? []) as string[]).includes(SELECTION);
  } catch {
    return false;
  }
}

async function walkFrom(
  reader: AtspiReader,
  raw: RawElement,
  parentId: BackendId | null,
  parentHasSelection: boolean,
  depth: number,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[]> {
  const node = await reader.toNode(raw, parentId, parentHasSelection, signal);
  if (depth >= maxDepth || raw.children.length === 0) return [node];
  const selecting = raw.interfaces.includes(SELECTION);
  const subtrees = await readChildren(
    reader,
    raw.children,
    node.id,
    selecting,
    depth + 1,
    maxDepth,
    signal,
  );
  node.children = subtrees.map((s) => s[0]?.id ?? '');
  return [node, ...subtrees.flat()];
}

/** Read and walk children in parallel; the ones that vanished are left out. */
export async function readChildren(
  reader: AtspiReader,
  refs: readonly ObjectRef[],
  parentId: BackendId,
  parentHasSelection: boolean,
  depth: number,
  maxDepth: number,
  signal: AbortSignal,
): Promise<BackendNode[][]> {
  const results = await Promise.all(
    refs.map(async (ref) => {
      try {
        const raw = await reader.element(ref, signal, false, parentId === DESKTOP_ID);
        return await walkFrom(reader, raw, parentId, parentHasSelection, depth, maxDepth, signal);
      } catch (err) {
        if (err instanceof ElementStaleError) return [];
        throw err;
      }
    }),
  );
  return results.filter((r) => r.length > 0);
}
