/**
 * Bulk reads inside the host: one BuildUpdatedCache per requested subtree (the CacheRequest
 * lists every property the protocol needs plus pattern availability), then an in-process walk
 * of the cached children. Where a runtime lacks cached navigation (Wine), the desktop's
 * children come from EnumWindows + ElementFromHandleBuildCache instead of failing.
 */
import { ElementStaleError, NotSupportedError, TimeoutError, isUiError } from '../../errors.js';
import type { BackendId, BackendNode } from '../backend.js';
import type { Automation } from './uiaAutomation.js';
import { element } from './uiaElement.js';
import { addRef, release, type Ptr } from './uiaCom.js';
import { PROP } from './uiaConstants.js';
import {
  CACHED_PROPERTIES,
  DESKTOP_ID,
  runtimeIdToBackendId,
  toBackendProps,
  type RawValue,
} from './uiaConvert.js';
import { foregroundWindow, processName, topLevelWindows, wakeAccessibility } from './uiaWin32.js';

/** Elements the host has seen, by id: owned pointers, oldest evicted (and released) first. */
export class ElementTable {
  private readonly map = new Map<BackendId, { el: Ptr; parent: BackendId | null }>();
  constructor(private readonly capacity = 20_000) {}

  /** Store an owned pointer (replacing and releasing an older one for the same id). */
  put(id: BackendId, el: Ptr, parent?: BackendId | null): void {
    const old = this.map.get(id);
    if (old !== undefined && old.el !== el) release(old.el);
    this.map.delete(id);
    this.map.set(id, { el, parent: parent === undefined ? (old?.parent ?? null) : parent });
    if (this.map.size > this.capacity) {
      const [oldestId, oldest] = this.map.entries().next().value as [BackendId, { el: Ptr }];
      this.map.delete(oldestId);
      release(oldest.el);
    }
  }

  get(id: BackendId): Ptr | undefined {
    return this.map.get(id)?.el;
  }

  /** The parent id seen when the element was last read (null when unknown). */
  parentOf(id: BackendId): BackendId | null {
    return this.map.get(id)?.parent ?? null;
  }

  get size(): number {
    return this.map.size;
  }
}

export interface TreeContext {
  automation: Automation;
  root: Ptr;
  rootKey: string;
  table: ElementTable;
  /** CacheRequests: whole subtree, and element + children (for depth-limited reads). */
  subtreeRequest: Ptr;
  childrenRequest: Ptr;
  elementRequest: Ptr;
}

const appNames = new Map<number, string>();
function appOf(pid: number): string {
  let name = appNames.get(pid);
  if (name === undefined) {
    name = processName(pid);
    appNames.set(pid, name);
  }
  return name;
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

/** The element's BackendId: its RuntimeId, with the desktop root's mapped to DESKTOP_ID. */
export function idOf(ctx: TreeContext, el: Ptr, raw?: ReadonlyMap<number, RawValue>): BackendId {
  const value = raw?.get(PROP.RuntimeId);
  const runtimeId = Array.isArray(value) && value.length > 0 ? value : element.runtimeId(el);
  if (runtimeId.length === 0) throw new ElementStaleError('the element has no RuntimeId (gone?)');
  const key = runtimeIdToBackendId(runtimeId);
  return key === ctx.rootKey ? DESKTOP_ID : key;
}

/** A node's props; top-level windows also get their app name and the `active` state. */
export function nodeProps(raw: ReadonlyMap<number, RawValue>, topLevel: boolean) {
  if (!topLevel) return toBackendProps(raw);
  const pid = raw.get(PROP.ProcessId);
  const hwnd = raw.get(PROP.NativeWindowHandle);
  const active = typeof hwnd === 'number' && hwnd !== 0 && BigInt(hwnd) === foregroundWindow();
  return toBackendProps(
    raw,
    typeof pid === 'number' && pid > 0 ? { active, app: appOf(pid) } : { active },
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
}

/** Re-read a child with its own children cached (levelwise walks); takes ownership of `child`. */
function withChildrenCached(walk: Walk, child: Ptr): Ptr {
  if (!walk.levelwise || !walk.cached) return child;
  try {
    return element.buildUpdatedCache(child, walk.ctx.childrenRequest);
  } finally {
    release(child);
  }
}

function childrenOf(walk: Walk, el: Ptr, isDesktop: boolean): Ptr[] {
  let children: Ptr[] = [];
  try {
    children = walk.cached ? element.cachedChildren(el) : [];
  } catch (err) {
    if (!(isUiError(err) && err.code === 'not_supported')) throw err;
  }
  if (children.length > 0 || !isDesktop) return children;
  // No cached navigation from the desktop (Wine): top-level windows by handle.
  const request = walk.levelwise ? walk.ctx.childrenRequest : walk.ctx.subtreeRequest;
  const out: Ptr[] = [];
  for (const hwnd of topLevelWindows()) {
    try {
      out.push(windowElement(walk.ctx, hwnd, request));
    } catch {
      // a window that closed meanwhile
    }
  }
  return out;
}

function visit(walk: Walk, el: Ptr, parentId: BackendId | null, depth: number): BackendId {
  if (Date.now() > walk.deadline) throw new TimeoutError('bulk fetch exceeded its deadline');
  const raw = readRaw(el, walk.cached);
  const id = idOf(walk.ctx, el, raw);
  const node: BackendNode = {
    id,
    parentId,
    children: [],
    props: nodeProps(raw, parentId === DESKTOP_ID),
  };
  walk.out.push(node);
  walk.ctx.table.put(id, el, parentId);
  for (const child of childrenOf(walk, el, id === DESKTOP_ID)) {
    if (depth < walk.maxDepth) {
      node.children.push(visit(walk, withChildrenCached(walk, child), id, depth + 1));
      continue;
    }
    try {
      node.children.push(idOf(walk.ctx, child, readRaw(child, walk.cached)));
    } finally {
      release(child);
    }
  }
  return id;
}

/** The element of a top-level window, with its cache built where the runtime can (not Wine). */
export function windowElement(ctx: TreeContext, hwnd: bigint, request: Ptr): Ptr {
  try {
    return ctx.automation.fromHandleBuildCache(hwnd, request);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
    return ctx.automation.fromHandle(hwnd);
  }
}

const CHROMIUM_CLASS = /^Chrome_WidgetWin_\d+$/;

/** Fetch a subtree, pre-order. `maxDepth` null = whole subtree. */
export function fetchSubtree(
  ctx: TreeContext,
  id: BackendId,
  maxDepth: number | null,
  deadline: number,
): BackendNode[] {
  const start = id === DESKTOP_ID ? ctx.root : ctx.table.get(id);
  if (start === undefined)
    throw new ElementStaleError(`element ${id} is not known to this UIA host`);
  const depth = maxDepth ?? Number.POSITIVE_INFINITY;
  // A whole subtree in one cache build; a depth-limited read (e.g. the desktop's top level)
  // must not cache everything below, so it caches one level at a time.
  const levelwise = Number.isFinite(depth);
  const request = levelwise ? ctx.childrenRequest : ctx.subtreeRequest;
  let updated: Ptr;
  let cached = true;
  try {
    updated = element.buildUpdatedCache(start, request);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
    cached = false; // runtime without caching: read current values one by one
    addRef(start); // the walk stores what it visits as owned pointers
    updated = start;
  }
  const walk: Walk = { ctx, cached, maxDepth: depth, levelwise, deadline, out: [] };
  visit(walk, updated, id === DESKTOP_ID ? null : ctx.table.parentOf(id), 0);
  const first = walk.out[0];
  if (
    first !== undefined &&
    first.children.length <= 1 &&
    CHROMIUM_CLASS.test(first.props.className ?? '')
  ) {
    return wakeAndRefetch(ctx, first, id, maxDepth, deadline) ?? walk.out;
  }
  return walk.out;
}

const woken = new Set<BackendId>();

/** Chromium/Electron build their tree when asked for it (WM_GETOBJECT): ask once, refetch. */
function wakeAndRefetch(
  ctx: TreeContext,
  node: BackendNode,
  id: BackendId,
  maxDepth: number | null,
  deadline: number,
) {
  if (woken.has(node.id)) return undefined;
  woken.add(node.id);
  const el = ctx.table.get(node.id);
  if (el === undefined) return undefined;
  const hwnd = element.property(el, PROP.NativeWindowHandle, false);
  if (typeof hwnd !== 'number' || hwnd === 0) return undefined;
  wakeAccessibility(BigInt(hwnd));
  return fetchSubtree(ctx, id, maxDepth, deadline);
}
