/**
 * Bulk reads inside the host: one BuildUpdatedCache per requested subtree (the CacheRequest
 * lists every property the protocol needs plus pattern availability), then an in-process walk
 * of the cached children. Where a runtime lacks cached navigation (Wine), the desktop's
 * children come from EnumWindows + ElementFromHandleBuildCache and every other element's by
 * live navigation (uiaHostChildren), instead of failing. A child that
 * vanishes while it is read (a closing tooltip or dialog) is left out, never fails the fetch.
 */
import { ElementStaleError, NotSupportedError, TimeoutError, isUiError } from '../../errors.js';
import type { BackendId, BackendNode } from '../backend.js';
import type { Automation } from './uiaAutomation.js';
import { element } from './uiaElement.js';
import {
  MAX_CHILDREN,
  assertWindowAlive,
  navigateChildren,
  type ChildRead,
} from './uiaHostChildren.js';
import type { AppNames } from './uiaAppNames.js';
import { addRef, release, type Ptr } from './uiaCom.js';
import type { ElementTable } from './uiaTable.js';
import { PROP } from './uiaConstants.js';
import {
  CACHED_PROPERTIES,
  DESKTOP_ID,
  runtimeIdToBackendId,
  toBackendProps,
  type RawValue,
} from './uiaConvert.js';
import { foregroundWindow, topLevelWindows, wakeAccessibility } from './uiaWin32.js';

export interface TreeContext {
  automation: Automation;
  root: Ptr;
  rootKey: string;
  table: ElementTable;
  /** CacheRequests: whole subtree, and element + children (for depth-limited reads). */
  subtreeRequest: Ptr;
  childrenRequest: Ptr;
  elementRequest: Ptr;
  appNames: AppNames;
  /** Lazy-tree windows already sent WM_GETOBJECT (forgotten when they close). */
  woken: Set<BackendId>;
}

/** One property; a value missing from the cache is read live instead. */
function readOne(el: Ptr, id: number, cached: boolean): RawValue {
  if (cached) {
    try {
      return element.property(el, id, true);
    } catch (err) {
      if (err instanceof ElementStaleError) throw err;
      // not in this cache (a runtime that ignores parts of the CacheRequest): read it live
    }
  }
  return element.property(el, id, false);
}

/** All listed properties of one element; a property the provider fails on reads as null. */
export function readRaw(el: Ptr, cached: boolean): Map<number, RawValue> {
  const raw = new Map<number, RawValue>();
  for (const id of CACHED_PROPERTIES) {
    try {
      raw.set(id, readOne(el, id, cached));
    } catch (err) {
      if (err instanceof ElementStaleError) throw err;
      raw.set(id, null);
    }
  }
  return raw;
}

/**
 * Cached properties only, never a live read: what an event callback may do (a live read there
 * waits on the sender's provider, and a closed window's sender answers nothing but its
 * RuntimeId). A property missing from the cache reads as null.
 */
export function readCachedOnly(el: Ptr): Map<number, RawValue> {
  const raw = new Map<number, RawValue>();
  for (const id of CACHED_PROPERTIES) {
    try {
      raw.set(id, element.property(el, id, true));
    } catch {
      raw.set(id, null);
    }
  }
  return raw;
}

/** The element's BackendId: its RuntimeId, with the desktop root's mapped to DESKTOP_ID. */
export function idOf(ctx: TreeContext, el: Ptr, raw?: ReadonlyMap<number, RawValue>): BackendId {
  const value = raw?.get(PROP.RuntimeId);
  const runtimeId = Array.isArray(value) && value.length > 0 ? value : element.runtimeId(el);
  if (runtimeId.length === 0) throw new ElementStaleError('the element has no RuntimeId (gone?)');
  const key = runtimeIdToBackendId(runtimeId);
  return key === ctx.rootKey ? DESKTOP_ID : key;
}

/** A node's props; top-level windows also get their app name and the `active` state. */
export function nodeProps(ctx: TreeContext, raw: ReadonlyMap<number, RawValue>, topLevel: boolean) {
  if (!topLevel) return toBackendProps(raw);
  const pid = raw.get(PROP.ProcessId);
  const hwnd = raw.get(PROP.NativeWindowHandle);
  const active = typeof hwnd === 'number' && hwnd !== 0 && BigInt(hwnd) === foregroundWindow();
  return toBackendProps(
    raw,
    typeof pid === 'number' && pid > 0 ? { active, app: ctx.appNames.of(pid) } : { active },
  );
}

interface Walk {
  ctx: TreeContext;
  cached: boolean;
  maxDepth: number;
  /** Depth-limited read: one Element|Children cache per level instead of a whole subtree. */
  levelwise: boolean;
  deadline: number;
  out: BackendNode[];
  /** The control-view TreeWalker of an uncached walk (a runtime without cached children). */
  treeWalker?: Ptr;
}

/** Re-read a child with its own children cached (levelwise walks); takes ownership of `child`. */
async function withChildrenCached(walk: Walk, child: Ptr): Promise<Ptr> {
  if (!walk.levelwise || !walk.cached) return child;
  try {
    return await element.buildUpdatedCache(child, walk.ctx.childrenRequest);
  } finally {
    release(child);
  }
}

async function childrenOf(walk: Walk, el: Ptr, isDesktop: boolean): Promise<ChildRead> {
  let children: Ptr[] = [];
  try {
    children = walk.cached ? element.cachedChildren(el) : [];
  } catch (err) {
    if (!(isUiError(err) && err.code === 'not_supported')) throw err;
  }
  if (children.length > 0) return capped(children);
  if (!isDesktop) return walk.cached ? { elements: [], hasMore: false } : walkedChildren(walk, el);
  // No cached navigation from the desktop (Wine): top-level windows by handle.
  const request = walk.levelwise ? walk.ctx.childrenRequest : walk.ctx.subtreeRequest;
  const out: Ptr[] = [];
  for (const hwnd of topLevelWindows()) {
    try {
      out.push(await windowElement(walk.ctx, hwnd, request));
    } catch {
      // a window that closed meanwhile
    }
  }
  return { elements: out, hasMore: false };
}

/**
 * The first MAX_CHILDREN of cached children, and any later one on screen (a list scrolled far
 * down still shows its visible rows, so scrolling finds them); the rest released.
 */
function capped(children: Ptr[]): ChildRead {
  if (children.length <= MAX_CHILDREN) return { elements: children, hasMore: false };
  const elements = children.slice(0, MAX_CHILDREN);
  for (const later of children.slice(MAX_CHILDREN)) {
    if (onScreen(later)) elements.push(later);
    else release(later);
  }
  return { elements, hasMore: elements.length < children.length };
}

/** Whether a child's cached IsOffscreen says it is shown (an in-process read). */
function onScreen(el: Ptr): boolean {
  try {
    return element.property(el, PROP.IsOffscreen, true) === false;
  } catch {
    return false;
  }
}

/** Children by live navigation, for runtimes that cannot cache children (Wine). */
function walkedChildren(walk: Walk, el: Ptr): Promise<ChildRead> {
  walk.treeWalker ??= walk.ctx.automation.controlViewWalker();
  return navigateChildren(walk.ctx.automation, walk.treeWalker, el);
}

/** Read one element and its subtree; takes ownership of `el` (stored or released). */
async function visit(
  walk: Walk,
  el: Ptr,
  parentId: BackendId | null,
  depth: number,
): Promise<BackendId> {
  let node: BackendNode;
  try {
    if (Date.now() > walk.deadline) throw new TimeoutError('bulk fetch exceeded its deadline');
    const raw = readRaw(el, walk.cached);
    const id = idOf(walk.ctx, el, raw);
    node = { id, parentId, children: [], props: nodeProps(walk.ctx, raw, parentId === DESKTOP_ID) };
  } catch (err) {
    release(el);
    throw err;
  }
  walk.out.push(node);
  walk.ctx.table.put(node.id, el, parentId);
  const children = await childrenOf(walk, el, node.id === DESKTOP_ID);
  if (children.hasMore) node.hasMore = true;
  await visitChildren(walk, node, children.elements, depth);
  return node.id;
}

/** Visit (or, at the depth limit, identify) each child; one that vanished is left out. */
async function visitChildren(walk: Walk, node: BackendNode, children: Ptr[], depth: number) {
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as Ptr;
    try {
      node.children.push(
        depth < walk.maxDepth
          ? await visit(walk, await withChildrenCached(walk, child), node.id, depth + 1)
          : leafId(walk, child),
      );
    } catch (err) {
      if (!(err instanceof ElementStaleError)) {
        for (const rest of children.slice(i + 1)) release(rest);
        throw err;
      }
    }
  }
}

/** The id of a child below the depth limit; releases `child`. */
function leafId(walk: Walk, child: Ptr): BackendId {
  try {
    return idOf(walk.ctx, child, readRaw(child, walk.cached));
  } finally {
    release(child);
  }
}

/** The element of a top-level window, with its cache built where the runtime can (not Wine). */
export async function windowElement(ctx: TreeContext, hwnd: bigint, request: Ptr): Promise<Ptr> {
  try {
    return await ctx.automation.fromHandleBuildCache(hwnd, request);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
    return ctx.automation.fromHandle(hwnd);
  }
}

const CHROMIUM_CLASS = /^Chrome_WidgetWin_\d+$/;

/** Fetch a subtree, pre-order. `maxDepth` null = whole subtree. */
export async function fetchSubtree(
  ctx: TreeContext,
  id: BackendId,
  maxDepth: number | null,
  deadline: number,
): Promise<BackendNode[]> {
  const start = id === DESKTOP_ID ? ctx.root : ctx.table.get(id);
  if (start === undefined)
    throw new ElementStaleError(`element ${id} is not known to this UIA host`);
  const depth = maxDepth ?? Number.POSITIVE_INFINITY;
  // A whole subtree in one cache build; a depth-limited read (e.g. the desktop's top level)
  // must not cache everything below, so it caches one level at a time.
  const levelwise = Number.isFinite(depth);
  const request = levelwise ? ctx.childrenRequest : ctx.subtreeRequest;
  let updated: Ptr;
  // A runtime whose CacheRequest cannot carry a tree scope caches the element alone (Wine).
  let cached = !ctx.automation.missing.has('CacheRequest::put_TreeScope');
  try {
    if (!cached) throw new NotSupportedError('no tree scope in cache requests');
    updated = await element.buildUpdatedCache(start, request);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
    cached = false; // runtime without caching: read current values one by one
    assertWindowAlive(id);
    addRef(start); // the walk stores what it visits as owned pointers
    updated = start;
  }
  const walk: Walk = { ctx, cached, maxDepth: depth, levelwise, deadline, out: [] };
  try {
    await visit(walk, updated, id === DESKTOP_ID ? null : ctx.table.parentOf(id), 0);
  } finally {
    if (walk.treeWalker !== undefined) release(walk.treeWalker);
  }
  const first = walk.out[0];
  if (
    first !== undefined &&
    first.children.length <= 1 &&
    CHROMIUM_CLASS.test(first.props.className ?? '')
  ) {
    return (await wakeAndRefetch(ctx, first, id, maxDepth, deadline)) ?? walk.out;
  }
  return walk.out;
}

/** At most this many woken windows are remembered (closed ones are forgotten sooner). */
const WOKEN_CAPACITY = 1_024;

/** Chromium/Electron build their tree when asked for it (WM_GETOBJECT): ask once, refetch. */
async function wakeAndRefetch(
  ctx: TreeContext,
  node: BackendNode,
  id: BackendId,
  maxDepth: number | null,
  deadline: number,
): Promise<BackendNode[] | undefined> {
  if (ctx.woken.has(node.id)) return undefined;
  ctx.woken.add(node.id);
  if (ctx.woken.size > WOKEN_CAPACITY) ctx.woken.delete(ctx.woken.values().next().value as string);
  const el = ctx.table.get(node.id);
  if (el === undefined) return undefined;
  const hwnd = element.property(el, PROP.NativeWindowHandle, false);
  if (typeof hwnd !== 'number' || hwnd === 0) return undefined;
  wakeAccessibility(BigInt(hwnd));
  return fetchSubtree(ctx, id, maxDepth, deadline);
}
