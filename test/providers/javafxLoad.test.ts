/**
 * The JavaFX provider under steady UI load: a 10,000-node scene changing 100 times a second,
 * its initial snapshot built (in chunks) while the changes run. Whatever the timing, the
 * server's cache must end equal to the app's final state. The FX-thread figures are the
 * bench's business (bench/javafx), not asserted here.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import { sharedDesktop, stopSharedDesktop } from '../atspi/harness.js';
import { buildJavafxFixtures, fixtureArgs, startUistream, type Uistream } from './javafxHarness.js';

const APP = 'ProviderLoad';
const CHANGES = 1_000;
const KEEP_ROWS = 20;
const STATS = '.tmp/javafx-load/stats.json';

let uistream: Uistream;
let fxApp: LaunchedApp;

const findOne = async (automationId: string) => {
  const { elements } = await uistream.client.call('elements.find', { automationId, app: APP });
  return elements[0];
};

describe('JavaFX provider under 100 UI changes a second', () => {
  beforeAll(async () => {
    buildJavafxFixtures();
    mkdirSync('.tmp/javafx-load', { recursive: true });
    uistream = await startUistream();
    const desktop = await sharedDesktop();
    fxApp = desktop.launch(
      'java',
      fixtureArgs('ProviderLoad', uistream.server.url, APP, {
        'demo.changes': CHANGES,
        'mcp.uistream.stats': STATS,
      }),
    );
    await uistream.client.call('actions.waitFor', {
      condition: 'windowOpened',
      title: 'Provider Load',
      timeoutMs: 60_000,
    });
  }, 180_000);

  afterAll(async () => {
    await fxApp?.stop();
    await uistream?.close();
    await stopSharedDesktop();
  });

  it('the cache ends equal to the app: status, the last rows, the changed cells', async () => {
    await uistream.client.call('actions.waitFor', {
      condition: 'nameMatches',
      target: { automationId: 'status', app: APP },
      value: `^done ${CHANGES}$`,
      timeoutMs: 60_000,
    });
    const rows = await findOne('rows');
    expect(rows).toBeDefined();
    const { tree } = await uistream.client.call('tree.get', { root: rows!.ref, depth: 1 });
    const wanted = Array.from({ length: KEEP_ROWS }, (_, i) => CHANGES - KEEP_ROWS + 1 + i);
    expect(tree.children.map((c) => c.automationId)).toEqual(wanted.map((n) => `row-${n}`));
    expect(tree.children.map((c) => c.name)).toEqual(wanted.map((n) => `row ${n}`));
    for (const n of [1, CHANGES / 2, CHANGES]) {
      expect((await findOne(`cell-${n}`))?.name).toBe(`cell ${n} v${n}`);
    }
    expect((await findOne(`cell-${CHANGES + 1}`))?.name).toBe(`cell ${CHANGES + 1}`);
    expect(await findOne(`row-${CHANGES - KEEP_ROWS}`)).toBeUndefined();
  }, 90_000);

  it('quitting writes the FX-thread figures (the snapshot was built in chunks)', async () => {
    await uistream.client.call('actions.invoke', {
      target: { automationId: 'quit', app: APP },
      pattern: 'Invoke',
    });
    await uistream.client.call('actions.waitFor', {
      condition: 'windowClosed',
      title: 'Provider Load',
      timeoutMs: 10_000,
    });
    expect(await fxApp.exited).toBe(0);
    const stats = JSON.parse(readFileSync(STATS, 'utf8')) as Record<string, number>;
    expect(stats.tasks).toBeGreaterThan(stats.snapshotChunks!);
    expect(stats.snapshotChunks).toBeGreaterThanOrEqual(1);
    expect(Number.isFinite(stats.maxTaskMs)).toBe(true);
    process.stdout.write(`javafx provider FX-thread stats: ${JSON.stringify(stats)}\n`);
  }, 30_000);
});
