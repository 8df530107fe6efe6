import { describe, expect, it } from 'vitest';
import { WithdrawnWindows } from '../../../../src/backends/atspi/atspiWithdrawn.js';

/** A held window's app answers when `answer` is called; judgements come when the test says. */
function setup(exists: (xid: number) => boolean = () => true) {
  const answers = new Map<string, (shows: boolean | undefined) => void>();
  let rechecks = 0;
  const windows = new WithdrawnWindows(
    exists,
    () => rechecks++,
    (id) => new Promise((resolve) => answers.set(id, resolve)),
  );
  windows.noteXids(new Map([[7, 'dialog']]), [{ id: 'dialog' }]);
  const answer = async (id: string, shows: boolean | undefined): Promise<void> => {
    answers.get(id)?.(shows);
    await Promise.resolve();
  };
  return { windows, answers, answer, rechecks: () => rechecks };
}

const shown = new Set(['dialog']);
const gone = new Set(['dialog']);

describe('WithdrawnWindows: the app tells a hidden window from a withdrawn one', () => {
  it('closes a held window at once when its app says it hid it (Qt Close button)', async () => {
    const { windows, answer, rechecks } = setup();
    expect(windows.judge(shown, gone)).toEqual({ closed: [], held: ['dialog'] });
    await answer('dialog', false);
    expect(rechecks()).toBe(1);
    expect(windows.judge(shown, gone)).toEqual({ closed: ['dialog'], held: [] });
    windows.stop();
  });

  it('keeps holding a window its app still shows (GTK 4 withdraw and re-map)', async () => {
    const { windows, answer, rechecks } = setup();
    windows.judge(shown, gone);
    await answer('dialog', true);
    expect(rechecks()).toBe(0);
    expect(windows.judge(shown, gone)).toEqual({ closed: [], held: ['dialog'] });
    // Mapped again: no longer missing, nothing closed.
    expect(windows.judge(shown, new Set())).toEqual({ closed: [], held: [] });
    windows.stop();
  });

  it('keeps holding a window whose app did not answer in time', async () => {
    const { windows, answer } = setup();
    windows.judge(shown, gone);
    await answer('dialog', undefined);
    expect(windows.judge(shown, gone).held).toEqual(['dialog']);
    windows.stop();
  });

  it('asks once per withdrawal and ignores an answer that comes after the re-map', async () => {
    const { windows, answers, answer, rechecks } = setup();
    windows.judge(shown, gone);
    windows.judge(shown, gone);
    expect(answers.size).toBe(1);
    windows.judge(shown, new Set());
    await answer('dialog', false);
    expect(rechecks()).toBe(0);
    // A later withdrawal asks again, and is not closed by the stale answer.
    answers.clear();
    expect(windows.judge(shown, gone).held).toEqual(['dialog']);
    expect(answers.size).toBe(1);
    windows.stop();
  });

  it('closes at once a window whose X window was destroyed, without asking the app', () => {
    const { windows, answers } = setup(() => false);
    expect(windows.judge(shown, gone)).toEqual({ closed: ['dialog'], held: [] });
    expect(answers.size).toBe(0);
    windows.stop();
  });
});
