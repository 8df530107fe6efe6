/** The installer's page contents and its modal confirmation dialog. */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

export const PAGES = ['Welcome', 'Licence', 'Ready', 'Installing', 'Finished'] as const;
export type Page = (typeof PAGES)[number];

export function pageContent(
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

/**
 * The modal confirmation. The returned promise settles only when the dialog is gone, which is
 * what makes the Install Invoke block (a raw click does not wait for it).
 */
export function confirm(
  d: Desktop,
  app: SimApp,
  owner: SimElement,
  onYes: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    const answer = (yes: boolean) => (): void => {
      if (dialog !== undefined) closeWindow(d, dialog);
      if (yes && !owner.gone) onYes();
    };
    const r = owner.rect ?? { x: 0, y: 0, width: 300, height: 140 };
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
