/**
 * Window truth on real toolkits (Qt 5, GTK 3, GTK 4, Swing), with and without a window manager:
 * dialog open/close cycles (menu, shortcut, button, the app itself) must leave windows.list
 * equal to the X server's own top-level windows and focus.get equal to an independent AT-SPI read after every change, and
 * every action result must name the dialog it opened or closed. UISTREAM_TRUTH_CYCLES sets the
 * number of rounds per dialog (the liveness bench runs 100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filter, firstValueFrom, map, of, timeout } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTruthStack, type TruthStack } from './windowTruth.js';
import {
  GTK4_FIXTURE,
  GTK_FIXTURE,
  QT_FIXTURE,
  runClose,
  runRound,
  SWING_FIXTURE,
  type Fixture,
} from './windowTruthCycles.js';

const CYCLES = Number(process.env.UISTREAM_TRUTH_CYCLES ?? 3);
const SETUP_MS = 60_000;
/** How long the cache may take to agree with the independent reads after an action answered. */
const AGREE_MS = 3_000;
/**
 * A short call deadline: a call left waiting on the app (a Qt modal run inside a DoAction whose
 * reply is awaited) would time out well within a suite and set the app aside, which the last
 * spec of each suite checks.
 */
const CALL_TIMEOUT_MS = 2_500;

const folder = mkdtempSync(join(tmpdir(), 'uistream-truth-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function fixtureSuite(fixture: Fixture, windowManager: boolean): void {
  describe(`${fixture.toolkit} dialogs, ${windowManager ? 'with openbox' : 'no window manager'}`, () => {
    let stack: TruthStack;
    beforeAll(async () => {
      stack = await startTruthStack(
        {
          windowManager,
          command: fixture.command,
          args: fixture.args(folder),
          callTimeoutMs: CALL_TIMEOUT_MS,
        },
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
            for (const fault of await runRound(stack, cycle, AGREE_MS))
              faults.push(`round ${i}: ${fault}`);
          }
          expect(faults).toEqual([]);
        },
        60_000 + CYCLES * 10_000,
      );
    }

    if (fixture.modalMenu !== undefined) {
      const modal = fixture.modalMenu;
      it('a menu item that opens a modal leaves nothing waiting on the app', async () => {
        await modal.open(stack);
        // Held open past the call deadline: a DoAction left waiting for its reply would time
        // out meanwhile and the backend would report the app degraded.
        const degraded = await firstValueFrom(
          stack.backend.events$.pipe(
            filter((batch) => batch.some((e) => e.type === 'status' && e.status === 'degraded')),
            map(() => true),
            timeout({ first: 2 * CALL_TIMEOUT_MS, with: () => of(false) }),
          ),
        );
        expect({ degraded, quarantined: stack.backend.health().quarantined }).toEqual({
          degraded: false,
          quarantined: [],
        });
        await runClose(stack, modal);
      }, 30_000);
    }

    it('the app was never set aside as not responding', () => {
      expect(stack.backend.health().quarantined).toEqual([]);
    });
  });
}

for (const windowManager of [false, true]) {
  for (const fixture of [QT_FIXTURE, GTK_FIXTURE, GTK4_FIXTURE, SWING_FIXTURE])
    fixtureSuite(fixture, windowManager);
}
