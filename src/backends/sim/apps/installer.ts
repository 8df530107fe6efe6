/**
 * The installer wizard: Welcome -> Licence (Next enabled only once the licence is accepted)
 * -> Ready (Install asks in a modal confirmation) -> Progress (a bar that advances over time)
 * -> Finished. Install reproduces UIA's modal quirk: its Invoke handler shows the dialog the
 * way WinForms ShowDialog does, so the Invoke call BLOCKS until the dialog closes.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, setTitle, titleBar } from './parts.js';

export interface InstallerOptions {
  x: number;
  y: number;
  /** Progress tick period (each tick adds 5%); 0 advances only through the control API. */
  progressStepMs: number;
}

/** What the control API can do to a running installer. */
export interface InstallerHandle {
  window: SimElement;
  /** Add `percent` to the progress bar (only on the progress page). */
  advance(percent: number): void;
}

const W = 480;
const H = 360;
const PAGES = ['Welcome', 'Licence', 'Ready', 'Installing', 'Finished'] as const;
type Page = (typeof PAGES)[number];

function pageContent(
  page: Page,
  onAccept: (on: boolean) => void,
  accepted: boolean,
): ElementSpec[] {
  const text = (name: string): ElementSpec => ({ type: 'Text', name, rect: [20, 50, 440, 24] });
  switch (page) {
    case 'Welcome':
      return [text('Welcome to the Setup Wizard. Click Next to continue.')];
    case 'Licence':
      return [
        text('Please read the licence agreement.'),
        {
          type: 'Edit',
          name: 'Licence agreement',
          automationId: 'installer.licence',
          value: 'You may use this simulated software freely.',
          rect: [20, 80, 440, 120],
          states: ['readonly'],
        },
        {
          type: 'CheckBox',
          name: 'I accept the licence agreement',
          automationId: 'installer.accept',
          rect: [20, 210, 300, 24],
          states: accepted ? ['checked'] : [],
          hooks: { toggled: onAccept },
        },
      ];
    case 'Ready':
      return [text('Ready to install. Click Install to begin.')];
    case 'Installing':
      return [
        text('Installing...'),
        {
          type: 'ProgressBar',
          name: 'Progress',
          automationId: 'installer.progress',
          rect: [20, 90, 440, 24],
          range: { value: 0, min: 0, max: 100 },
          states: ['readonly'],
          without: ['focusable'],
        },
      ];
    case 'Finished':
      return [text('Setup has finished installing.')];
  }
}

export function launchInstaller(d: Desktop, app: SimApp, o: InstallerOptions): InstallerHandle {
  let page: Page = 'Welcome';
  let accepted = false;
  let stopTicking: (() => void) | undefined;
  const find = (id: string): SimElement => must(win && d.find(win, id));
  const nav = (
    name: string,
    id: string,
    slotNo: number,
    run: () => void | Promise<void>,
    enabled = true,
  ): ElementSpec => ({
    type: 'Button',
    name,
    automationId: `installer.${id}`,
    rect: [W - slotNo * 96, H - 44, 88, 28],
    without: enabled ? [] : ['enabled'],
    hooks: { invoke: run },
  });
  const show = (next: Page): void => {
    page = next;
    d.replaceChildren(find('installer.page'), pageContent(page, onAccept, accepted));
    setTitle(d, must(win), `Setup - ${page}`);
    const index = PAGES.indexOf(page);
    const nextButton = find('installer.next');
    d.set(nextButton, {
      name: page === 'Ready' ? 'Install' : page === 'Finished' ? 'Finish' : 'Next',
    });
    const nextEnabled = page !== 'Installing' && (page !== 'Licence' || accepted);
    d.setStates(nextButton, nextEnabled ? ['enabled'] : [], nextEnabled ? [] : ['enabled']);
    const backEnabled = index > 0 && index < 3;
    d.setStates(
      find('installer.back'),
      backEnabled ? ['enabled'] : [],
      backEnabled ? [] : ['enabled'],
    );
    if (page === 'Installing' && o.progressStepMs > 0)
      stopTicking = d.timers.every(o.progressStepMs, () => advance(5));
  };
  const onAccept = (on: boolean): void => {
    accepted = on;
    d.setStates(find('installer.next'), on ? ['enabled'] : [], on ? [] : ['enabled']);
  };
  const advance = (percent: number): void => {
    if (page !== 'Installing' || win === undefined || win.gone) return;
    const bar = find('installer.progress');
    const value = Math.min(100, (bar.range?.value ?? 0) + percent);
    d.set(bar, { range: { value, min: 0, max: 100 } });
    if (value >= 100) {
      stopTicking?.();
      show('Finished');
    }
  };
  const next = (): void | Promise<void> => {
    if (page === 'Ready') return confirm(d, app, must(win), () => show('Installing'));
    if (page === 'Finished') return closeWindow(d, must(win));
    show(PAGES[PAGES.indexOf(page) + 1] ?? page);
  };
  const back = (): void => show(PAGES[Math.max(0, PAGES.indexOf(page) - 1)] ?? page);
  const win: SimElement = openWindow(d, app, {
    type: 'Window',
    name: 'Setup - Welcome',
    className: 'Wizard',
    rect: [o.x, o.y, W, H],
    hooks: { gone: () => stopTicking?.() },
    children: [
      titleBar(d, 'Setup - Welcome', W, () => must(win), 'installer'),
      {
        type: 'Pane',
        name: 'Page',
        automationId: 'installer.page',
        rect: [0, 30, W, H - 84],
        children: pageContent('Welcome', onAccept, accepted),
      },
      nav('Back', 'back', 3, back, false),
      nav('Next', 'next', 2, next),
      nav('Cancel', 'cancel', 1, () => closeWindow(d, must(win))),
    ],
  });
  return { window: win, advance };
}

/**
 * The modal confirmation. The returned promise settles only when the dialog is gone, which is
 * what makes the Install Invoke block (a raw click does not wait for it).
 */
function confirm(d: Desktop, app: SimApp, owner: SimElement, onYes: () => void): Promise<void> {
  return new Promise((resolve) => {
    const answer = (yes: boolean) => (): void => {
      if (dialog !== undefined) closeWindow(d, dialog);
      if (yes && !owner.gone) onYes();
    };
    const r = owner.rect ?? { x: 0, y: 0, width: W, height: H };
    const dialog: SimElement = openWindow(
      d,
      app,
      {
        type: 'Window',
        name: 'Confirm installation',
        className: 'Dialog',
        rect: [r.x + 90, r.y + 110, 300, 140],
        hooks: {
          gone: resolve,
          windowKey: (key) => {
            if (key === 'Enter') answer(true)();
            else if (key === 'Escape') answer(false)();
            else return false;
            return true;
          },
        },
        children: [
          titleBar(d, 'Confirm installation', 300, () => must(dialog), 'confirm'),
          { type: 'Text', name: 'Install the simulated software now?', rect: [16, 46, 268, 24] },
          {
            type: 'Button',
            name: 'Yes',
            automationId: 'confirm.yes',
            rect: [100, 100, 88, 28],
            hooks: { invoke: answer(true) },
          },
          {
            type: 'Button',
            name: 'No',
            automationId: 'confirm.no',
            rect: [196, 100, 88, 28],
            hooks: { invoke: answer(false) },
          },
        ],
      },
      { owner },
    );
  });
}
