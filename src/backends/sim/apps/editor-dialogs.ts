/** The editor's dialogs: modal Save As (file name, Save/Cancel) and About (OK), modeless Find. */
import type { Desktop } from '../desktop.js';
import type { SimElement } from '../element.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, titleBar } from './parts.js';

/** Centre a w x h dialog over its owner. */
function over(owner: SimElement, w: number, h: number): [number, number, number, number] {
  const r = owner.rect ?? { x: 0, y: 0, width: w, height: h };
  return [Math.round(r.x + (r.width - w) / 2), Math.round(r.y + (r.height - h) / 2), w, h];
}

/** Modal Save As: Enter saves, Escape cancels; saving with an empty name does nothing. */
export function saveAsDialog(
  d: Desktop,
  app: SimApp,
  owner: SimElement,
  suggested: string,
  onSave: (name: string) => void,
): SimElement {
  const close = (): void => {
    if (dialog !== undefined) closeWindow(d, dialog);
  };
  const save = (): void => {
    const name = dialog === undefined ? '' : (d.find(dialog, 'saveas.name')?.value ?? '').trim();
    if (name === '') return;
    close();
    onSave(name);
  };
  const dialog: SimElement = openWindow(
    d,
    app,
    {
      type: 'Window',
      name: 'Save As',
      className: 'Dialog',
      rect: over(owner, 420, 180),
      hooks: {
        windowKey: (key) => {
          if (key === 'Enter') save();
          else if (key === 'Escape') close();
          else return false;
          return true;
        },
      },
      children: [
        titleBar(d, 'Save As', 420, () => must(dialog), 'saveas'),
        { type: 'Text', name: 'File name:', rect: [16, 50, 80, 24] },
        {
          type: 'Edit',
          name: 'File name:',
          automationId: 'saveas.name',
          value: suggested,
          rect: [100, 50, 300, 24],
        },
        {
          type: 'Button',
          name: 'Save',
          automationId: 'saveas.save',
          rect: [220, 130, 88, 28],
          hooks: { invoke: save },
        },
        {
          type: 'Button',
          name: 'Cancel',
          automationId: 'saveas.cancel',
          rect: [316, 130, 88, 28],
          hooks: { invoke: close },
        },
      ],
    },
    { owner },
  );
  const name = d.find(dialog, 'saveas.name');
  if (name !== undefined) d.focus(name);
  return dialog;
}

/** Modal About box with one OK button. */
export function aboutDialog(d: Desktop, app: SimApp, owner: SimElement): SimElement {
  const close = (): void => {
    if (dialog !== undefined) closeWindow(d, dialog);
  };
  const dialog: SimElement = openWindow(
    d,
    app,
    {
      type: 'Window',
      name: 'About Editor',
      className: 'Dialog',
      rect: over(owner, 300, 150),
      hooks: {
        windowKey: (key) => (key === 'Enter' || key === 'Escape' ? (close(), true) : false),
      },
      children: [
        titleBar(d, 'About Editor', 300, () => must(dialog), 'about'),
        { type: 'Text', name: 'Editor 1.0 (simulated)', rect: [16, 50, 268, 24] },
        {
          type: 'Button',
          name: 'OK',
          automationId: 'about.ok',
          rect: [196, 110, 88, 28],
          hooks: { invoke: close },
        },
      ],
    },
    { owner },
  );
  return dialog;
}

/** Modeless Find: the editor stays usable; Find Next moves the editor's caret to the match. */
export function findDialog(
  d: Desktop,
  app: SimApp,
  owner: SimElement,
  doc: SimElement,
): SimElement {
  const close = (): void => closeWindow(d, dialog);
  const findNext = (): void => {
    const needle = d.find(dialog, 'find.what')?.value ?? '';
    const at = needle === '' ? -1 : (doc.value ?? '').indexOf(needle, doc.edit?.caret ?? 0);
    d.set(must(d.find(dialog, 'find.status')), {
      name: at < 0 ? `Cannot find "${needle}"` : `Found at ${at}`,
    });
    if (at >= 0 && doc.edit !== undefined) {
      doc.edit.anchor = at;
      doc.edit.caret = at + needle.length;
      doc.hooks.caretMoved?.(doc.edit.caret);
    }
  };
  const r = owner.rect ?? { x: 0, y: 0, width: 360, height: 160 };
  const dialog: SimElement = openWindow(d, app, {
    type: 'Window',
    name: 'Find',
    className: 'Dialog',
    rect: [r.x + r.width - 380, r.y + 100, 360, 160],
    hooks: {
      windowKey: (key) => {
        if (key === 'Enter') findNext();
        else if (key === 'Escape') close();
        else return false;
        return true;
      },
    },
    children: [
      titleBar(d, 'Find', 360, () => dialog, 'find'),
      { type: 'Edit', name: 'Find what:', automationId: 'find.what', rect: [16, 46, 240, 24] },
      { type: 'Text', name: '', automationId: 'find.status', rect: [16, 80, 240, 24] },
      {
        type: 'Button',
        name: 'Find Next',
        automationId: 'find.next',
        rect: [264, 46, 84, 28],
        hooks: { invoke: findNext },
      },
      {
        type: 'Button',
        name: 'Cancel',
        automationId: 'find.cancel',
        rect: [264, 116, 84, 28],
        hooks: { invoke: close },
      },
    ],
  });
  return dialog;
}
