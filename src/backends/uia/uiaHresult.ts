/**
 * HRESULT -> typed UiError. Every failing COM call in the host goes through `hresultError`, so
 * a caller only ever sees the project's error codes (element_stale, timeout,
 * pattern_not_supported...) with the raw HRESULT kept in `details.hresult` for diagnosis.
 */
import type { UiError } from '../../errors.js';
import {
  ActionFailedError,
  BackendUnavailableError,
  ElementStaleError,
  NotSupportedError,
  PatternNotSupportedError,
  TimeoutError,
} from '../../errors.js';
import { HR } from './uiaConstants.js';

/** What kind of call failed: pattern calls map "not implemented" to pattern_not_supported. */
export type CallKind = 'pattern' | 'property' | 'other';

/** `0x80040201`-style text of an HRESULT (signed or unsigned input). */
export function hresultHex(hr: number): string {
  return `0x${(hr >>> 0).toString(16).padStart(8, '0')}`;
}

/** True for success codes (S_OK, S_FALSE...): the high bit is clear. */
export function succeeded(hr: number): boolean {
  return hr >>> 0 < 0x80000000;
}

const STALE = new Set<number>([
  HR.UIA_E_ELEMENTNOTAVAILABLE,
  HR.RPC_E_DISCONNECTED,
  HR.CO_E_OBJNOTCONNECTED,
  HR.RPC_S_SERVER_UNAVAILABLE,
]);
const TIMEOUT = new Set<number>([HR.UIA_E_TIMEOUT, HR.RPC_E_TIMEOUT]);
const NOT_IMPLEMENTED = new Set<number>([HR.E_NOTIMPL, HR.E_NOINTERFACE, HR.UIA_E_NOTSUPPORTED]);
const HOST_BROKEN = new Set<number>([
  HR.CO_E_NOTINITIALIZED,
  HR.RPC_E_CHANGED_MODE,
  HR.REGDB_E_CLASSNOTREG,
  HR.UIA_E_PROXYASSEMBLYNOTLOADED,
]);

/**
 * Map a failed HRESULT of `what` (e.g. "IUIAutomationElement::SetFocus") to a UiError.
 * E_ACCESSDENIED becomes action_failed here; the host upgrades it to elevated_target when it
 * finds the target process elevated (that needs a process check this pure module cannot do).
 */
export function hresultError(hr: number, what: string, kind: CallKind = 'other'): UiError {
  const code = hr >>> 0;
  const hex = hresultHex(code);
  const options = { details: { hresult: hex, call: what } };
  const message = `${what} failed with ${hex}`;
  if (STALE.has(code)) return new ElementStaleError(`${message}: the element is gone`, options);
  if (TIMEOUT.has(code))
    return new TimeoutError(`${message}: the target did not answer in time`, options);
  if (NOT_IMPLEMENTED.has(code)) {
    return kind === 'pattern'
      ? new PatternNotSupportedError(`${message}: not supported by this element`, options)
      : new NotSupportedError(`${message}: not implemented by this UI Automation runtime`, options);
  }
  if (HOST_BROKEN.has(code)) {
    return new BackendUnavailableError(`${message}: UI Automation is not usable here`, options);
  }
  if (code === HR.UIA_E_ELEMENTNOTENABLED) {
    return new ActionFailedError(`${message}: the element is disabled`, {
      details: { ...options.details, reason: 'element_not_enabled' },
    });
  }
  if (code === HR.E_ACCESSDENIED) {
    return new ActionFailedError(`${message}: access denied`, {
      details: { ...options.details, reason: 'access_denied' },
    });
  }
  return new ActionFailedError(message, options);
}

/** Throw the mapped error unless `hr` is a success code. */
export function check(hr: number, what: string, kind: CallKind = 'other'): void {
  if (!succeeded(hr)) throw hresultError(hr, what, kind);
}
