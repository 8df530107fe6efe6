/** What a call failed with, as a typed error's code: the tests' one way to ask. */
import { isUiError, type UiError } from '../../src/errors.js';

function codeOfThrown(err: unknown): string {
  return isUiError(err) ? err.code : `not a UiError: ${String(err)}`;
}

/** The code of the UiError `fn` throws; undefined when it returns. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return codeOfThrown(err);
  }
  return undefined;
}

/** The code of the UiError `work` rejects with; 'resolved' when it does not reject. */
export async function rejectionCode(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'resolved';
  } catch (err) {
    return codeOfThrown(err);
  }
}

/** The UiError `work` rejects with (fails the test when it resolves or throws anything else). */
export async function rejection(work: Promise<unknown>): Promise<UiError> {
  try {
    await work;
  } catch (err) {
    if (isUiError(err)) return err;
    throw new Error(`expected a UiError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected a UiError, the call resolved');
}
