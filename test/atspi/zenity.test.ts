/**
 * The atspi backend against real zenity dialogs in a headless desktop: typing into an entry and
 * accepting it, answering a question, a 1,500-row list (virtualized cells that Cache.GetItems
 * omits) and a progress dialog fed through its standard input.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import type { BackendNode } from '../../src/backends/backend.js';
import type { AtspiBackend } from '../../src/backends/atspi/index.js';
import { watchFor } from '../conformance/helpers.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from './harness.js';

const EXIT_DEADLINE_MS = 5_000;

afterAll(stopSharedDesktop);

let backend: AtspiBackend | undefined;
let app: LaunchedApp | undefined;
afterEach(async () => {
  await backend?.stop();
  await app?.stop();
  backend = undefined;
  app = undefined;
});

async function open(args: string[], signal: AbortSignal, stdin = false): Promise<BackendNode[]> {
  const desktop = await sharedDesktop();
  backend = await startBackend(desktop, signal);
  const launched = await launchAndWait(desktop, backend, 'zenity', args, signal, { stdin });
  app = launched.app;
  return backend.fetchSubtree(launched.window.id, { signal });
}

function exitCode(launched: LaunchedApp): Promise<number | null> {
  return Promise.race([
    launched.exited,
    new Promise<never>((_resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('zenity did not exit')), EXIT_DEADLINE_MS);
      void launched.exited.finally(() => clearTimeout(timer));
    }),
  ]);
}

function button(nodes: BackendNode[], name: string): BackendNode {
  const found = nodes.find((n) => n.props.controlType === 'Button' && n.props.name === name);
  if (found === undefined) throw new Error(`no ${name} button`);
  return found;
}

describe('atspi on zenity dialogs', () => {
  it('sets an entry’s text and accepts it with OK (exit code 0)', async () => {
    const signal = AbortSignal.timeout(20_000);
    const nodes = await open(['--entry', '--title', 'Entry test', '--text', 'Name?'], signal);
    const edit = nodes.find((n) => n.props.controlType === 'Edit');
    if (edit === undefined || backend === undefined || app === undefined)
      throw new Error('no entry');
    await backend.performPattern(edit.id, { pattern: 'Value', value: 'Ada' }, { signal });
    const after = await backend.fetchSubtree(edit.id, { signal, maxDepth: 0 });
    expect(after[0]?.props.value).toBe('Ada');
    const closed = watchFor(backend, 'window.closed', (e) => e.type === 'window.closed');
    await backend.performPattern(button(nodes, 'OK').id, { pattern: 'Invoke' }, { signal });
    expect(await exitCode(app)).toBe(0);
    await closed;
  });

  it('answers a question with No (exit code 1) and reports the window closed', async () => {
    const signal = AbortSignal.timeout(20_000);
    const nodes = await open(['--question', '--title', 'Question test', '--text', 'Go?'], signal);
    if (backend === undefined || app === undefined) throw new Error('not started');
    const windowId = nodes[0]?.id;
    const closed = watchFor(
      backend,
      'window.closed',
      (e) => e.type === 'window.closed' && e.id === windowId,
    );
    await backend.performPattern(button(nodes, 'No').id, { pattern: 'Invoke' }, { signal });
    expect(await exitCode(app)).toBe(1);
    await closed;
    await expect(backend.fetchSubtree(windowId ?? '', { signal })).rejects.toMatchObject({
      code: 'element_stale',
    });
  });

  it('fetches all 1,500 rows of a list, in bulk equal to an element-by-element walk', async () => {
    // Generous: two full reads of 1,500 rows take 5 s on a quiet machine, several times that
    // on a loaded one.
    const signal = AbortSignal.timeout(120_000);
    const rows = Array.from({ length: 1_500 }, (_, i) => `row ${i}`);
    const nodes = await open(
      ['--list', '--title', 'List test', '--column', 'Item', ...rows],
      signal,
    );
    const names = new Set(nodes.map((n) => n.props.name));
    expect(rows.every((row) => names.has(row))).toBe(true);
    if (backend === undefined) throw new Error('not started');
    const windowId = nodes[0]?.id ?? '';
    expect(await backend.fetchSubtree(windowId, { signal })).toEqual(
      await backend.walk(windowId, { signal }),
    );
  }, 150_000);

  it('follows a progress dialog fed through stdin with range events', async () => {
    const signal = AbortSignal.timeout(20_000);
    const nodes = await open(
      ['--progress', '--title', 'Progress test', '--text', 'Working'],
      signal,
      true,
    );
    const bar = nodes.find((n) => n.props.controlType === 'ProgressBar');
    if (bar === undefined || backend === undefined || app?.stdin == null) throw new Error('no bar');
    const moved = watchFor(
      backend,
      'range 0.4',
      (e) => e.type === 'property' && e.id === bar.id && e.props.range?.value === 0.4,
    );
    app.stdin.write('40\n');
    await moved;
    const after = await backend.fetchSubtree(bar.id, { signal, maxDepth: 0 });
    // GTK reports a progress bar's fraction: 40 % is 0.4 of [0, 1].
    expect(after[0]?.props.range).toEqual({ value: 0.4, min: 0, max: 1 });
  });
});
