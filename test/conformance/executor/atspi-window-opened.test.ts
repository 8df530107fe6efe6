/**
 * `window.opened` and `actions.waitFor windowOpened` on a real GTK3 app: both complete only once
 * the new window's contents are cached. The fixture's "Run Modal" button opens a message dialog;
 * right when the patch arrives, and right when the wait answers, the dialog's OK button must
 * already be findable in the cache. Several rounds, since the race is won most of the time.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UiCache } from '../../../src/cache/api.js';
import type { Executor } from '../../../src/executor/api.js';
import { stopSharedDesktop } from '../../atspi/harness.js';
import { parse } from './desktop.js';
import { startGtkFixture, type GtkFixtureStack } from './gtk-fixture-stack.js';
import { untilCache } from '../../../scripts/harness/cacheWait.js';

afterAll(stopSharedDesktop);

/** The accessible name GTK gives the fixture's message dialog (its role, not its title). */
const DIALOG = 'Information';
const SETUP_MS = 60_000;
const STATE_DEADLINE_MS = 10_000;
const ROUNDS = 4;

let stack: GtkFixtureStack;
let cache: UiCache;
let executor: Executor;
const ctx = { clientId: 'window-opened', signal: new AbortController().signal };

beforeEach(async () => {
  stack = await startGtkFixture(AbortSignal.timeout(SETUP_MS));
  ({ cache, executor } = stack);
}, SETUP_MS + 5_000);

afterEach(() => stack.stop());

/** The dialog's OK buttons the cache holds right now. */
function okButtons(windowRef: string): number {
  return cache.find({
    name: 'OK',
    window: windowRef,
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 2,
  }).elements.length;
}

function named(name: string): string {
  const found = cache.find({
    name,
    window: 'Modal fixture',
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 1,
  });
  const ref = found.elements[0]?.ref;
  if (ref === undefined) throw new Error(`no "${name}" in the fixture window`);
  return ref;
}

const until = (probe: () => boolean): Promise<boolean> =>
  untilCache(cache, probe, STATE_DEADLINE_MS);

const dialogOpen = (): boolean =>
  cache.windowsList({ includeMinimized: true }).windows.some((w) => w.title === DIALOG);

/** Open the dialog; what the cache held when the patch came and when the wait answered. */
async function openDialog(): Promise<{ atPatch: number; atWait: number; partial: boolean }> {
  const seen = { atPatch: -1, partial: false };
  const subscription = cache.patches$.subscribe((batch) => {
    for (const p of batch.patches) {
      if (p.op !== 'window.opened' || p.window.title !== DIALOG) continue;
      seen.atPatch = okButtons(p.window.ref);
      seen.partial = p.partial === true;
    }
  });
  try {
    const wait = executor.run(
      'actions.waitFor',
      parse('actions.waitFor', { condition: 'windowOpened', title: DIALOG, timeoutMs: 15_000 }),
      ctx,
    );
    const atWait = wait.then((r) => okButtons(r.window!.ref));
    const click = parse('actions.click', { target: { ref: named('Run Modal') } });
    await executor.run('actions.click', click, ctx);
    const answered = await atWait;
    return { ...seen, atWait: answered };
  } finally {
    subscription.unsubscribe();
  }
}

async function closeDialog(): Promise<void> {
  const dialog = cache.resolveWindow(DIALOG);
  await until(() => okButtons(dialog.ref) === 1);
  const ok = cache.find({
    name: 'OK',
    window: dialog.ref,
    nameMatch: 'equals',
    caseSensitive: false,
    maxResults: 1,
  });
  const click = parse('actions.click', { target: { ref: ok.elements[0]!.ref } });
  await executor.run('actions.click', click, ctx);
  await until(() => !dialogOpen());
}

describe('a new window completes once its contents are cached (AT-SPI, GTK3)', () => {
  it('window.opened and waitFor windowOpened find the dialog OK button already cached', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const seen = await openDialog();
      expect({ round, ...seen }).toEqual({ round, atPatch: 1, atWait: 1, partial: false });
      await closeDialog();
    }
  }, 120_000);
});
