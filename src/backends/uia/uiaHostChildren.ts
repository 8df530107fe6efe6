/**
 * Children by live navigation, for runtimes that cannot cache them (Wine). The control-view
 * TreeWalker first; where the runtime cannot navigate below a window either (Wine's HWND
 * provider answers E_NOTIMPL to FirstChild: dlls/uiautomationcore/uia_provider.c,
 * base_hwnd_fragment_Navigate), the window's child windows by handle (ElementFromHandle), which
 * the runtime serves through its MSAA proxies. Windows itself never takes the second path.
 */
import { NotSupportedError } from '../../errors.js';
import type { Automation } from './uiaAutomation.js';
import type { Ptr } from './uiaCom.js';
import { PROP } from './uiaConstants.js';
import { element, walker } from './uiaElement.js';
import { childWindows } from './uiaWin32.js';

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
