/**
 * Live reads for runtimes that cannot cache children (Wine). Children by live navigation: the
 * control-view TreeWalker first; where the runtime cannot navigate below a window either (Wine's HWND
 * provider answers E_NOTIMPL to FirstChild: dlls/uiautomationcore/uia_provider.c,
 * base_hwnd_fragment_Navigate), the window's child windows by handle (ElementFromHandle), which
 * the runtime serves through its MSAA proxies. Windows itself never takes the second path.
 * And a destroyed window's element, which live reads do not reject, is stale.
 */
import { ElementStaleError, NotSupportedError } from '../../errors.js';
import type { BackendId } from '../backend.js';
import type { Automation } from './uiaAutomation.js';
import type { Ptr } from './uiaCom.js';
import { PROP } from './uiaConstants.js';
import { backendIdToRuntimeId } from './uiaConvert.js';
import { element, walker } from './uiaElement.js';
import { childWindows, isWindow } from './uiaWin32.js';

/** At most this many child windows of one window are read (a runaway parent stays bounded). */
const MAX_CHILD_WINDOWS = 500;

/** Every child of `el` (owned pointers, in order). */
export async function navigateChildren(
  automation: Automation,
  treeWalker: Ptr,
  el: Ptr,
): Promise<Ptr[]> {
  try {
    return await walkerChildren(treeWalker, el);
  } catch (err) {
    if (!(err instanceof NotSupportedError)) throw err;
  }
  const hwnd = element.property(el, PROP.NativeWindowHandle, false);
  if (typeof hwnd !== 'number' || hwnd === 0) return [];
  const out: Ptr[] = [];
  for (const child of childWindows(BigInt(hwnd), MAX_CHILD_WINDOWS)) {
    try {
      out.push(await automation.fromHandle(child));
    } catch {
      // a child window destroyed meanwhile
    }
  }
  return out;
}

/** A sibling that cannot be reached (it closed meanwhile) ends the list. */
async function walkerChildren(treeWalker: Ptr, el: Ptr): Promise<Ptr[]> {
  const out: Ptr[] = [];
  let child = await walker.firstChild(treeWalker, el);
  while (child !== 0n) {
    out.push(child);
    child = await walker.nextSibling(treeWalker, child).catch(() => 0n);
  }
  return out;
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
