/**
 * UIPI with a fake target (Linux cannot make an elevated process): a pattern action that UIA
 * refuses with E_ACCESSDENIED on an elevated target answers `elevated_target` with the reason,
 * never a silent ok or a bare failure; the same refusal on a non-elevated target stays
 * action_failed; activating an elevated window is refused before any foreground attempt.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isUiError } from '../../../../src/errors.js';
import { HR, PROP } from '../../../../src/backends/uia/uiaConstants.js';
import { activateWindow, performPattern } from '../../../../src/backends/uia/uiaHostActions.js';

const fake = vi.hoisted(() => ({
  elevated: new Set<number>(),
  hresult: 0,
  fronted: [] as bigint[],
}));

vi.mock('../../../../src/backends/uia/uiaElement.js', () => ({
  element: {
    pattern: () => 5n,
    property: (_el: bigint, id: number) => (id === PROP.ProcessId ? 4242 : 0x77),
  },
}));
vi.mock('../../../../src/backends/uia/uiaCom.js', () => ({ release: () => undefined }));
vi.mock('../../../../src/backends/uia/uiaComAsync.js', () => ({
  vcallAsync: () => Promise.resolve(fake.hresult),
}));
vi.mock('../../../../src/backends/uia/uiaWin32.js', () => ({
  elevationBlock: (pid: number) =>
    fake.elevated.has(pid) ? `process ${pid} runs elevated and this server does not` : null,
  foregroundWindow: () => 0n,
}));
vi.mock('../../../../src/backends/uia/uiaWin32Focus.js', () => ({
  bringToFront: (hwnd: bigint) => fake.fronted.push(hwnd),
}));

/** The HRESULT as the signed 32-bit value a COM call returns. */
const ACCESS_DENIED = HR.E_ACCESSDENIED | 0;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return isUiError(err) ? err.code : `not a UiError: ${String(err)}`;
  }
}

beforeEach(() => {
  fake.elevated.clear();
  fake.hresult = 0;
  fake.fronted = [];
});

describe('actions on elevated targets (UIPI)', () => {
  it('an access-denied Invoke on an elevated target answers elevated_target', async () => {
    fake.elevated.add(4242);
    fake.hresult = ACCESS_DENIED;
    expect(await codeOf(performPattern(1n, { pattern: 'Invoke' }))).toBe('elevated_target');
  });

  it('the same refusal on a non-elevated target stays action_failed', async () => {
    fake.hresult = ACCESS_DENIED;
    expect(await codeOf(performPattern(1n, { pattern: 'Invoke' }))).toBe('action_failed');
  });

  it('an Invoke that succeeds is ok', async () => {
    expect(await codeOf(performPattern(1n, { pattern: 'Invoke' }))).toBe('ok');
  });

  it('activating an elevated window is refused before any foreground attempt', () => {
    fake.elevated.add(4242);
    let code = 'ok';
    try {
      activateWindow(1n);
    } catch (err) {
      code = isUiError(err) ? err.code : String(err);
    }
    expect(code).toBe('elevated_target');
    expect(fake.fronted).toEqual([]);
  });
});
