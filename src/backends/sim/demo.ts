/**
 * `--demo`: scripted activity on the simulated desktop so a newcomer sees a live desktop:
 * text is typed, check boxes and sliders move, tabs switch, the grid scrolls, menus and
 * dialogs open and close, the installer runs and is relaunched. Everything goes through the
 * backend's public calls, so it raises exactly the events real use would.
 */
import { isUiError } from '../../errors.js';
import type { SimBackend } from './backend.js';
import { delay } from './wait.js';

type Step = (sim: SimBackend, signal: AbortSignal, textLimit: number) => Promise<void>;

const WORDS =
  'the quick brown fox jumps over the lazy dog and types into the simulated editor'.split(' ');

function id(sim: SimBackend, automationId: string, window?: string): string {
  return sim.control.find(automationId, window) ?? `missing:${automationId}`;
}

/** Click the centre of an element (raw input never blocks on the app). */
async function click(sim: SimBackend, automationId: string, signal: AbortSignal): Promise<void> {
  const [node] = await sim.fetchSubtree(id(sim, automationId), { signal, maxDepth: 0 });
  const rect = node?.props.rect;
  if (rect == null) return;
  const at = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  await sim.input({ kind: 'click', ...at, button: 'left', count: 1 }, { signal });
}

function ensure(
  sim: SimBackend,
  automationId: string,
  kind: 'editor' | 'settings' | 'installer',
): void {
  if (sim.control.find(automationId) === undefined) sim.control.open({ kind });
}

let wordIndex = 0;

/**
 * The demo's typed text starts again empty past this many characters. Without it the document
 * grows for as long as the demo runs, and with it every copy of its value (the cache's, every
 * event's); a server left running with --demo would never level off.
 */
export const DEMO_TEXT_LIMIT = 2_000;

/** Type the next word where the focus is, then empty that edit once it is over the limit. */
async function typeWord(sim: SimBackend, signal: AbortSignal, limit: number): Promise<void> {
  await sim.input(
    { kind: 'text', text: `${WORDS[wordIndex++ % WORDS.length] ?? ''} ` },
    { signal },
  );
  const edit = sim.desktop.focused;
  if (edit?.edit === undefined || (edit.value ?? '').length <= limit) return;
  await sim.performPattern(edit.id, { pattern: 'Value', value: '' }, { signal });
}

const STEPS: Step[] = [
  async (sim, signal, textLimit) => {
    ensure(sim, 'editor.text', 'editor');
    await sim.focus(id(sim, 'editor.text'), { signal });
    await typeWord(sim, signal, textLimit);
  },
  async (sim, signal) => {
    ensure(sim, 'settings.tabs', 'settings');
    const box = sim.control.find('settings.notifications');
    if (box === undefined)
      await sim.performPattern(
        id(sim, 'settings.tab.general'),
        { pattern: 'SelectionItem', op: 'select' },
        { signal },
      );
    else await sim.performPattern(box, { pattern: 'Toggle' }, { signal });
  },
  async (sim, signal, textLimit) => {
    await typeWord(sim, signal, textLimit);
    const slider = sim.control.find('settings.volume');
    if (slider !== undefined)
      await sim.performPattern(
        slider,
        { pattern: 'RangeValue', value: (wordIndex * 7) % 101 },
        { signal },
      );
  },
  async (sim, signal) => {
    const grid = sim.control.find('grid.table');
    if (grid !== undefined)
      await sim.performPattern(
        grid,
        { pattern: 'Scroll', direction: 'down', amount: 1 },
        { signal },
      );
  },
  async (sim, signal) => {
    ensure(sim, 'editor.text', 'editor');
    await sim.performPattern(
      id(sim, 'editor.menu.file'),
      { pattern: 'ExpandCollapse', op: 'expand' },
      { signal },
    );
  },
  async (sim, signal) => {
    await sim.performPattern(
      id(sim, 'editor.menu.file'),
      { pattern: 'ExpandCollapse', op: 'collapse' },
      { signal },
    );
    const editor = sim.control.apps().find((a) => a.kind === 'editor' && !a.crashed)?.windows[0];
    if (editor !== undefined) await sim.activateWindow(editor, { signal });
    await sim.input({ kind: 'keys', combos: [{ key: 's', modifiers: ['ctrl'] }] }, { signal });
  },
  async (sim, signal) => {
    await sim.input({ kind: 'keys', combos: [{ key: 'Escape', modifiers: [] }] }, { signal });
  },
  async (sim, signal) => {
    ensure(sim, 'installer.next', 'installer');
    if (sim.control.find('installer.accept') !== undefined) {
      const [box] = await sim.fetchSubtree(id(sim, 'installer.accept'), { signal, maxDepth: 0 });
      if (box?.props.states.includes('unchecked') === true)
        return click(sim, 'installer.accept', signal);
    }
    if (sim.control.find('confirm.yes') !== undefined) return click(sim, 'confirm.yes', signal);
    await click(sim, 'installer.next', signal);
  },
];

/**
 * Run the demo until `signal` aborts or the sim stops: one step every `stepMs` (default 400). A
 * step that fails with a UiError (a window the user closed meanwhile) is skipped. Typed text
 * stays under `textLimit` characters per edit (default DEMO_TEXT_LIMIT).
 */
export async function startDemo(
  sim: SimBackend,
  signal: AbortSignal,
  stepMs = 400,
  textLimit = DEMO_TEXT_LIMIT,
): Promise<void> {
  for (let i = 0; !signal.aborted; i++) {
    if (!(await runStep(sim, STEPS[i % STEPS.length], signal, textLimit))) return;
    // Pace every step, failed ones included, so the demo never spins.
    await delay(stepMs, signal).catch(() => undefined);
  }
}

/** Run one step; false when the demo should end (aborted, or the desktop stopped). */
async function runStep(
  sim: SimBackend,
  step: Step | undefined,
  signal: AbortSignal,
  textLimit: number,
): Promise<boolean> {
  try {
    if (step !== undefined) await step(sim, signal, textLimit);
    return true;
  } catch (err) {
    if (signal.aborted) return false;
    if (!isUiError(err)) throw err;
    return err.code !== 'backend_unavailable';
  }
}
