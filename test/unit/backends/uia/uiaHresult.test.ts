import { describe, expect, it } from 'vitest';
import { HR } from '../../../../src/backends/uia/uiaConstants.js';
import {
  check,
  hresultError,
  hresultHex,
  succeeded,
} from '../../../../src/backends/uia/uiaHresult.js';
import { ElementStaleError, TimeoutError } from '../../../../src/errors.js';

describe('HRESULT mapping', () => {
  it.each([
    [HR.UIA_E_ELEMENTNOTAVAILABLE, 'other', 'element_stale'],
    [HR.RPC_E_DISCONNECTED, 'other', 'element_stale'],
    [HR.CO_E_OBJNOTCONNECTED, 'other', 'element_stale'],
    [HR.UIA_E_TIMEOUT, 'other', 'timeout'],
    [HR.RPC_E_TIMEOUT, 'other', 'timeout'],
    [HR.E_NOTIMPL, 'other', 'not_supported'],
    [HR.E_NOTIMPL, 'pattern', 'pattern_not_supported'],
    [HR.E_NOINTERFACE, 'pattern', 'pattern_not_supported'],
    [HR.UIA_E_NOTSUPPORTED, 'pattern', 'pattern_not_supported'],
    [HR.REGDB_E_CLASSNOTREG, 'other', 'backend_unavailable'],
    [HR.RPC_E_CHANGED_MODE, 'other', 'backend_unavailable'],
    [HR.UIA_E_ELEMENTNOTENABLED, 'pattern', 'action_failed'],
    [HR.E_ACCESSDENIED, 'pattern', 'action_failed'],
    [HR.E_FAIL, 'other', 'action_failed'],
  ] as const)('0x%s (%s call) -> %s', (hr, kind, code) => {
    const err = hresultError(hr, 'Test::Call', kind);
    expect(err.code).toBe(code);
    expect(err.details?.['hresult']).toBe(hresultHex(hr));
    expect(err.details?.['call']).toBe('Test::Call');
  });

  it('accepts signed HRESULTs as koffi returns them', () => {
    expect(hresultError(HR.UIA_E_ELEMENTNOTAVAILABLE | 0, 'X')).toBeInstanceOf(ElementStaleError);
    expect(hresultError(-2146233083, 'X')).toBeInstanceOf(TimeoutError);
    expect(hresultHex(-2147220991)).toBe('0x80040201');
  });

  it('marks disabled and access-denied failures with a reason', () => {
    expect(hresultError(HR.UIA_E_ELEMENTNOTENABLED, 'X').details?.['reason']).toBe(
      'element_not_enabled',
    );
    expect(hresultError(HR.E_ACCESSDENIED, 'X').details?.['reason']).toBe('access_denied');
  });

  it('treats S_OK and S_FALSE as success and throws on failure', () => {
    expect(succeeded(HR.S_OK)).toBe(true);
    expect(succeeded(HR.S_FALSE)).toBe(true);
    expect(succeeded(HR.E_FAIL)).toBe(false);
    expect(() => check(HR.S_FALSE, 'X')).not.toThrow();
    expect(() => check(HR.UIA_E_TIMEOUT, 'X')).toThrow(TimeoutError);
  });
});
