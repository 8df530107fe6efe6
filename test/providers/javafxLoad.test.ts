/**
 * The JavaFX provider under steady UI load: a 10,000-node scene changing 100 times a second,
 * its initial snapshot built (in chunks) while the changes run. Whatever the timing, the
 * server's cache must end equal to the app's final state, and no task of the library on the
 * FX thread may pass the 5 ms budget: a count of tasks over a fixed budget in CPU time
 * of that thread, which a busy machine does not stretch as it does wall time. The figures with
 * their spread over trials are the bench's business (bench/javafx).
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopSharedDesktop } from '../atspi/harness.js';
import { launchFxFixture, type FxFixture } from '../support/javafx.js';
import type { Uistream } from './javafxHarness.js';

const APP = 'ProviderLoad';
/** Per round: one from launch (under the initial snapshot), one more once connected. */
const ROUND = 800;
const CHANGES = 2 * ROUND;
const KEEP_ROWS = 20;
const STATS = '.tmp/javafx-load/stats.json';

let fx: FxFixture | undefined;
let uistream: Uistream;

const findOne = async (automationId: string) => {
  const { elements } = await uistream.client.call('elements.find', { automationId, app: APP });
  return elements[0];
};

const waitFor = (
  condition: 'appear' | 'disappear' | 'nameMatches',
  automationId: string,
  value?: string,
) =>
  uistream.client.call('actions.waitFor', {
    condition,
    target: { automationId, app: APP },
    ...(value === undefined ? {} : { value }),
    timeoutMs: 60_000,
  });
const waitForStatus = (value: string) => waitFor('nameMatches', 'status', value);

describe('JavaFX provider under 100 UI changes a second', () => {
  beforeAll(async () => {
    mkdirSync('.tmp/javafx-load', { recursive: true });
    fx = await launchFxFixture({
      mainClass: 'ProviderLoad',
      app: APP,
      title: 'Provider Load',
      props: { 'demo.changes': ROUND, 'mcp.uistream.stats': STATS },
    });
    uistream = fx.uistream;
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
    await stopSharedDesktop();
  });

  it('the cache ends equal to the app: status, the last rows, the changed cells', async () => {
    await waitForStatus(`^done ${ROUND}$`);
    await uistream.client.call('actions.invoke', {
      target: { automationId: 'more', app: APP },
      pattern: 'Invoke',
    });
    await waitForStatus(`^done ${CHANGES}$`);
    // A flush has a time budget, so one pulse's changes may arrive over several deltas: wait
    // for each final fact by event, then compare the whole list.
    await waitFor('appear', `row-${CHANGES}`);
    await waitFor('disappear', `row-${CHANGES - KEEP_ROWS}`);
    for (const n of [1, CHANGES / 2, CHANGES]) {
      await waitFor('nameMatches', `cell-${n}`, `^cell ${n} v${n}$`);
    }
    const rows = await findOne('rows');
    expect(rows).toBeDefined();
    const { tree } = await uistream.client.call('tree.get', { root: rows!.ref, depth: 1 });
    const wanted = Array.from({ length: KEEP_ROWS }, (_, i) => CHANGES - KEEP_ROWS + 1 + i);
    expect(tree.children.map((c) => c.automationId)).toEqual(wanted.map((n) => `row-${n}`));
    expect(tree.children.map((c) => c.name)).toEqual(wanted.map((n) => `row ${n}`));
    expect((await findOne(`cell-${CHANGES + 1}`))?.name).toBe(`cell ${CHANGES + 1}`);
  }, 90_000);

  it('stopping the app writes its FX-thread figures: chunks, none over 5 ms', async () => {
    await fx!.app.stop();
    await uistream.client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Provider Load',
      timeoutMs: 10_000,
    });
    const stats = JSON.parse(readFileSync(STATS, 'utf8')) as Record<string, number>;
    process.stdout.write(`javafx provider FX-thread stats: ${JSON.stringify(stats)}\n`);
    expect(stats.tasks).toBeGreaterThan(stats.snapshotChunks!);
    // An unsliced snapshot is two tasks (its windows, then the whole walk); 10,000 nodes take
    // more than one task's budget on any machine, so each snapshot ran in more chunks.
    expect(stats.snapshots).toBeGreaterThan(0);
    expect(stats.snapshotChunks).toBeGreaterThan(2 * stats.snapshots!);
    expect(stats.overBudgetTasks).toBe(0);
  }, 30_000);
});
