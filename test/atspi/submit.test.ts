/**
 * `type ... submit: true` on real GTK 3 apps answers ok only when the Enter's effect is seen,
 * each answer checked from outside: a path typed into a file chooser (the saved file on disk and
 * the app's state file), a search field that shows its result, an Enter a completion popup takes
 * (no activation in the app's state: a typed error) and an Enter nothing shows (a typed error).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elementsFind, type ActionResult, type ElementNode } from '../../protocol/src/index.js';
import { isUiError } from '../../src/errors.js';
import { parse } from '../../scripts/harness/params.js';
import { startTruthStack, untilCache, type TruthStack } from './windowTruth.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/gtk/${name}`, import.meta.url));
const ctx = { clientId: 'submit-test', signal: new AbortController().signal };
// A prefix no other program uses: the typed path then completes to one folder, not to a popup of
// every temporary folder of the machine (whose grab loses keys: the popup case is the fixture's).
const folder = mkdtempSync(join(tmpdir(), 'submit-fixture-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function readState<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The first Edit of a window (by title) the cache holds that `pick` accepts. */
function edit(stack: TruthStack, title: string, pick: (e: ElementNode) => boolean) {
  return untilCache(stack.cache, () => {
    const win = stack.cache.windowsList({ includeMinimized: false }).windows;
    const ref = win.find((w) => w.title === title)?.ref;
    if (ref === undefined) return undefined;
    const params = elementsFind.params.parse({ controlType: 'Edit', window: ref, maxResults: 9 });
    return stack.cache.find(params).elements.find(pick);
  });
}

function typeSubmit(
  stack: TruthStack,
  ref: string,
  text: string,
  clearFirst = true,
): Promise<ActionResult> {
  const params = parse('actions.type', { target: { ref }, text, clearFirst, submit: true });
  return stack.executor.run('actions.type', params, ctx);
}

async function failure(answer: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await answer.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUiError(err)) throw new Error(`expected a typed error, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

describe('type with submit into a GTK file chooser', () => {
  const statePath = join(folder, 'editor.json');
  let stack: TruthStack;
  beforeAll(async () => {
    const args = [fixture('editor_app.py'), statePath];
    stack = await startTruthStack(
      { windowManager: false, command: '/usr/bin/python3', args },
      AbortSignal.timeout(60_000),
    );
  }, 65_000);
  afterAll(() => stack?.stop());

  it('answers ok once the dialog closed and the file is on disk', async () => {
    await stack.executor.run('actions.keys', parse('actions.keys', { keys: 'Ctrl+Shift+S' }), ctx);
    const name = await edit(stack, 'Save As', (e) => e.value === 'Untitled.txt');
    const path = join(folder, 'typed-name.txt');
    const r = await typeSubmit(stack, name.ref, path);
    expect(r.changes.closed.map((w) => w.title)).toContain('Save As');
    expect(readState<{ saved: string | null }>(statePath).saved).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('');
  }, 60_000);
});

describe('type with submit into GTK entries', () => {
  const statePath = join(folder, 'completion.json');
  let stack: TruthStack;
  const activations = () =>
    readState<{ activated: { entry: string; text: string }[] }>(statePath).activated;
  beforeAll(async () => {
    const args = [fixture('completion_app.py'), statePath];
    stack = await startTruthStack(
      { windowManager: false, command: '/usr/bin/python3', args },
      AbortSignal.timeout(60_000),
    );
  }, 65_000);
  afterAll(() => stack?.stop());

  const field = (name: string) => edit(stack, 'Completion fixture', (e) => e.name === name);

  it('answers ok when the search shows its result', async () => {
    const search = await field('Search');
    const r = await typeSubmit(stack, search.ref, 'gamma');
    expect(r.changes.changed.map((c) => c.name)).toContain('Searched: gamma');
    expect(activations()).toEqual([{ entry: 'Search', text: 'gamma' }]);
  }, 30_000);

  it('answers a typed error when a completion popup takes the Enter', async () => {
    const search = await field('Search');
    const typing = parse('actions.type', {
      target: { ref: search.ref },
      text: 'alp',
      clearFirst: true,
    });
    await stack.executor.run('actions.type', typing, ctx);
    await untilCache(stack.cache, () =>
      stack.cache.windowsList({ includeMinimized: false }).windows.some((w) => w.title === ''),
    );
    // Down picks the popup's first row: the Enter then completes instead of activating.
    await stack.executor.run('actions.keys', parse('actions.keys', { keys: 'Down' }), ctx);
    const seen = await failure(typeSubmit(stack, search.ref, '', false));
    expect(seen.code).toBe('no_effect');
    expect(seen.message).toContain('popup');
    expect(activations()).toHaveLength(1);
  }, 30_000);

  it('answers a typed error when nothing shows the Enter', async () => {
    const note = await field('Note');
    const seen = await failure(typeSubmit(stack, note.ref, 'remember'));
    expect(seen.code).toBe('no_effect');
    expect(seen.message).toContain('no visible effect');
    expect(seen.message).toContain('"remember"');
  }, 30_000);
});
