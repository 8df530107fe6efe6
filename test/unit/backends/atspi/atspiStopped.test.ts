import { describe, expect, it } from 'vitest';
import { AtspiBackend } from '../../../../src/backends/atspi/atspiBackend.js';
import { BackendUnavailableError } from '../../../../src/errors.js';

/**
 * Callers chain or race the backend's promises (`Promise.race`, `expectUiError(call())`): a
 * method that throws at the call instead of rejecting escapes them. No bus is needed here: a
 * backend never started has no connection.
 */
describe('a stopped AT-SPI backend', () => {
  const signal = new AbortController().signal;
  const calls: [string, (b: AtspiBackend) => Promise<unknown>][] = [
    ['fetchSubtree', (b) => b.fetchSubtree(b.rootId, { signal })],
    ['walk', (b) => b.walk(b.rootId, { signal })],
    ['pointer', (b) => b.pointer(signal)],
    ['windowStacking', (b) => b.windowStacking(signal)],
    ['windowOp', (b) => b.windowOp(b.rootId, { op: 'activate' }, { signal })],
    ['appInfo', (b) => b.appInfo(':1.1', signal)],
  ];

  it.each(calls)('%s rejects with backend_unavailable, never throws', async (_name, call) => {
    const backend = new AtspiBackend();
    await backend.stop();
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = call(backend);
    }).not.toThrow();
    await expect(pending).rejects.toBeInstanceOf(BackendUnavailableError);
  });
});
