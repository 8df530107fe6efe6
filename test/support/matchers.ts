/**
 * `expect(x).toFailWith(code)`: `x` (a function, or a promise with `await expect(...)`) fails
 * with a UiError of that code, or a wire error (`{error: {data: {code}}}`, a JSON-RPC reply)
 * carrying it. Registered for every test file by vitest.config.ts.
 */
import { expect } from 'vitest';
import { isUiError } from '../../src/errors.js';

interface FailWith<R = unknown> {
  toFailWith(code: string): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends FailWith<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends FailWith {}
}

/** The code a thrown value or a JSON-RPC reply carries, if any. */
function codeIn(value: unknown): string | undefined {
  if (isUiError(value)) return value.code;
  const reply = value as { error?: { data?: { code?: unknown } } } | null;
  const code = reply?.error?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

async function outcome(received: unknown): Promise<{ failed: boolean; value: unknown }> {
  try {
    const value = typeof received === 'function' ? (received as () => unknown)() : received;
    const settled = await value;
    // A JSON-RPC reply fails by carrying an error, not by throwing.
    return { failed: codeIn(settled) !== undefined, value: settled };
  } catch (err) {
    return { failed: true, value: err };
  }
}

expect.extend({
  async toFailWith(received: unknown, code: string) {
    const { failed, value } = await outcome(received);
    const got = failed ? codeIn(value) : undefined;
    const pass = got === code;
    const what = !failed ? 'it succeeded' : got === undefined ? `it threw ${String(value)}` : got;
    return {
      pass,
      message: () =>
        pass ? `expected a failure other than ${code}` : `expected ${code}, but ${what}`,
    };
  },
});
