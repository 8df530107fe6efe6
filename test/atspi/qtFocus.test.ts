/**
 * Focus and type on a Qt 5 editor that reports several FOCUSED elements at once: both must
 * answer ok while the editor has the focus (they failed "focus did not move"), and each answer
 * is checked from outside: the focused elements by an independent AT-SPI read (pyatspi) and
 * the text by what the app wrote to its state file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elementsFind } from '../../protocol/src/index.js';
import { parse } from '../../scripts/harness/params.js';
import { startTruthStack, untilCache, type TruthStack } from './windowTruth.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/toolkits/qtEditor.py', import.meta.url));
const ctx = { clientId: 'qt-focus-test', signal: new AbortController().signal };
const folder = mkdtempSync(join(tmpdir(), 'qt-editor-'));
const statePath = join(folder, 'state.json');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const state = (): { title: string; editor: string } =>
  JSON.parse(readFileSync(statePath, 'utf8')) as { title: string; editor: string };

describe('focus and type on a Qt editor with several focused elements', () => {
  let stack: TruthStack;
  beforeAll(async () => {
    stack = await startTruthStack(
      { windowManager: false, command: '/usr/bin/python3', args: [FIXTURE, statePath] },
      AbortSignal.timeout(60_000),
    );
  }, 65_000);
  afterAll(() => stack?.stop());

  const element = (name: string) =>
    untilCache(stack.cache, () => {
      const params = elementsFind.params.parse({ name, window: 'Qt editor', maxResults: 5 });
      return stack.cache.find(params).elements.find((e) => e.name === name);
    });

  it('focuses the editor and types into it, as the app and AT-SPI see it', async () => {
    const title = await element('Title');
    const editor = await element('Editor');
    await stack.executor.run(
      'actions.focus',
      parse('actions.focus', { target: { ref: title.ref } }),
      ctx,
    );
    const focused = await stack.executor.run(
      'actions.focus',
      parse('actions.focus', { target: { ref: editor.ref } }),
      ctx,
    );
    expect(focused.element?.name).toBe('Editor');
    const outside = await stack.focusRead();
    expect(outside.map((f) => f.name)).toContain('Editor');
    const typed = await stack.executor.run(
      'actions.type',
      parse('actions.type', { target: { ref: editor.ref }, text: 'qt notes' }),
      ctx,
    );
    expect(typed.warnings ?? []).toEqual([]);
    expect(state()).toEqual({ title: '', editor: 'qt notes' });
    // Typed again while the editor holds the focus: no second focus step may fail it.
    await stack.executor.run(
      'actions.type',
      parse('actions.type', { target: { ref: editor.ref }, text: ' more' }),
      ctx,
    );
    expect(state().editor).toBe('qt notes more');
    // The case itself: Qt's bridge reports another FOCUSED element beside the editor.
    expect((await stack.focusRead()).length).toBeGreaterThan(1);
  }, 60_000);
});
