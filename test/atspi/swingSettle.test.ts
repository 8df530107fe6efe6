/**
 * Action results on the Swing fixture (OpenJDK with Debian's ATK wrapper), with and without a
 * window manager. Java's bridge exposes a dialog after the X server mapped it, at times hundreds
 * of ms later: an action that opens one must answer it in `changes.opened` once the settle has
 * waited for it, and a dialog that closes itself before the bridge exposed it must be named in a
 * warning instead of going unsaid. The self-closing dialog lives 150 ms here, shorter than the
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

/** How an answer told of the dialog it caused: in `opened`, in a warning, or not at all. */
function toldOf(result: ActionResult, dialog: string): 'opened' | 'warned' | 'unsaid' {
  if (result.changes.opened.some((w) => w.title === dialog)) return 'opened';
  return (result.warnings ?? []).some((w) => UNEXPOSED.test(w)) ? 'warned' : 'unsaid';
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

    it(`a dialog closing itself is named in opened or in a warning, ${ROUNDS} rounds`, async () => {
      const flash = cycle('Flash');
      const told: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const result = await flash.open(stack);
        const how = toldOf(result, 'Flash');
        told.push(
          how === 'unsaid'
            ? JSON.stringify({ changes: result.changes, warnings: result.warnings })
            : how,
        );
        if (stack.cacheTitles().includes('Flash')) await waitClosed(stack, 'Flash');
      }
      expect(told.filter((t) => t !== 'opened' && t !== 'warned')).toEqual([]);
    }, 120_000);
  });
}
