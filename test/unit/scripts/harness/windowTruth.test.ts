import { describe, expect, it } from 'vitest';
import { readFocus, type FocusRead } from '../../../../scripts/harness/windowTruth.js';

/** A focus reader that gives the scripted answers in turn, and counts the reads asked. */
function scripted(answers: FocusRead[]) {
  let asked = 0;
  return {
    reader: {
      ask: <T>(request: string): Promise<T> => {
        expect(request).toBe('42');
        const answer = answers[asked++];
        if (answer === undefined) throw new Error('read more often than scripted');
        return Promise.resolve(answer as T);
      },
    },
    asked: () => asked,
  };
}

const close = { name: 'Close', role: 'push button', window: 'Details' };

describe('readFocus: an independent focus read that failed part way', () => {
  it('is read again, and the complete read is the answer', async () => {
    const { reader, asked } = scripted([{ error: 'Timeout was reached' }, { focused: [close] }]);
    expect(await readFocus(reader, 42)).toEqual([close]);
    expect(asked()).toBe(2);
  });

  it('is never taken as nothing focused: repeated failures throw the error', async () => {
    const failed = { error: 'Timeout was reached' };
    const { reader, asked } = scripted([failed, failed, failed]);
    await expect(readFocus(reader, 42)).rejects.toThrow(/failed 3 times: Timeout was reached/);
    expect(asked()).toBe(3);
  });

  it('answers an empty focus when the app reports none', async () => {
    const { reader } = scripted([{ focused: [] }]);
    expect(await readFocus(reader, 42)).toEqual([]);
  });
});
