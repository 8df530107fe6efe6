/**
 * The IUIAutomation interfaces the host needs, as thin typed wrappers over vtable slots
 * (slot numbers from UIAutomationClient.h, checked against docs/platform-vocabulary.md).
 * Every method returns owned pointers the caller must release (see `using` in uiaCom).
 */
import koffi, { type KoffiFunc } from 'koffi';
import { BackendUnavailableError, NotSupportedError } from '../../errors.js';
import { queryInterface, release, vcheck, vout, type Ptr } from './uiaCom.js';
import { vcheckAsync, voutAsync } from './uiaComAsync.js';
import { CLSID, IID, TREE_SCOPE } from './uiaConstants.js';
import { guidBytes } from './uiaGuid.js';
import { check } from './uiaHresult.js';

const COINIT_MULTITHREADED = 0x0;
const CLSCTX_INPROC_SERVER = 0x1;

type Ole32 = {
  CoInitializeEx: KoffiFunc<(reserved: null, flags: number) => number>;
  CoCreateInstance: KoffiFunc<
    (clsid: Buffer, outer: null, ctx: number, iid: Buffer, out: Buffer) => number
  >;
};
let ole32: Ole32 | undefined;

function ole(): Ole32 {
  if (ole32 === undefined) {
    const lib = koffi.load('ole32.dll');
    ole32 = {
      CoInitializeEx: lib.func('int32_t __stdcall CoInitializeEx(void *reserved, uint32_t flags)'),
      CoCreateInstance: lib.func(
        'int32_t __stdcall CoCreateInstance(void *clsid, void *outer, uint32_t ctx, void *iid, void *out)',
      ),
    };
  }
  return ole32;
}

/** Enter the multithreaded apartment on this thread (UIA clients with handlers need it). */
export function initComMta(): void {
  check(ole().CoInitializeEx(null, COINIT_MULTITHREADED), 'CoInitializeEx(COINIT_MULTITHREADED)');
}

/** IUIAutomation slots. */
const S = {
  GetRootElement: 5,
  ElementFromHandle: 6,
  ElementFromHandleBuildCache: 10,
  CreateTreeWalker: 13,
  get_ControlViewWalker: 14,
  get_RawViewCondition: 17,
  get_ControlViewCondition: 18,
  CreateCacheRequest: 20,
  RemoveAllEventHandlers: 41,
  put_ConnectionTimeout: 61,
  put_TransactionTimeout: 63,
  put_ConnectionRecoveryBehavior: 74,
  put_CoalesceEvents: 76,
} as const;

/** IUIAutomationCacheRequest slots. */
const CR = { AddProperty: 3, AddPattern: 4, put_TreeScope: 7, put_TreeFilter: 9 } as const;

export class Automation {
  private constructor(
    readonly ptr: Ptr,
    /** Highest IUIAutomation version available: 1, 2 or 6. */
    readonly level: number,
  ) {}

  /** CoCreateInstance(CUIAutomation8, else CUIAutomation), then QI to the highest version. */
  static create(): Automation {
    const out = Buffer.alloc(8);
    const iid = guidBytes(IID.IUIAutomation);
    let hr = ole().CoCreateInstance(
      guidBytes(CLSID.CUIAutomation8),
      null,
      CLSCTX_INPROC_SERVER,
      iid,
      out,
    );
    if (hr !== 0)
      hr = ole().CoCreateInstance(
        guidBytes(CLSID.CUIAutomation),
        null,
        CLSCTX_INPROC_SERVER,
        iid,
        out,
      );
    if (hr !== 0) {
      check(hr, 'CoCreateInstance(CUIAutomation)');
      throw new BackendUnavailableError('CoCreateInstance(CUIAutomation) gave no object');
    }
    const base = out.readBigUInt64LE(0);
    for (const [level, id] of [
      [6, IID.IUIAutomation6],
      [2, IID.IUIAutomation2],
    ] as const) {
      const upgraded = queryInterface(base, guidBytes(id));
      if (upgraded !== 0n) {
        release(base);
        return new Automation(upgraded, level);
      }
    }
    return new Automation(base, 1);
  }

  root(): Ptr {
    return vout('IUIAutomation::GetRootElement', this.ptr, S.GetRootElement);
  }

  /** Cross-process (the window's provider answers): on a pool thread. */
  fromHandle(hwnd: bigint): Promise<Ptr> {
    return voutAsync(
      'IUIAutomation::ElementFromHandle',
      this.ptr,
      S.ElementFromHandle,
      ['intptr_t'],
      [hwnd],
    );
  }

  fromHandleBuildCache(hwnd: bigint, cacheRequest: Ptr): Promise<Ptr> {
    return voutAsync(
      'IUIAutomation::ElementFromHandleBuildCache',
      this.ptr,
      S.ElementFromHandleBuildCache,
      ['intptr_t', 'void *'],
      [hwnd, cacheRequest],
    );
  }

  /**
   * The control-view TreeWalker. Wine stubs get_ControlViewWalker (E_NOTIMPL) but implements
   * CreateTreeWalker and the control-view condition, which make the same walker.
   */
  controlViewWalker(): Ptr {
    try {
      return vout('IUIAutomation::get_ControlViewWalker', this.ptr, S.get_ControlViewWalker);
    } catch (err) {
      if (!(err instanceof NotSupportedError)) throw err;
    }
    return this.walkerFor(
      vout('IUIAutomation::get_ControlViewCondition', this.ptr, S.get_ControlViewCondition),
    );
  }

  /**
   * A raw-view TreeWalker (every element, no condition). Wine navigates children and siblings
   * only without a condition (uia_client.c, conditional_navigate_uia_node: E_NOTIMPL for any
   * but the true condition) and stubs get_RawViewWalker, so it is made from the raw-view
   * condition.
   */
  rawViewWalker(): Ptr {
    return this.walkerFor(
      vout('IUIAutomation::get_RawViewCondition', this.ptr, S.get_RawViewCondition),
    );
  }

  /** A TreeWalker over `condition`; takes ownership of the condition (released here). */
  private walkerFor(condition: Ptr): Ptr {
    try {
      return vout(
        'IUIAutomation::CreateTreeWalker',
        this.ptr,
        S.CreateTreeWalker,
        ['void *'],
        [condition],
      );
    } finally {
      release(condition);
    }
  }

  /**
   * Unregister every handler, on a pool thread: it waits for callbacks in progress, which need
   * the host's JS thread, so calling it from that thread could deadlock.
   */
  removeAllEventHandlers(): Promise<void> {
    return vcheckAsync(
      'IUIAutomation::RemoveAllEventHandlers',
      this.ptr,
      S.RemoveAllEventHandlers,
      [],
    );
  }

  /** Calls this runtime does not implement (Wine), recorded instead of failing the host. */
  readonly missing = new Set<string>();

  /** Run an optional setting; a runtime that lacks it is noted in `missing`. */
  private optional(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (!(err instanceof NotSupportedError)) throw err;
      this.missing.add(what);
    }
  }

  /** A CacheRequest for `properties` over `scope`, filtered to the control view. */
  cacheRequest(properties: readonly number[], scope: number = TREE_SCOPE.Subtree): Ptr {
    const request = vout('IUIAutomation::CreateCacheRequest', this.ptr, S.CreateCacheRequest);
    try {
      for (const id of properties) {
        this.optional('CacheRequest::AddProperty', () =>
          vcheck('CacheRequest::AddProperty', request, CR.AddProperty, ['int32_t'], id),
        );
      }
      this.optional('CacheRequest::put_TreeScope', () =>
        vcheck('CacheRequest::put_TreeScope', request, CR.put_TreeScope, ['int32_t'], scope),
      );
      this.optional('CacheRequest::put_TreeFilter', () => {
        const filter = vout(
          'IUIAutomation::get_ControlViewCondition',
          this.ptr,
          S.get_ControlViewCondition,
        );
        try {
          vcheck('CacheRequest::put_TreeFilter', request, CR.put_TreeFilter, ['void *'], filter);
        } finally {
          release(filter);
        }
      });
      return request;
    } catch (err) {
      release(request);
      throw err;
    }
  }

  /** Lower IUIAutomation2's 2 s connection / 20 s transaction defaults. Returns false before v2. */
  setTimeouts(connectionMs: number, transactionMs: number): boolean {
    if (this.level < 2) return false;
    try {
      this.putTimeouts(connectionMs, transactionMs);
      return true;
    } catch (err) {
      if (err instanceof NotSupportedError) return false; // Wine has v2 without these
      throw err;
    }
  }

  private putTimeouts(connectionMs: number, transactionMs: number): void {
    vcheck(
      'IUIAutomation2::put_ConnectionTimeout',
      this.ptr,
      S.put_ConnectionTimeout,
      ['uint32_t'],
      connectionMs,
    );
    vcheck(
      'IUIAutomation2::put_TransactionTimeout',
      this.ptr,
      S.put_TransactionTimeout,
      ['uint32_t'],
      transactionMs,
    );
  }

  /** IUIAutomation6: coalesce events and recover dropped connections. Returns false before v6. */
  enableCoalescing(): boolean {
    if (this.level < 6) return false;
    vcheck('IUIAutomation6::put_CoalesceEvents', this.ptr, S.put_CoalesceEvents, ['int32_t'], 1);
    vcheck(
      'IUIAutomation6::put_ConnectionRecoveryBehavior',
      this.ptr,
      S.put_ConnectionRecoveryBehavior,
      ['int32_t'],
      1,
    );
    return true;
  }
}
