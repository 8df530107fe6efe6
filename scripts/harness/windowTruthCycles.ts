/**
 * Dialog open/close cycles on the window-truth fixtures (Qt 5, GTK 3, GTK 4, Swing), shared by
 * the real-desktop test and the liveness bench: how each dialog opens (menu, shortcut, button)
 * and closes (its Close button, a key, the app itself), each step through the executor as a
 * client would drive it.
 */
import type { ActionResult, MethodInput } from '../../protocol/src/index.js';
import { JAVA, swingDialogsArgs } from '../../test/fixtures/toolkits/swingApp.js';
import { parse } from './params.js';
import {
  agreement,
  GTK4_DIALOGS,
  GTK_DIALOGS,
  QT_DIALOGS,
  untilCache,
  type TruthStack,
} from './windowTruth.js';

export interface DialogCycle {
  name: string;
  /** The dialog's window title. */
  dialog: string;
  open(stack: TruthStack): Promise<ActionResult>;
  /** Absent: the dialog closes by itself. */
  close?(stack: TruthStack): Promise<ActionResult>;
}

export interface Fixture {
  toolkit: string;
  title: string;
  command: string;
  args(folder: string): string[];
  cycles: DialogCycle[];
  /** A menu item that runs a modal dialog inside its handler, when the fixture has one. */
  modalMenu?: DialogCycle;
}

const ctx = { clientId: 'window-truth', signal: new AbortController().signal };

function click(
  stack: TruthStack,
  target: MethodInput<'actions.click'>['target'],
): Promise<ActionResult> {
  return stack.executor.run('actions.click', parse('actions.click', { target }), ctx);
}

function invoke(
  stack: TruthStack,
  target: MethodInput<'actions.invoke'>['target'],
): Promise<ActionResult> {
  return stack.executor.run(
    'actions.invoke',
    parse('actions.invoke', { target, pattern: 'Invoke' }),
    ctx,
  );
}

function keys(
  stack: TruthStack,
  combo: string,
  target: MethodInput<'actions.keys'>['target'],
): Promise<ActionResult> {
  return stack.executor.run('actions.keys', parse('actions.keys', { keys: combo, target }), ctx);
}

/** Wait, through the executor's own event-driven wait, until a titled window closed. */
export async function waitClosed(stack: TruthStack, title: string): Promise<void> {
  const params = parse('actions.waitFor', { condition: 'windowClosed', title, timeoutMs: 10_000 });
  await stack.executor.run('actions.waitFor', params, ctx);
}

const QT_TITLE = 'Qt dialogs fixture';
const GTK_TITLE = 'GTK dialogs fixture';

const QT_MODAL: DialogCycle = {
  name: 'menu opens a modal, Close button closes it',
  dialog: 'Preferences',
  open: (s) => invoke(s, { name: 'Preferences...', window: QT_TITLE }),
  close: (s) => click(s, { name: 'Close', controlType: 'Button', window: 'Preferences' }),
};

export const QT_FIXTURE: Fixture = {
  toolkit: 'Qt 5',
  title: QT_TITLE,
  command: '/usr/bin/python3',
  args: () => [QT_DIALOGS, '--title', QT_TITLE],
  modalMenu: QT_MODAL,
  cycles: [
    {
      name: 'menu opens, Close button hides (no AT-SPI event)',
      dialog: 'Details',
      open: (s) => invoke(s, { name: 'Details...', window: QT_TITLE }),
      close: (s) => click(s, { name: 'Close', controlType: 'Button', window: 'Details' }),
    },
    QT_MODAL,
    {
      name: 'menu opens a dialog that closes itself',
      dialog: 'Flash',
      open: (s) => invoke(s, { name: 'Flash', window: QT_TITLE }),
    },
  ],
};

export const GTK_FIXTURE: Fixture = {
  toolkit: 'GTK 3',
  title: GTK_TITLE,
  command: '/usr/bin/python3',
  args: (folder) => [GTK_DIALOGS, '--title', GTK_TITLE, '--folder', folder],
  cycles: [
    {
      name: 'Ctrl+Shift+S opens Save As, Escape closes it',
      dialog: 'Save As',
      open: (s) => keys(s, 'Ctrl+Shift+S', { name: 'Editor', window: GTK_TITLE }),
      close: (s) => keys(s, 'Escape', { name: 'Cancel', controlType: 'Button', window: 'Save As' }),
    },
    {
      name: 'a button opens a modal, its Close button closes it',
      dialog: 'Go to',
      open: (s) => click(s, { name: 'Go to', controlType: 'Button', window: GTK_TITLE }),
      close: (s) => click(s, { name: 'Close', controlType: 'Button', window: 'Go to' }),
    },
    {
      name: 'a button opens a dialog that closes itself',
      dialog: 'Flash',
      open: (s) => click(s, { name: 'Flash', controlType: 'Button', window: GTK_TITLE }),
    },
  ],
};

const GTK4_TITLE = 'GTK 4 dialogs fixture';
const SWING_TITLE = 'Swing dialogs fixture';

export const GTK4_FIXTURE: Fixture = {
  toolkit: 'GTK 4',
  title: GTK4_TITLE,
  command: '/usr/bin/python3',
  args: () => [GTK4_DIALOGS, '--title', GTK4_TITLE],
  cycles: [
    {
      name: 'Ctrl+Shift+F opens Find, Escape closes it',
      dialog: 'Find',
      open: (s) => keys(s, 'Ctrl+Shift+F', { name: 'Editor', window: GTK4_TITLE }),
      // GTK 4 focuses only a text field on screen (by a click): the key goes to the entry.
      close: (s) => keys(s, 'Escape', { controlType: 'Edit', window: 'Find' }),
    },
    {
      name: 'a button opens a modal, its Close button closes it',
      dialog: 'Go to',
      open: (s) => click(s, { name: 'Go to', controlType: 'Button', window: GTK4_TITLE }),
      close: (s) => click(s, { name: 'Close', controlType: 'Button', window: 'Go to' }),
    },
    {
      name: 'a button opens a dialog that closes itself',
      dialog: 'Flash',
      open: (s) => click(s, { name: 'Flash', controlType: 'Button', window: GTK4_TITLE }),
    },
  ],
};

export const SWING_FIXTURE: Fixture = {
  toolkit: 'Swing',
  title: SWING_TITLE,
  command: JAVA,
  args: () => swingDialogsArgs(SWING_TITLE),
  cycles: [
    {
      name: 'menu opens a modal, its Close button closes it',
      dialog: 'Details',
      open: (s) => invoke(s, { name: 'Details...', window: SWING_TITLE }),
      close: (s) => click(s, { name: 'Close', controlType: 'Button', window: 'Details' }),
    },
    {
      name: 'a button opens a modal, Escape closes it',
      dialog: 'Go to',
      open: (s) => click(s, { name: 'Go to', controlType: 'Button', window: SWING_TITLE }),
      close: (s) => keys(s, 'Escape', { name: 'Line', window: 'Go to' }),
    },
    {
      name: 'a button opens a dialog that closes itself',
      dialog: 'Flash',
      open: (s) => click(s, { name: 'Flash', controlType: 'Button', window: SWING_TITLE }),
    },
  ],
};

const titles = (list: readonly { title: string }[]): string[] => list.map((w) => w.title);

/** Whether the dialog's Cancel or Close button is in the cache (false while no window is). */
function closerCached(stack: TruthStack, dialog: string): boolean {
  if (!stack.cacheTitles().includes(dialog)) return false;
  const buttons = stack.cache.find({
    controlType: 'Button',
    window: dialog,
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 50,
  });
  return buttons.elements.some((b) => b.name === 'Close' || b.name === 'Cancel');
}

const closer = (cycle: DialogCycle): string => `the control that closes "${cycle.dialog}"`;

/** One round of a cycle; returns what disagreed (empty when everything held). */
export async function runRound(
  stack: TruthStack,
  cycle: DialogCycle,
  agreeMs: number,
): Promise<string[]> {
  const faults: string[] = [];
  const check = async (step: string): Promise<void> => {
    const seen = await agreement(stack, agreeMs);
    if (JSON.stringify(seen.x) !== JSON.stringify(seen.cache)) {
      faults.push(
        `${step}: windows ${JSON.stringify(seen.cache)} but X has ${JSON.stringify(seen.x)}`,
      );
    }
    if (!seen.focusOk) faults.push(`${step}: focus ${JSON.stringify(seen.focus)}`);
  };
  const opened: ActionResult = await cycle.open(stack);
  if (!titles(opened.changes.opened).includes(cycle.dialog)) {
    const warned =
      opened.warnings === undefined ? '' : ` warnings=${JSON.stringify(opened.warnings)}`;
    faults.push(`open answered opened=${JSON.stringify(titles(opened.changes.opened))}${warned}`);
  }
  if (cycle.close === undefined) {
    await waitClosed(stack, cycle.dialog);
    await check('closed by itself');
    return faults;
  }
  if (opened.window?.title !== cycle.dialog) {
    const told = JSON.stringify({ opened: opened.changes.opened, closed: opened.changes.closed });
    faults.push(`open named window ${opened.window?.title} ${opened.window?.ref} ${told}`);
  }
  await check('opened');
  // Qt fills a dialog's accessible children after showing it: wait for what closes it.
  await untilCache(stack.cache, () => closerCached(stack, cycle.dialog), 10_000, closer(cycle));
  const closed = await cycle.close(stack);
  if (!titles(closed.changes.closed).includes(cycle.dialog)) {
    faults.push(`close answered closed=${JSON.stringify(titles(closed.changes.closed))}`);
  }
  if (closed.window?.title === cycle.dialog) faults.push(`close named the closed window`);
  await check('closed');
  return faults;
}

/** Close a cycle's dialog once its closing button is cached, and wait until it is gone. */
export async function runClose(stack: TruthStack, cycle: DialogCycle): Promise<void> {
  if (cycle.close === undefined) return;
  await untilCache(stack.cache, () => closerCached(stack, cycle.dialog), 10_000, closer(cycle));
  await cycle.close(stack);
  const gone = `"${cycle.dialog}" gone from the window list`;
  await untilCache(stack.cache, () => !stack.cacheTitles().includes(cycle.dialog), 10_000, gone);
}
