/**
 * The Wine proof's checks of input, focus, the watchdog and window closing, run after the
 * basic ones in proof.ts with the same backend and notepad window. Every check compares what
 * the backend did with what Win32 (notepad.ts) sees, never with the backend's own answer.
 */
import { isUiError } from '../../src/errors.js';
import type { UiaBackend } from '../../src/backends/uia/index.js';
import {
  caretTop,
  closeWindow,
  editRect,
  foreground,
  notepadText,
  pointerFacts,
  startNotepad,
} from './notepad.js';
import { type EventLog, until, assert } from './proofSupport.js';

export interface ProofContext {
  backend: UiaBackend;
  log: EventLog;
  win: { id: string; hwnd: number; pid: number };
  check(name: string, body: () => Promise<string>): Promise<void>;
  launch(timings: { hangMs: number; pingIntervalMs: number }): UiaBackend;
  measurements: Record<string, unknown>;
}

const signal = (ms = 20_000): AbortSignal => AbortSignal.timeout(ms);

async function textNow(hwnd: number, endsWith: string): Promise<string> {
  return until(`notepad text ending ${JSON.stringify(endsWith)}`, 10_000, () => {
    const now = notepadText(hwnd);
    return Promise.resolve(now?.endsWith(endsWith) === true ? now : undefined);
  });
}

export async function inputChecks(p: ProofContext): Promise<void> {
  const { backend, win } = p;
  await p.check('key combos with punctuation (VkKeyScanW) reach notepad', async () => {
    await backend.input(
      {
        kind: 'keys',
        combos: [
          { key: 'End', modifiers: ['ctrl'] },
          { key: ';', modifiers: [] },
          { key: '/', modifiers: [] },
          { key: ',', modifiers: [] },
          { key: '1', modifiers: ['shift'] },
        ],
      },
      { signal: signal() },
    );
    return JSON.stringify(await textNow(win.hwnd, ';/,!'));
  });
  await p.check(
    `mouse: a click lands where it was aimed (caret to the start of the text; up to ${CLICK_TRIES} clicks)`,
    async () => {
      const edit = editRect(win.hwnd);
      const missed = await clickFirstLine(p, edit);
      p.measurements['wineClicksMissed'] = missed.length;
      assert(missed.length < CLICK_TRIES, `no click landed: ${missed.join(' | ')}`);
      await backend.input({ kind: 'text', text: '#' }, { signal: signal() });
      const text = await until('text starting with #', 10_000, () => {
        const now = notepadText(win.hwnd);
        return Promise.resolve(now?.startsWith('#') === true ? now : undefined);
      }).catch((err: unknown) => {
        const seen = JSON.stringify(notepadText(win.hwnd));
        throw new Error(`${String(err)}; ${pointerFacts()}; text ${seen}`);
      });
      const misses = missed.length === 0 ? '' : `; missed first: ${missed.join(' | ')}`;
      return `edit at ${edit.left},${edit.top}; ${JSON.stringify(text)}${misses}`;
    },
  );
}

/**
 * Wine drops some SendInput clicks on notepad's edit, about one in fifteen under load (the
 * caret stays where it was, while GetCursorPos shows the pointer on target; neither a separate
 * move seen first nor a pause before the press changed that). The check clicks up to this many
 * times and reports the misses; on Windows a SendInput call's events are applied in order.
 */
const CLICK_TRIES = 3;

/**
 * Click the first line's start, the caret being on the last line, until the caret moves up:
 * each try lands 5 px lower than the one before, outside its double-click box, so a late
 * second click cannot turn into a double click (which selects a word instead). Returns what
 * Win32 saw after each miss.
 */
async function clickFirstLine(
  p: ProofContext,
  edit: { left: number; top: number },
): Promise<string[]> {
  const missed: string[] = [];
  const before = caretTop();
  for (let k = 0; k < CLICK_TRIES; k++) {
    const at = { x: edit.left + 4, y: edit.top + 3 + 5 * k };
    await p.backend.input({ kind: 'click', ...at, button: 'left', count: 1 }, { signal: signal() });
    const landed = await until('the caret on the first line', 3_000, () => {
      const top = caretTop();
      return Promise.resolve(top !== null && before !== null && top < before ? true : undefined);
    }).catch(() => false);
    if (landed) break;
    missed.push(`at ${at.x},${at.y}: ${pointerFacts()}`);
  }
  return missed;
}

export async function focusChecks(p: ProofContext): Promise<void> {
  const { backend, win } = p;
  const second = startNotepad();
  try {
    const other = await until('a second notepad', 20_000, async () =>
      (await backend.listWindows({ app: 'notepad' }, { signal: signal() })).find(
        (w) => w.hwnd !== win.hwnd,
      ),
    );
    await p.check(
      'SetFocus: focus moves between two windows (seen by GetForegroundWindow)',
      async () => {
        await backend.focus(other.id, { signal: signal() });
        assert(foreground() === other.hwnd, `in front: ${foreground()}, wanted ${other.hwnd}`);
        await backend.focus(win.id, { signal: signal() });
        assert(foreground() === win.hwnd, `in front: ${foreground()}, wanted ${win.hwnd}`);
        return `${other.hwnd} then ${win.hwnd} in front`;
      },
    );
    await p.check(
      'WindowClosed: Wine accepts the handler; a close is then seen (event, if Wine raises one)',
      async () => {
        const facts = backend.supervisor.hello?.facts ?? {};
        // focus changed + window opened + window closed, all three accepted.
        assert(
          facts['handlers'] === 3,
          `desktop handlers registered: ${String(facts['handlers'])}`,
        );
        const closed = p.log.waitFor(
          'window.closed',
          5_000,
          (e) => e.type === 'window.closed' && e.id === other.id,
          true,
        );
        closeWindow(other.hwnd);
        await until('the second notepad gone', 10_000, async () =>
          (await backend.listWindows({ pid: other.pid }, { signal: signal() })).length === 0
            ? true
            : undefined,
        );
        // Wine 10's UIA does not raise WindowClosed: recorded, not claimed (unit-tested with fakes).
        const raised = await closed.then(
          () => true,
          () => false,
        );
        p.measurements['windowClosedRaisedByWine'] = raised;
        return raised ? `window.closed ${other.id}` : 'handler registered; Wine raised no event';
      },
    );
  } finally {
    second.kill();
  }
}

export async function watchdogChecks(p: ProofContext): Promise<void> {
  const backend = p.launch({ hangMs: 2_000, pingIntervalMs: 200 });
  try {
    await backend.start(signal(40_000));
    await p.check(
      'watchdog: a slow operation whose native calls return keeps its host',
      async () => {
        // 25 native Sleep(200) calls on pool threads: 5 s in all, 2.5 times the hang limit.
        const steps = await backend.supervisor.call(
          'diagnose',
          { steps: 25, ms: 200 },
          signal(30_000),
        );
        assert(steps === 25, `answered ${String(steps)}`);
        assert(
          backend.supervisor.generation === 1,
          `host restarted: ${backend.supervisor.generation}`,
        );
        return 'answered after 25 native calls, same host';
      },
    );
    await p.check('watchdog: a native call blocked past the limit restarts the host', async () => {
      const before = backend.supervisor.hello?.pid ?? 0;
      let code = 'resolved';
      try {
        await backend.supervisor.call('diagnose', { steps: 1, ms: 600_000 }, signal(30_000));
      } catch (err) {
        code = isUiError(err) ? `${err.code}: ${err.message}` : String(err);
      }
      assert(code.startsWith('backend_unavailable'), code);
      await until('the new host', 30_000, () =>
        Promise.resolve(backend.supervisor.status === 'up' ? true : undefined),
      );
      assert(backend.supervisor.hello?.pid !== before, 'same host pid');
      return `${code}; host ${before} -> ${backend.supervisor.hello?.pid ?? 0}`;
    });
  } finally {
    await backend.stop();
  }
}
