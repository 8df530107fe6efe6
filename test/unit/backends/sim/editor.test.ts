import { describe, expect, it } from 'vitest';
import {
  aid,
  centreOf,
  click,
  deadline,
  keys,
  node,
  nodeOf,
  record,
  startSim,
  type,
  windowTitles,
} from './helpers.js';

describe('sim editor', () => {
  it('typing edits the value at the caret and the status bar follows', async () => {
    const sim = await startSim();
    const doc = aid(sim, 'editor.text');
    await sim.focus(doc, deadline());
    await type(sim, 'hello\nworld');
    expect(node(sim, doc).props.value).toBe('hello\nworld');
    expect(nodeOf(sim, 'editor.position').props.name).toBe('Ln 2, Col 6');
    await keys(sim, 'Home');
    expect(nodeOf(sim, 'editor.position').props.name).toBe('Ln 2, Col 1');
    await keys(sim, 'Up', 'End', 'Backspace', 'Backspace');
    expect(node(sim, doc).props.value).toBe('hel\nworld');
    expect(sim.control.caret(doc)).toBe(3);
    await keys(sim, 'Ctrl+Home', 'Delete');
    expect(node(sim, doc).props.value).toBe('el\nworld');
    await keys(sim, 'Ctrl+a');
    await type(sim, 'X');
    expect(node(sim, doc).props.value).toBe('X');
    expect(nodeOf(sim, 'editor.position').props.name).toBe('Ln 1, Col 2');
  });

  it('typing raises value and text events in batches and marks the title dirty', async () => {
    const sim = await startSim();
    const doc = aid(sim, 'editor.text');
    await sim.focus(doc, deadline());
    const rec = record(sim);
    await type(sim, 'ab');
    await sim.control.quiet();
    expect(rec.batches).toHaveLength(1);
    const texts = rec.events().filter((e) => e.type === 'text');
    expect(texts.map((e) => e.type === 'text' && e.value)).toEqual(['a', 'ab']);
    expect(windowTitles(sim)).toContain('*Untitled - Editor');
  });

  it('Ctrl+S on an unsaved document opens a modal Save As; Enter saves and renames the window', async () => {
    const sim = await startSim();
    await sim.focus(aid(sim, 'editor.text'), deadline());
    await type(sim, 'draft');
    await keys(sim, 'Ctrl+s');
    const dialog = aid(sim, 'saveas.name');
    expect(windowTitles(sim)).toContain('Save As');
    const saveAs = node(sim, node(sim, dialog).parentId ?? '');
    expect(saveAs.props.states).toEqual(expect.arrayContaining(['modal', 'active']));
    expect(node(sim, dialog).props.states).toContain('focused');
    await keys(sim, 'Ctrl+a');
    await type(sim, 'notes.txt');
    await keys(sim, 'Enter');
    expect(windowTitles(sim)).not.toContain('Save As');
    expect(windowTitles(sim)).toContain('notes.txt - Editor');
    // A saved document saves in place: no dialog.
    await type(sim, '!');
    expect(windowTitles(sim)).toContain('*notes.txt - Editor');
    await keys(sim, 'Ctrl+s');
    expect(windowTitles(sim)).toContain('notes.txt - Editor');
    expect(sim.control.find('saveas.name')).toBeUndefined();
  });

  it('Escape cancels the dialog, and clicks on the blocked editor do nothing meanwhile', async () => {
    const sim = await startSim();
    await click(sim, aid(sim, 'editor.save'));
    const dialogName = aid(sim, 'saveas.name');
    await click(sim, aid(sim, 'editor.new'));
    expect(node(sim, dialogName).props.states).toContain('focused');
    await keys(sim, 'Escape');
    expect(sim.control.find('saveas.name')).toBeUndefined();
    expect(windowTitles(sim)).toContain('Untitled - Editor');
    const editor = node(sim, node(sim, aid(sim, 'editor.text')).parentId ?? '');
    expect(editor.props.states).toContain('active');
  });

  it('menus show their items only while expanded, and an item runs its command', async () => {
    const sim = await startSim();
    const file = aid(sim, 'editor.menu.file');
    expect(node(sim, file).children).toEqual([]);
    await sim.performPattern(file, { pattern: 'ExpandCollapse', op: 'expand' }, deadline());
    const [menu] = node(sim, file).children;
    const items = node(sim, menu ?? '').children.map((id) => node(sim, id).props.name);
    expect(items).toEqual(['New', 'Save', 'Save As...', 'Exit']);
    await sim.performPattern(aid(sim, 'editor.menu.file.2'), { pattern: 'Invoke' }, deadline());
    expect(node(sim, file).props.states).toContain('collapsed');
    expect(node(sim, file).children).toEqual([]);
    expect(windowTitles(sim)).toContain('Save As');
  });

  it('Tab moves focus through the focusable controls of the foreground window', async () => {
    const sim = await startSim();
    await click(sim, aid(sim, 'editor.save'));
    const focused = () =>
      sim.groundTruth().find((n) => n.props.states.includes('focused'))?.props.name;
    expect(focused()).toBe('File name:');
    await keys(sim, 'Tab');
    expect(focused()).toBe('Save');
    await keys(sim, 'Tab', 'Tab');
    expect(focused()).toBe('File name:');
    await keys(sim, 'Shift+Tab');
    expect(focused()).toBe('Cancel');
    await keys(sim, 'Space');
    expect(windowTitles(sim)).not.toContain('Save As');
  });

  it('Invoke on the toolbar Save blocks while Save As is open; a deadline cuts it short', async () => {
    const sim = await startSim();
    const save = aid(sim, 'editor.save');
    let returned = false;
    const invoking = sim.performPattern(save, { pattern: 'Invoke' }, deadline()).then(() => {
      returned = true;
    });
    await sim.control.quiet();
    const cancel = aid(sim, 'saveas.cancel');
    expect(returned).toBe(false);
    await sim.performPattern(cancel, { pattern: 'Invoke' }, deadline());
    await invoking;
    expect(returned).toBe(true);
    const hung = sim.performPattern(
      save,
      { pattern: 'Invoke' },
      { signal: AbortSignal.timeout(30) },
    );
    await expect(hung).rejects.toMatchObject({ code: 'timeout' });
    expect(windowTitles(sim)).toContain('Save As');
  });

  it('Find opens a modeless window at once; Find Next selects the match in the editor', async () => {
    const sim = await startSim({ apps: [{ kind: 'editor', text: 'alpha beta gamma' }] });
    const doc = aid(sim, 'editor.text');
    await sim.performPattern(aid(sim, 'editor.find'), { pattern: 'Invoke' }, deadline());
    const find = node(sim, node(sim, aid(sim, 'find.what')).parentId ?? '');
    expect(find.props.states).not.toContain('modal');
    await sim.performPattern(
      aid(sim, 'find.what'),
      { pattern: 'Value', value: 'beta' },
      deadline(),
    );
    await sim.performPattern(doc, { pattern: 'Value', value: 'alpha beta gamma' }, deadline());
    await sim.focus(doc, deadline());
    await keys(sim, 'Ctrl+Home');
    await sim.performPattern(aid(sim, 'find.next'), { pattern: 'Invoke' }, deadline());
    expect(node(sim, aid(sim, 'find.status')).props.name).toBe('Found at 6');
    expect(sim.control.caret(doc)).toBe(10);
    expect(nodeOf(sim, 'editor.position').props.name).toBe('Ln 1, Col 11');
    // Modeless: the editor still takes clicks while Find is open.
    await click(sim, aid(sim, 'editor.new'));
    expect(node(sim, doc).props.value).toBe('');
  });

  it('Ctrl+C / Ctrl+X / Ctrl+V and the Edit menu go through the clipboard', async () => {
    const sim = await startSim({ apps: [{ kind: 'editor', text: 'one two' }] });
    const doc = aid(sim, 'editor.text');
    await sim.focus(doc, deadline());
    await keys(sim, 'Ctrl+a', 'Ctrl+c', 'End');
    await type(sim, ' ');
    await keys(sim, 'Ctrl+v');
    expect(node(sim, doc).props.value).toBe('one two one two');
    await keys(sim, 'Ctrl+a', 'Ctrl+x');
    expect(node(sim, doc).props.value).toBe('');
    await sim.performPattern(
      aid(sim, 'editor.menu.edit'),
      { pattern: 'ExpandCollapse', op: 'expand' },
      deadline(),
    );
    await sim.performPattern(aid(sim, 'editor.menu.edit.2'), { pattern: 'Invoke' }, deadline());
    expect(node(sim, doc).props.value).toBe('one two one two');
  });

  it('clicks reach open popup menus above the content under them', async () => {
    const sim = await startSim();
    await click(sim, aid(sim, 'editor.menu.file'));
    const saveAs = aid(sim, 'editor.menu.file.2');
    const { x, y } = centreOf(sim, saveAs);
    expect(sim.control.elementAt(x, y)).toBe(saveAs);
    await click(sim, saveAs);
    expect(windowTitles(sim)).toContain('Save As');
    expect(nodeOf(sim, 'editor.menu.file').props.states).toContain('collapsed');
  });

  it('a window disabled by its modal dialog refuses focus; the dialog keeps it', async () => {
    const sim = await startSim();
    await keys(sim, 'Ctrl+s');
    const name = aid(sim, 'saveas.name');
    await expect(sim.focus(aid(sim, 'editor.text'), deadline())).rejects.toMatchObject({
      code: 'action_failed',
      details: { dialog: node(sim, name).parentId },
    });
    expect(node(sim, name).props.states).toContain('focused');
    expect(sim.groundTruth().filter((n) => n.props.states.includes('focused'))).toHaveLength(1);
  });
});
