/**
 * Live reads for runtimes that cannot cache children (Wine). Children by live navigation: the
 * control-view TreeWalker first; where the runtime cannot navigate to a first child (Wine asks
 * the HWND provider, which answers E_NOTIMPL: dlls/uiautomationcore/uia_provider.c,
 * base_hwnd_fragment_Navigate), from the last child backwards (Wine asks the window's own
 * provider for that one first: uia_client.c, navigate_uia_node); where neither answers, the
 * window's child windows by handle (ElementFromHandle), which the runtime serves through its
 * MSAA proxies. Windows itself never takes the second or third path. Navigation stops at the
 * runtime's cap (childCap), child windows at MAX_CHILD_WINDOWS, each saying whether more were
 * left; read backwards, the last children are the ones kept. And a destroyed window's element, which live
 * reads do not reject, is stale.
 */
import { ElementStaleError, NotSupportedError, isUiError } from '../../errors.js';
import type { BackendId } from '../backend.js';
import type { Automation } from './uiaAutomation.js';
import { release, type Ptr } from './uiaCom.js';
import { HR, PROP } from './uiaConstants.js';
import { hresultHex } from './uiaHresult.js';
import { backendIdToRuntimeId } from './uiaConvert.js';
import { element, walker } from './uiaElement.js';
import { childWindows, isWindow } from './uiaWin32.js';

/**
 * Children one read takes of one element at most, where the runtime caches children (Windows):
 * a 10,000-row list answers its first ones and `hasMore`, instead of holding the read, and the
 * target, for every row.
 */
export const MAX_CHILDREN = 1_000;

/**
 * The same cap where every element is read live (Wine: some 90 cross-process calls per row,
 * 0.5 to over 1 s per row of the fixture's list on a loaded 2-core machine), so that a read of
 * a window holding such a list stays inside the 30 s fetch deadline.
 */
export const LIVE_MAX_CHILDREN = 10;

/** At most this many child windows of one window are read (a runaway parent stays bounded). */
const MAX_CHILD_WINDOWS = 500;

/** The cap of children per element for this runtime; fetch and ground-truth walk agree on it. */
export function childCap(automation: Automation): number {
  return automation.missing.has('CacheRequest::put_TreeScope') ? LIVE_MAX_CHILDREN : MAX_CHILDREN;
}

/** Children read of one element (owned pointers, in order) and whether more were left out. */
export interface ChildRead {
  elements: Ptr[];
  hasMore: boolean;
}

/** The children of `el`, at most `max` of them. */
export async function navigateChildren(
  automation: Automation,
  treeWalker: Ptr,
  el: Ptr,
  max = childCap(automation),
): Promise<ChildRead> {
  try {
    return await walkerChildren(treeWalker, el, max);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
  }
  const backwards = await walkerChildrenBackwards(automation, el, max);
  if (backwards.elements.length > 0) return backwards;
  let hwnd: unknown;
  try {
    hwnd = element.property(el, PROP.NativeWindowHandle, false);
  } catch {
    // No handle to read (Wine answers E_INVALIDARG for some panes): no child windows.
    return { elements: [], hasMore: false };
  }
  if (typeof hwnd !== 'number' || hwnd === 0) return { elements: [], hasMore: false };
  const windows = childWindows(BigInt(hwnd), MAX_CHILD_WINDOWS + 1);
  const elements: Ptr[] = [];
  for (const child of windows.slice(0, MAX_CHILD_WINDOWS)) {
    try {
      elements.push(await automation.fromHandle(child));
    } catch {
      // a child window destroyed meanwhile
    }
  }
  return { elements, hasMore: windows.length > MAX_CHILD_WINDOWS };
}

/** A sibling that cannot be reached (it closed meanwhile) ends the list. */
async function walkerChildren(treeWalker: Ptr, el: Ptr, max: number): Promise<ChildRead> {
  const elements: Ptr[] = [];
  let child = await walker.firstChild(treeWalker, el);
  while (child !== 0n && elements.length < max) {
    elements.push(child);
    child = await walker.nextSibling(treeWalker, child).catch(() => 0n);
  }
  if (child !== 0n) release(child);
  return { elements, hasMore: child !== 0n };
}

/**
 * The last `max` children, read from the end through a raw-view walker (the only view Wine
 * navigates); none where that is not implemented either.
 */
async function walkerChildrenBackwards(
  automation: Automation,
  el: Ptr,
  max: number,
): Promise<ChildRead> {
  const rawWalker = automation.rawViewWalker();
  const elements: Ptr[] = [];
  try {
    let child = await walker.lastChild(rawWalker, el).catch((err: unknown) => {
      if (err instanceof NotSupportedError || isInvalidArgument(err)) return 0n;
      throw err;
    });
    while (child !== 0n && elements.length < max) {
      elements.push(child);
      child = await walker.previousSibling(rawWalker, child).catch(() => 0n);
    }
    if (child !== 0n) release(child);
    return { elements: elements.reverse(), hasMore: child !== 0n };
  } finally {
    release(rawWalker);
  }
}

/**
 * Wine answers E_INVALIDARG when asked to navigate from a node that lost its window (one
 * closing while it is read): it has no children to give, as the handle read below finds.
 */
function isInvalidArgument(err: unknown): boolean {
  const details = isUiError(err) ? (err.details as { hresult?: unknown } | undefined) : undefined;
  return details?.hresult === hresultHex(HR.E_INVALIDARG);
}

/** The first part of the RuntimeId UIA gives an element that is a window: [42, hwnd]. */
const HWND_RUNTIME_ID = 0x2a;

/**
 * Live reads of an element whose window was destroyed still answer under Wine (defaults from
 * a disconnected node) where BuildUpdatedCache would fail: a window element, known by its
 * RuntimeId [42, hwnd], whose window is gone is stale.
 */
export function assertWindowAlive(id: BackendId): void {
  const runtimeId = backendIdToRuntimeId(id);
  const hwnd = runtimeId?.length === 2 && runtimeId[0] === HWND_RUNTIME_ID ? runtimeId[1] : 0;
  if (hwnd !== undefined && hwnd !== 0 && !isWindow(BigInt(hwnd >>> 0)))
    throw new ElementStaleError(`element ${id}: its window is gone`);
}
