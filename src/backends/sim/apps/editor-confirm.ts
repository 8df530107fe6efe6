/**
 * The editor's "Save changes?" question, asked when a window with unsaved text is closed (its
 * close button, the Window pattern, a polite close request): Save, Don't Save or Cancel.
 */
import type { Desktop } from '../desktop.js';
import type { SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

export interface ConfirmChoices {
  /** Save, then close when the save went through (an untitled text asks for a name first). */
  save: () => void;
  /** Close without saving. */
  discard: () => void;
}

const W = 360;
const H = 150;

/** Open the modal question over `owner`; answers close it first. */
export function saveChangesDialog(
  d: Desktop,
  app: SimApp,
  owner: SimElement,
  choices: ConfirmChoices,
): SimElement {
  const answer = (then?: () => void) => (): void => {
    closeWindow(d, must(dialog));
    then?.();
  };
  const r = owner.rect ?? { x: 0, y: 0, width: W, height: H };
  const button = (name: string, id: string, slot: number, run: () => void) => ({
    type: 'Button' as const,
    name,
    automationId: `savechanges.${id}`,
    rect: [W - 96 * (3 - slot), 100, 88, 28] as [number, number, number, number],
    hooks: { invoke: run },
  });
  const dialog: SimElement = openWindow(
    d,
    app,
    {
      type: 'Window',
      name: 'Save changes?',
      className: 'Dialog',
      rect: [Math.round(r.x + (r.width - W) / 2), Math.round(r.y + (r.height - H) / 2), W, H],
      hooks: {
        windowKey: (key) => (key === 'Escape' ? (answer()(), true) : false),
      },
      children: [
        titleBar(d, 'Save changes?', W, () => must(dialog), 'savechanges'),
        {
          type: 'Text',
          name: `Save changes to "${owner.name.replace(/^\*/, '')}"?`,
          rect: [16, 50, 328, 24],
        },
        button('Save', 'save', 0, answer(choices.save)),
        button("Don't Save", 'discard', 1, answer(choices.discard)),
        button('Cancel', 'cancel', 2, answer()),
      ],
    },
    { owner },
  );
  return dialog;
}
