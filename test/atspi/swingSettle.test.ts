/**
 * Action results on the Swing fixture (OpenJDK with Debian's ATK wrapper), with and without a
 * window manager. Java's bridge exposes a dialog after the X server mapped it, at times hundreds
 * of ms later: an action that opens one must answer it in `changes.opened` once the settle has
 * waited for it, and a dialog that closes itself before the bridge exposed it still opened and
 * closed: the answer names it in both, from what the X server showed, and says in a warning that
 * its contents were never read. The self-closing dialog lives 150 ms here, shorter than the
 * bridge commonly takes on a loaded machine, so both outcomes occur.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../protocol/src/index.js';
import { JAVA, swingDialogsArgs } from '../fixtures/toolkits/swingApp.js';
import { startTruthStack, type TruthStack } from './windowTruth.js';
import { SWING_FIXTURE, waitClosed } from './windowTruthCycles.js';

const ROUNDS = Number(process.env.UISTREAM_TRUTH_CYCLES ?? 6);
const FLASH_MS = 150;
const SETUP_MS = 60_000;
const UNEXPOSED = /^window "Flash" was shown and closed again before its app exposed it/;

const cycle = (dialog: string) => {
  const found = SWING_FIXTURE.cycles.find((c) => c.dialog === dialog);
  if (found === undefined) throw new Error(`the Swing fixture has no ${dialog} cycle`);
  return found;
};

/**
 * How an answer told of the dialog it caused: `opened` (read while open), `flashed` (opened and
 * closed, unexposed, with the warning), or the answer itself when it fell short of either.
 */
function toldOf(result: ActionResult, dialog: string): string {
  const named = (list: readonly { title: string }[]) => list.some((w) => w.title === dialog);
  const warned = (result.warnings ?? []).some((w) => UNEXPOSED.test(w));
  if (named(result.changes.opened) && !warned) return 'opened';
  if (named(result.changes.opened) && named(result.changes.closed)) return 'flashed';
  return JSON.stringify({ changes: result.changes, warnings: result.warnings });
}

for (const windowManager of [false, true]) {
  describe(`Swing action results, ${windowManager ? 'with openbox' : 'no window manager'}`, () => {
    let stack: TruthStack;
    beforeAll(async () => {
      stack = await startTruthStack(
        {
          windowManager,
          command: JAVA,
          args: swingDialogsArgs('Swing dialogs fixture', { flashMs: FLASH_MS }),
        },
        AbortSignal.timeout(SETUP_MS),
      );
    }, SETUP_MS + 5_000);
    afterAll(() => stack?.stop());

    it(`a dialog closing itself is named in opened (and closed once gone), ${ROUNDS} rounds`, async () => {
      const flash = cycle('Flash');
      const told: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const result = await flash.open(stack);
        told.push(toldOf(result, 'Flash'));
        if (stack.cacheTitles().includes('Flash')) await waitClosed(stack, 'Flash');
      }
      expect(told.filter((t) => t !== 'opened' && t !== 'flashed')).toEqual([]);
    }, 120_000);
  });
}
