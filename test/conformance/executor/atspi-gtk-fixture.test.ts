/**
 * The executor against a GTK3 app written for these specs (test/fixtures/gtk/modal_app.py):
 * a button and a menu item whose handlers run a modal dialog's nested loop, a combo box, an
 * entry and a multi-line text view. Each spec checks the app's real state afterwards.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AtspiBackend } from '../../../src/backends/atspi/index.js';
import type { UiCache } from '../../../src/cache/api.js';
import type { ElementNode, WindowInfo } from '../../../protocol/src/index.js';
import type { Executor } from '../../../src/executor/api.js';
import { stopSharedDesktop } from '../../atspi/harness.js';
import { parse } from './desktop.js';
import { startGtkFixture, type GtkFixtureStack } from './gtk-fixture-stack.js';
import { untilCache } from '../../../scripts/harness/cacheWait.js';

afterAll(stopSharedDesktop);

const SETUP_MS = 60_000;
const STATE_DEADLINE_MS = 10_000;
/** Well under the bus call deadline: an app blocked in a modal loop answers nothing at all. */
const ANSWER_DEADLINE_MS = 3_000;

let stack: GtkFixtureStack;
let backend: AtspiBackend;
let cache: UiCache;
let executor: Executor;
let mainWindowId: string;
const ctx = { clientId: 'gtk-fixture', signal: new AbortController().signal };

beforeEach(async () => {
  stack = await startGtkFixture(AbortSignal.timeout(SETUP_MS));
  ({ backend, cache, executor } = stack);
  mainWindowId = stack.mainWindowId;
}, SETUP_MS + 5_000);

afterEach(() => stack.stop());

/** Resolve with the first value `probe` yields, checked now and on every patch batch. */
const until = <T>(probe: () => T | undefined): Promise<T> =>
  untilCache(cache, probe, STATE_DEADLINE_MS);

function named(name: string, controlType?: ElementNode['controlType']): ElementNode {
  const found = cache.find({
    name,
    controlType,
    window: 'Modal fixture',
    nameMatch: 'equals',
    caseSensitive: true,
    maxResults: 2,
  }).elements;
  if (found.length !== 1) throw new Error(`expected one "${name}", found ${found.length}`);
  return found[0]!;
}

const modalWindow = (): WindowInfo | undefined =>
  cache.windowsList({ includeMinimized: true }).windows.find((w) => w.modal);

/** The app must answer a fresh read of its main window well within the deadline. */
async function expectAppAnswers(): Promise<void> {
  const nodes = await backend.fetchSubtree(mainWindowId, {
    signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
  });
  expect(nodes.length).toBeGreaterThan(5);
}

/** Close the modal dialog through its OK button and wait until it is gone. */
async function closeDialog(dialog: WindowInfo): Promise<void> {
  const ok = await until(
    () =>
      cache.find({
        name: 'OK',
        window: dialog.ref,
        nameMatch: 'equals',
        caseSensitive: false,
        maxResults: 1,
      }).elements[0],
  );
  await executor.run('actions.click', parse('actions.click', { target: { ref: ok.ref } }), ctx);
  await until(() => (modalWindow() === undefined ? true : undefined));
}

describe('executor on a GTK3 fixture', () => {
  it('a button whose handler runs a modal loop is clicked for real; the app keeps answering', async () => {
    const button = named('Run Modal', 'Button');
    const result = await executor.run(
      'actions.click',
      parse('actions.click', { target: { ref: button.ref } }),
      ctx,
    );
    const dialog = await until(modalWindow);
    await expectAppAnswers();
    expect(result.method).toBe('input');
    await closeDialog(dialog);
    await expectAppAnswers();
  });

  it('a menu item in a closed menu whose handler runs a modal loop leaves the app answering', async () => {
    const item = named('Open Modal');
    const result = await executor.run(
      'actions.click',
      parse('actions.click', { target: { ref: item.ref } }),
      ctx,
    );
    const dialog = await until(modalWindow);
    await expectAppAnswers();
    expect(result.method).toBe('input');
    await closeDialog(dialog);
  });

  it('types newlines and tabs as key presses into a multi-line text view', async () => {
    const view = cache
      .find({
        controlType: 'Edit',
        window: 'Modal fixture',
        nameMatch: 'contains',
        caseSensitive: false,
        maxResults: 10,
      })
      .elements.find((n) => (n.rect?.height ?? 0) > 100);
    expect(view).toBeDefined();
    const result = await executor.run(
      'actions.type',
      parse('actions.type', { target: { ref: view!.ref }, text: 'A\nB\tx\nC', clearFirst: true }),
      ctx,
    );
    expect(result.method).toBe('input');
    expect(result.via).toBe('keyboard');
    await until(() => (cache.node(view!.ref)?.value === 'A\nB\tx\nC' ? true : undefined));
  });

  it('select on a combo box changes the choice, as the app shows it', async () => {
    const combo = named('Apple', 'ComboBox');
    await executor.run(
      'actions.select',
      parse('actions.select', { target: { ref: combo.ref }, option: 'Cherry', match: 'equals' }),
      ctx,
    );
    const fresh = await backend.fetchSubtree(cache.backendId(combo.ref)!, {
      signal: AbortSignal.timeout(ANSWER_DEADLINE_MS),
      maxDepth: 0,
    });
    expect(fresh[0]?.props.name).toBe('Cherry');
  });
});
