/**
 * The events log in Chromium: a type filter (applied by the server) shows only matching events,
 * and a paused log resumes from its seq cursor with nothing lost: the page's seqs equal the
 * server's log for the same filter.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../ws/harness.js';
import { attributes, ensureBundle, launch, openDashboard, type Browser } from './harness.js';

let t: TestServer;
let b: Browser;
let client: UistreamClient;
beforeAll(async () => {
  await ensureBundle();
  t = await startTestServer();
  b = await launch();
  client = await connect(t.url, { token: TEST_TOKEN });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await b?.close();
  await t?.close();
});

async function logged(page: Page): Promise<{ seq: number; type: string }[]> {
  const items = page.getByTestId('event-log').locator('li[data-seq]');
  const seqs = await attributes(items, 'data-seq');
  const types = await attributes(items, 'data-type');
  return seqs.map((seq, i) => ({ seq: Number(seq), type: types[i] ?? '' }));
}

/** Activity of several kinds: toggles (property changes) and typing (text changes). */
async function activity(rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await client.call('actions.invoke', {
      target: { automationId: 'settings.notifications' },
      pattern: 'Toggle',
    });
    await client.call('actions.type', { target: { automationId: 'editor.text' }, text: 'ab' });
  }
}

it('filters by type and resumes a paused log without a seq gap', async () => {
  await openDashboard(b.page, t.server.dashboardUrl, TEST_TOKEN);
  const form = b.page.getByTestId('event-filters');
  await form.getByRole('checkbox', { name: 'property.changed', exact: true }).check();
  await form.getByRole('button', { name: 'Apply filter' }).click();
  // The status names the seq the (new) subscription starts after.
  const live = b.page.getByText(/^Live \(seq \d+\)/);
  await live.waitFor();
  const fromSeq = Number(/seq (\d+)/.exec(await live.innerText())![1]);

  await activity(3);
  await expect.poll(async () => (await logged(b.page)).length).toBeGreaterThanOrEqual(3);
  const before = await logged(b.page);
  expect(new Set(before.map((r) => r.type))).toEqual(new Set(['property.changed']));

  await form.getByRole('button', { name: 'Pause' }).click();
  await b.page.getByText(/^paused after seq/).waitFor();
  const pausedAt = (await logged(b.page)).length;
  await activity(3); // happens while paused
  expect((await logged(b.page)).length).toBe(pausedAt);
  await form.getByRole('button', { name: 'Resume' }).click();
  await activity(1);

  const server = await client.call('events.read', {
    types: ['property.changed'],
    after: fromSeq,
    limit: 1000,
  });
  const expected = server.events.map((e) => e.seq);
  expect(expected.length).toBeGreaterThan(pausedAt);
  await expect
    .poll(async () => (await logged(b.page)).map((r) => r.seq), { timeout: 10_000 })
    .toEqual(expected);
  expect(b.problems).toEqual([]);
}, 120_000);
