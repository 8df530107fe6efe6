/**
 * IUIAutomationElement and IUIAutomationTreeWalker calls the host makes (slots from
 * UIAutomationClient.h, checked against docs/platform-vocabulary.md). Returned pointers are
 * owned by the caller.
 */
import { PatternNotSupportedError } from '../../errors.js';
import {
  VARIANT_SIZE,
  release,
  takeSafeArray,
  takeVariant,
  vcall,
  vout,
  voutInt,
  type Ptr,
} from './uiaCom.js';
import { vcheckAsync, voutAsync } from './uiaComAsync.js';
import type { RawValue } from './uiaConvert.js';
import { guidBytes } from './uiaGuid.js';
import { check } from './uiaHresult.js';

/** IUIAutomationElement slots. */
const E = {
  SetFocus: 3,
  GetRuntimeId: 4,
  BuildUpdatedCache: 9,
  GetCurrentPropertyValueEx: 11,
  GetCachedPropertyValue: 12,
  GetCurrentPatternAs: 14,
  GetCachedChildren: 19,
} as const;

export const element = {
  /** Cross-process and may wait on the app: on a pool thread. */
  setFocus(el: Ptr): Promise<void> {
    return vcheckAsync('IUIAutomationElement::SetFocus', el, E.SetFocus, []);
  },
  runtimeId(el: Ptr): number[] {
    return takeSafeArray(vout('IUIAutomationElement::GetRuntimeId', el, E.GetRuntimeId)) ?? [];
  },
  /** One cross-process round trip that may take long on a big subtree: on a pool thread. */
  buildUpdatedCache(el: Ptr, cacheRequest: Ptr): Promise<Ptr> {
    return voutAsync(
      'IUIAutomationElement::BuildUpdatedCache',
      el,
      E.BuildUpdatedCache,
      ['void *'],
      [cacheRequest],
    );
  },
  /** One property, cached (from the last cache build) or current (a cross-process call). */
  property(el: Ptr, propertyId: number, cached: boolean): RawValue {
    const variant = Buffer.alloc(VARIANT_SIZE);
    // GetCurrentPropertyValueEx(ignoreDefaultValue = FALSE) equals GetCurrentPropertyValue and
    // is the one Wine implements.
    const hr = cached
      ? vcall(el, E.GetCachedPropertyValue, ['int32_t', 'void *'], propertyId, variant)
      : vcall(
          el,
          E.GetCurrentPropertyValueEx,
          ['int32_t', 'int32_t', 'void *'],
          propertyId,
          0,
          variant,
        );
    check(hr, cached ? 'GetCachedPropertyValue' : 'GetCurrentPropertyValueEx', 'property');
    return takeVariant(variant);
  },
  /** The pattern interface, or pattern_not_supported when the element lacks it. */
  pattern(el: Ptr, patternId: number, iid: string, name: string): Ptr {
    const p = vout(
      'IUIAutomationElement::GetCurrentPatternAs',
      el,
      E.GetCurrentPatternAs,
      ['int32_t', 'void *'],
      [patternId, guidBytes(iid)],
      'pattern',
    );
    if (p === 0n)
      throw new PatternNotSupportedError(`the element does not support the ${name} pattern`);
    return p;
  },
  /** Cached children (each an owned pointer). */
  cachedChildren(el: Ptr): Ptr[] {
    const array = vout('IUIAutomationElement::GetCachedChildren', el, E.GetCachedChildren);
    if (array === 0n) return [];
    try {
      const length = voutInt('ElementArray::get_Length', array, 3);
      const out: Ptr[] = [];
      for (let i = 0; i < length; i++)
        out.push(vout('ElementArray::GetElement', array, 4, ['int32_t'], [i]));
      return out;
    } finally {
      release(array);
    }
  },
};

/**
 * IUIAutomationTreeWalker: an element-by-element path independent of the CacheRequest one,
 * used for the ground-truth walk. Each step is cross-process: on a pool thread.
 */
export const walker = {
  firstChild(w: Ptr, el: Ptr): Promise<Ptr> {
    return voutAsync('TreeWalker::GetFirstChildElement', w, 4, ['void *'], [el]);
  },
  nextSibling(w: Ptr, el: Ptr): Promise<Ptr> {
    return voutAsync('TreeWalker::GetNextSiblingElement', w, 6, ['void *'], [el]);
  },
  lastChild(w: Ptr, el: Ptr): Promise<Ptr> {
    return voutAsync('TreeWalker::GetLastChildElement', w, 5, ['void *'], [el]);
  },
  previousSibling(w: Ptr, el: Ptr): Promise<Ptr> {
    return voutAsync('TreeWalker::GetPreviousSiblingElement', w, 7, ['void *'], [el]);
  },
};
