/**
 * The editor: title bar, File/Edit/Help menus whose submenus appear on expand, a toolbar, a
 * multi-line text area, and a status bar whose "Ln X, Col Y" follows the caret. Saving an
 * untitled document (File > Save As, Ctrl+S, the Save button) opens a modal "Save As" dialog;
 * saving renames the window. Invoke on the toolbar's Save blocks while that dialog is open (the
 * ShowDialog quirk); Find opens a modeless Find window and returns at once. Typing marks the document dirty (a leading * in the title).
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { expandCollapse } from '../patterns.js';
import { clipboardKey, lineCol, selectAll, setEditValue } from '../text.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { must, setTitle, slot, titleBar, untilGone } from './parts.js';
import { aboutDialog, findDialog, saveAsDialog } from './editor-dialogs.js';

export interface EditorOptions {
  x: number;
  y: number;
  text: string;
  fileName?: string | undefined;
}

interface MenuEntry {
  name: string;
  run: () => void;
}

const W = 800;
const H = 600;

export function launchEditor(d: Desktop, app: SimApp, o: EditorOptions): SimElement {
  const win = slot();
  const doc = slot();
  const status = slot();
  let fileName = o.fileName ?? null;
  let dirty = false;
  let dialog: SimElement | null = null;

  const title = (): string => `${dirty ? '*' : ''}${fileName ?? 'Untitled'} - Editor`;
  const retitle = (): void => setTitle(d, win.get(), title());
  const save = (): void => {
    if (fileName === null) return openSaveAs();
    dirty = false;
    retitle();
  };
  const openSaveAs = (): void => {
    if (dialog !== null && !dialog.gone) return d.activate(dialog);
    dialog = saveAsDialog(d, app, win.get(), fileName ?? 'Untitled.txt', (name) => {
      fileName = name;
      dirty = false;
      retitle();
    });
  };
  /**
   * The toolbar's Save behaves like a WinForms handler calling ShowDialog: when it opens the
   * Save As dialog, its Invoke does not return until that dialog closes (UIA's modal quirk).
   */
  const saveFromToolbar = (): void | Promise<void> => {
    const hadDialog = dialog !== null && !dialog.gone;
    save();
    if (!hadDialog && dialog !== null && !dialog.gone) return untilGone(dialog);
  };
  let finder: SimElement | null = null;
  const openFind = (): void => {
    if (finder !== null && !finder.gone) return d.activate(finder);
    finder = findDialog(d, app, win.get(), doc.get());
  };
  const newDoc = (): void => {
    setEditValue(d, doc.get(), '');
    fileName = null;
    dirty = false;
    retitle();
  };
  const menus: [string, MenuEntry[]][] = [
    [
      'File',
      [
        { name: 'New', run: newDoc },
        { name: 'Save', run: save },
        { name: 'Save As...', run: openSaveAs },
        { name: 'Exit', run: () => closeWindow(d, win.get()) },
      ],
    ],
    [
      'Edit',
      [
        { name: 'Cut', run: () => clipboardKey(d, doc.get(), 'x') },
        { name: 'Copy', run: () => clipboardKey(d, doc.get(), 'c') },
        { name: 'Paste', run: () => clipboardKey(d, doc.get(), 'v') },
        { name: 'Select All', run: () => selectAll(doc.get()) },
      ],
    ],
    ['Help', [{ name: 'About', run: () => aboutDialog(d, app, win.get()) }]],
  ];
  const spec: ElementSpec = {
    type: 'Window',
    name: title(),
    className: 'EditorWindow',
    rect: [o.x, o.y, W, H],
    hooks: {
      windowKey: (key, ctrl) => {
        if (!ctrl || key.toLowerCase() !== 's') return false;
        save();
        return true;
      },
    },
    children: [
      titleBar(d, title(), W, win.get, 'editor'),
      {
        type: 'MenuBar',
        name: 'Application',
        rect: [0, 30, W, 24],
        children: menus.map(([n, e], i) => menu(d, n, e, i)),
      },
      {
        type: 'ToolBar',
        name: 'Standard',
        rect: [0, 54, W, 32],
        children: [
          {
            type: 'Button',
            name: 'New',
            automationId: 'editor.new',
            rect: [4, 58, 60, 24],
            hooks: { invoke: newDoc },
          },
          {
            type: 'Button',
            name: 'Save',
            automationId: 'editor.save',
            rect: [68, 58, 60, 24],
            hooks: { invoke: saveFromToolbar },
          },
          {
            type: 'Button',
            name: 'Find',
            automationId: 'editor.find',
            rect: [132, 58, 60, 24],
            hooks: { invoke: openFind },
          },
        ],
      },
      {
        type: 'Document',
        name: 'Text editor',
        automationId: 'editor.text',
        value: o.text,
        rect: [0, 86, W, 484],
        hooks: {
          valueChanged: () => {
            if (!dirty) {
              dirty = true;
              retitle();
            }
          },
          caretMoved: (caret) => {
            const { line, col } = lineCol(doc.get().value ?? '', caret);
            d.set(status.get(), { name: `Ln ${line}, Col ${col}` });
          },
        },
      },
      {
        type: 'StatusBar',
        name: 'Status',
        rect: [0, 570, W, 30],
        children: [
          {
            type: 'Text',
            name: 'Ln 1, Col 1',
            automationId: 'editor.position',
            rect: [8, 575, 160, 20],
          },
          { type: 'Text', name: '100%', rect: [600, 575, 60, 20] },
        ],
      },
    ],
  };
  const window = openWindow(d, app, spec);
  win.set(window);
  doc.set(must(d.find(window, 'editor.text')));
  status.set(must(d.find(window, 'editor.position')));
  const { line, col } = lineCol(o.text, o.text.length);
  d.set(status.get(), { name: `Ln ${line}, Col ${col}` });
  return window;
}

/** A top menu item: expanding adds its popup menu; choosing an entry collapses it first. */
function menu(d: Desktop, name: string, entries: MenuEntry[], index: number): ElementSpec {
  const x = index * 50;
  return {
    type: 'MenuItem',
    name,
    automationId: `editor.menu.${name.toLowerCase()}`,
    rect: [x, 30, 50, 24],
    patterns: ['ExpandCollapse'],
    hooks: {
      expanded: (open, self) => {
        if (!open) return [...self.children].forEach((c) => d.remove(c));
        d.add(self, {
          type: 'Menu',
          name,
          rect: [x, 54, 160, entries.length * 24],
          children: entries.map((e, i) => ({
            type: 'MenuItem',
            name: e.name,
            automationId: `editor.menu.${name.toLowerCase()}.${i}`,
            rect: [x, 54 + i * 24, 160, 24],
            hooks: {
              invoke: () => {
                expandCollapse(d, self, false);
                e.run();
              },
            },
          })),
        });
      },
    },
  };
}
