/**
 * The editor: title bar, File/Edit/Help menus whose submenus appear on expand, a toolbar, a
 * multi-line text area, and a status bar whose "Ln X, Col Y" follows the caret. Typing marks
 * the document dirty (a leading * in the title). Saving an untitled document (File > Save As,
 * Ctrl+S, the Save button) opens a modal "Save As" dialog; saving renames the window. Invoke on
 * the toolbar's Save blocks while that dialog is open (the ShowDialog quirk); Find opens a
 * modeless Find window and returns at once.
 */
import type { Desktop } from '../desktop.js';
import type { ElementSpec, SimElement } from '../element.js';
import { expandCollapse } from '../patterns.js';
import { clipboardKey, lineCol, selectAll, setEditValue } from '../text.js';
import { closeWindow, openWindow } from '../windows.js';
import type { SimApp } from './app.js';
import { saveChangesDialog } from './editor-confirm.js';
import { aboutDialog, findDialog, saveAsDialog } from './editor-dialogs.js';
import { must, setTitle, titleBar, untilGone } from './parts.js';

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
  return new Editor(d, app, o).window;
}

class Editor {
  readonly window: SimElement;
  private readonly doc: SimElement;
  private readonly status: SimElement;
  private fileName: string | null;
  private dirty = false;
  private saveAs: SimElement | null = null;
  private finder: SimElement | null = null;

  constructor(
    private readonly d: Desktop,
    private readonly app: SimApp,
    o: EditorOptions,
  ) {
    this.fileName = o.fileName ?? null;
    this.window = openWindow(d, app, this.spec(o));
    this.doc = must(d.find(this.window, 'editor.text'));
    this.status = must(d.find(this.window, 'editor.position'));
    this.showCaret(o.text.length);
  }

  private title(): string {
    return `${this.dirty ? '*' : ''}${this.fileName ?? 'Untitled'} - Editor`;
  }

  private retitle(): void {
    setTitle(this.d, this.window, this.title());
  }

  private showCaret(caret: number): void {
    const { line, col } = lineCol(this.doc.value ?? '', caret);
    this.d.set(this.status, { name: `Ln ${line}, Col ${col}` });
  }

  private save(): void {
    if (this.fileName === null) return this.openSaveAs();
    this.dirty = false;
    this.retitle();
  }

  private openSaveAs(): void {
    if (this.saveAs !== null && !this.saveAs.gone) return this.d.activate(this.saveAs);
    const suggested = this.fileName ?? 'Untitled.txt';
    this.saveAs = saveAsDialog(this.d, this.app, this.window, suggested, (name) => {
      this.fileName = name;
      this.dirty = false;
      this.retitle();
    });
  }

  /**
   * The toolbar's Save behaves like a WinForms handler calling ShowDialog: when it opens the
   * Save As dialog, its Invoke does not return until that dialog closes (UIA's modal quirk).
   */
  private saveFromToolbar(): void | Promise<void> {
    const hadDialog = this.saveAs !== null && !this.saveAs.gone;
    this.save();
    if (!hadDialog && this.saveAs !== null && !this.saveAs.gone) return untilGone(this.saveAs);
  }

  private openFind(): void {
    if (this.finder !== null && !this.finder.gone) return this.d.activate(this.finder);
    this.finder = findDialog(this.d, this.app, this.window, this.doc);
  }

  /** A close request: with unsaved text the editor asks first (Save, Don't Save, Cancel). */
  private requestClose(): void {
    if (!this.dirty) return closeWindow(this.d, this.window);
    const open = this.d.blocker(this.window);
    if (open !== undefined) return this.d.activate(open);
    const close = (): void => closeWindow(this.d, this.window);
    saveChangesDialog(this.d, this.app, this.window, {
      save: () => {
        this.save();
        if (!this.dirty) close();
      },
      discard: close,
    });
  }

  private newDoc(): void {
    setEditValue(this.d, this.doc, '');
    this.fileName = null;
    this.dirty = false;
    this.retitle();
  }

  private menus(): [string, MenuEntry[]][] {
    const clip = (key: 'c' | 'x' | 'v') => () => clipboardKey(this.d, this.doc, key);
    return [
      [
        'File',
        [
          { name: 'New', run: () => this.newDoc() },
          { name: 'Save', run: () => this.save() },
          { name: 'Save As...', run: () => this.openSaveAs() },
          { name: 'Exit', run: () => this.requestClose() },
        ],
      ],
      [
        'Edit',
        [
          { name: 'Cut', run: clip('x') },
          { name: 'Copy', run: clip('c') },
          { name: 'Paste', run: clip('v') },
          { name: 'Select All', run: () => selectAll(this.doc) },
        ],
      ],
      ['Help', [{ name: 'About', run: () => aboutDialog(this.d, this.app, this.window) }]],
    ];
  }

  private spec(o: EditorOptions): ElementSpec {
    const windowKey = (key: string, ctrl: boolean): boolean => {
      if (!ctrl || key.toLowerCase() !== 's') return false;
      this.save();
      return true;
    };
    return {
      type: 'Window',
      name: this.title(),
      className: 'EditorWindow',
      rect: [o.x, o.y, W, H],
      hooks: { windowKey, close: () => this.requestClose() },
      children: [
        titleBar(this.d, this.title(), W, () => this.window, 'editor'),
        {
          type: 'MenuBar',
          name: 'Application',
          rect: [0, 30, W, 24],
          children: this.menus().map(([name, entries], i) => menu(this.d, name, entries, i)),
        },
        this.toolbar(),
        this.document(o.text),
        statusBar(),
      ],
    };
  }

  private toolbar(): ElementSpec {
    const button = (name: string, slot: number, invoke: () => void | Promise<void>) => ({
      type: 'Button' as const,
      name,
      automationId: `editor.${name.toLowerCase()}`,
      rect: [4 + slot * 64, 58, 60, 24] as [number, number, number, number],
      hooks: { invoke },
    });
    return {
      type: 'ToolBar',
      name: 'Standard',
      rect: [0, 54, W, 32],
      children: [
        button('New', 0, () => this.newDoc()),
        button('Save', 1, () => this.saveFromToolbar()),
        button('Find', 2, () => this.openFind()),
      ],
    };
  }

  private document(text: string): ElementSpec {
    return {
      type: 'Document',
      name: 'Text editor',
      automationId: 'editor.text',
      value: text,
      rect: [0, 86, W, 484],
      hooks: {
        valueChanged: () => {
          if (this.dirty) return;
          this.dirty = true;
          this.retitle();
        },
        caretMoved: (caret) => this.showCaret(caret),
      },
    };
  }
}

function statusBar(): ElementSpec {
  return {
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
  };
}

/** A top menu item: expanding adds its popup menu; choosing an entry collapses it first. */
function menu(d: Desktop, name: string, entries: MenuEntry[], index: number): ElementSpec {
  const x = index * 50;
  const id = `editor.menu.${name.toLowerCase()}`;
  const popup = (self: SimElement): ElementSpec => ({
    type: 'Menu',
    name,
    rect: [x, 54, 160, entries.length * 24],
    children: entries.map((e, i) => ({
      type: 'MenuItem',
      name: e.name,
      automationId: `${id}.${i}`,
      rect: [x, 54 + i * 24, 160, 24],
      hooks: {
        invoke: () => {
          expandCollapse(d, self, false);
          e.run();
        },
      },
    })),
  });
  return {
    type: 'MenuItem',
    name,
    automationId: id,
    rect: [x, 30, 50, 24],
    patterns: ['ExpandCollapse'],
    hooks: {
      expanded: (open, self) => {
        if (!open) return [...self.children].forEach((c) => d.remove(c));
        d.add(self, popup(self));
      },
    },
  };
}
