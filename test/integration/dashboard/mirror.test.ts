/**
 * The page's tree mirror (built from tree.subscribe patches in Chromium) equals tree.get after
 * the demo's live activity; the rows it draws are the mirror's, in order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/server/dashboard-stamp.js';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import { startDemo } from '../../../src/backends/sim/index.js';
import { firstValueFrom, filter, take, timeout, toArray } from 'rxjs';
import { startTestServer, TEST_TOKEN, type TestServer } from '../ws/harness.js';
import {
  attributes,
  ensureBundle,
  flatten,
  launch,
  openDashboard,
  pageMirror,
  selectWindow,
  type Browser,
} from './harness.js';

let t: TestServer;
let b: Browser;
let client: UistreamClient;
beforeAll(async () => {
  await ensureBundle();
  t = await startTestServer({}, {});
  b = await launch();
  client = await connect(t.url, { token: TEST_TOKEN });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await b?.close();
  await t?.close();
});

it('mirrors the selected window exactly: equal to tree.get after demo activity', async () => {
  await openDashboard(b.page, t.server.dashboardUrl, TEST_TOKEN);
  await selectWindow(b.page, /Editor/);
  const { windows } = await client.call('windows.list', {});
  const editor = windows.find((w) => w.title.includes('Editor'))!;
  await expect.poll(async () => (await pageMirror(b.page))?.nodes[0]?.ref).toBe(editor.element);

  // Live activity: the demo types, toggles, opens dialogs; wait for 40 events of it.
  const demo = new AbortController();
  const seen = firstValueFrom(
    t.cache.events.events$.pipe(
      filter((e) => e.type === 'property.changed' || e.type === 'text.changed'),
      take(40),
      toArray(),
      timeout(60_000),
    ),
  );
  const running = startDemo(t.sim, demo.signal, 50);
  await seen;
  demo.abort();
  await running;
  await t.sim.control.quiet();

  const expected = async () =>
    flatten((await client.call('tree.get', { window: editor.ref })).tree);
  await expect
    .poll(async () => (await pageMirror(b.page))?.nodes, { timeout: 15_000 })
    .toEqual(await expected());
  const final = await expected();
  expect(final.length).toBeGreaterThan(5);

  // The drawn rows are the mirror's first rows, in pre-order.
  const drawn = await attributes(b.page.getByTestId('tree').getByRole('treeitem'), 'data-ref');
  expect(drawn.length).toBeGreaterThan(0);
  expect(drawn).toEqual(final.slice(0, drawn.length).map((n) => n.ref));
  expect(b.problems).toEqual([]);

  // The README's picture of the dashboard comes from this run.
  await b.page.getByTestId('tree').getByRole('treeitem').nth(3).click();
  await b.page.getByTestId('inspector').waitFor();
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  await b.page.screenshot({ path: join(REPO_ROOT, '.tmp', 'dashboard.png') });

  // The clicked row is the tree's active descendant; ArrowDown moves it and the selection to
  // the next row; a click on a twisty folds that row (the viewport handles rows' clicks).
  const tree = b.page.getByTestId('tree');
  const rows = tree.getByRole('treeitem');
  await expect
    .poll(() => tree.getAttribute('aria-activedescendant'))
    .toBe(await rows.nth(3).getAttribute('id'));
  await tree.press('ArrowDown');
  const next = await rows.nth(4).getAttribute('id');
  await expect.poll(() => tree.getAttribute('aria-activedescendant')).toBe(next);
  expect(await rows.nth(4).getAttribute('aria-selected')).toBe('true');
  const open = tree.locator('[role="treeitem"][aria-expanded="true"]').first();
  const openRef = await open.getAttribute('data-ref');
  await open.locator('.twisty').click();
  await expect
    .poll(() => tree.locator(`[data-ref="${openRef}"]`).getAttribute('aria-expanded'))
    .toBe('false');
  expect(b.problems).toEqual([]);
}, 120_000);
