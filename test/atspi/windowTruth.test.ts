/**
 * Window truth on real toolkits, with and without a window manager: dialog open/close cycles
 * (menu, shortcut, button, the app itself) must leave windows.list equal to the X server's own
 * top-level windows and focus.get equal to an independent AT-SPI read after every change, and
 * every action result must name the dialog it opened or closed. UISTREAM_TRUTH_CYCLES sets the
 * number of rounds per dialog (the liveness bench runs 100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../protocol/src/index.js';
import { agreement, startTruthStack, untilCache, type TruthStack } from './windowTruth.js';
import {
  GTK_FIXTURE,
  QT_FIXTURE,
  waitClosed,
  type DialogCycle,
  type Fixture,
} from './windowTruthCycles.js';

const CYCLES = Number(process.env.UISTREAM_TRUTH_CYCLES ?? 3);
const SETUP_MS = 60_000;
/** How long the cache may take to agree with the independent reads after an action answered. */
const AGREE_MS = 3_000;

const folder = mkdtempSync(join(tmpdir(), 'uistream-truth-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const titles = (list: readonly { title: string }[]): string[] => list.map((w) => w.title);

/** Whether the dialog's Cancel or Close button is in the cache. */
function closerCached(stack: TruthStack, dialog: string): boolean {
  const buttons = stack.cache.find({
    controlType: 'Button',
    window: dialog,
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 50,
  });
  return buttons.elements.some((b) => b.name === 'Close' || b.name === 'Cancel');
}

/** One round of a cycle; returns what disagreed (empty when everything held). */
async function round(stack: TruthStack, cycle: DialogCycle, main: string): Promise<string[]> {
  const faults: string[] = [];
  const check = async (step: string): Promise<void> => {
    const seen = await agreement(stack, AGREE_MS);
    if (JSON.stringify(seen.x) !== JSON.stringify(seen.cache)) {
      faults.push(
        `${step}: windows ${JSON.stringify(seen.cache)} but X has ${JSON.stringify(seen.x)}`,
      );
    }
    if (!seen.focusOk) faults.push(`${step}: focus ${JSON.stringify(seen.focus)}`);
  };
  const opened: ActionResult = await cycle.open(stack);
  if (!titles(opened.changes.opened).includes(cycle.dialog)) {
    faults.push(`open answered opened=${JSON.stringify(titles(opened.changes.opened))}`);
  }
  if (cycle.close === undefined) {
    await waitClosed(stack, cycle.dialog);
    await check('closed by itself');
    return faults;
  }
  if (opened.window?.title !== cycle.dialog)
    faults.push(`open named window ${opened.window?.title}`);
  await check('opened');
  // Qt fills a dialog's accessible children after showing it: wait for what closes it.
  await untilCache(stack.cache, () => closerCached(stack, cycle.dialog));
  const closed = await cycle.close(stack);
  if (!titles(closed.changes.closed).includes(cycle.dialog)) {
    faults.push(`close answered closed=${JSON.stringify(titles(closed.changes.closed))}`);
  }
  if (closed.window?.title === cycle.dialog) faults.push(`close named the closed window`);
  await check('closed');
  void main;
  return faults;
}

function fixtureSuite(fixture: Fixture, windowManager: boolean): void {
  describe(`${fixture.toolkit} dialogs, ${windowManager ? 'with openbox' : 'no window manager'}`, () => {
    let stack: TruthStack;
    beforeAll(async () => {
      stack = await startTruthStack(
        { windowManager, command: fixture.command, args: fixture.args(folder) },
        AbortSignal.timeout(SETUP_MS),
      );
    }, SETUP_MS + 5_000);
    afterAll(() => stack?.stop());

    for (const cycle of fixture.cycles) {
      it(
        `${cycle.name}: ${CYCLES} rounds agree with X11 and AT-SPI`,
        async () => {
          const faults: string[] = [];
          for (let i = 0; i < CYCLES; i++) {
            for (const fault of await round(stack, cycle, fixture.title))
              faults.push(`round ${i}: ${fault}`);
          }
          expect(faults).toEqual([]);
        },
        60_000 + CYCLES * 10_000,
      );
    }

    it('the app was never set aside as not responding', () => {
      expect(stack.backend.health().quarantined).toEqual([]);
    });
  });
}

for (const windowManager of [false, true]) {
  fixtureSuite(QT_FIXTURE, windowManager);
  fixtureSuite(GTK_FIXTURE, windowManager);
}
