/**
 * The events log in Chromium: a type filter (applied by the server) shows only matching events,
 * and a paused log resumes from its seq cursor with nothing lost: the page's seqs equal the
 * server's log for the same filter.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../ws/harness.js';
import { ensureBundle, launch, openDashboard, type Browser } from './harness.js';

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

/** The page-side shape of the log used in evaluations (the test project has no DOM types). */
interface Box {
  top: number;
  bottom: number;
}
interface LogElement {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  getBoundingClientRect(): Box;
  querySelectorAll(sel: string): Iterable<{
    getAttribute(name: string): string | null;
    getBoundingClientRect(): Box;
  }>;
}

/**
 * Every row of the log, read the way a user does: scrolled through from top to bottom, since
 * only the rows in view are drawn. After each scroll it waits (frame by frame) until drawn
 * rows fill the view.
 */
async function logged(page: Page): Promise<{ seq: number; type: string }[]> {
  return page.getByTestId('event-log').evaluate(async (log: LogElement) => {
    const g = globalThis as unknown as { requestAnimationFrame(cb: () => void): void };
    const filled = (): boolean => {
      const view = log.getBoundingClientRect();
      const bottom = view.top + Math.min(log.clientHeight, log.scrollHeight - log.scrollTop);
      const items = [...log.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
      if (items.length === 0) return log.scrollHeight <= log.clientHeight;
      return items[0]!.top <= view.top + 0.5 && items.at(-1)!.bottom >= bottom - 0.5;
    };
    const settle = async (): Promise<void> => {
      for (let frame = 0; !filled(); frame++) {
        if (frame > 600) throw new Error('the log did not draw the rows in view');
        await new Promise<void>((resolve) => g.requestAnimationFrame(() => resolve()));
      }
    };
    const rows = new Map<number, string>();
    const read = (): void => {
      for (const li of log.querySelectorAll('li[data-seq]')) {
        rows.set(Number(li.getAttribute('data-seq')), li.getAttribute('data-type') ?? '');
      }
    };
    log.scrollTop = 0;
    await settle();
    read();
    while (log.scrollTop + log.clientHeight < log.scrollHeight) {
      log.scrollTop += log.clientHeight;
      await settle();
      read();
    }
    return [...rows].map(([seq, type]) => ({ seq, type }));
  });
}

/** Whether the log holds more rows than its view shows (so reading it means scrolling it). */
async function overflows(page: Page): Promise<boolean> {
  return page
    .getByTestId('event-log')
    .evaluate((log: LogElement) => log.scrollHeight > log.clientHeight);
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
  // Enough rows that the log overflows its view: the read below has to scroll through it,
  // which is the path a virtualized log can get wrong (rows skipped or drawn twice).
  await activity(20);

  const server = await client.call('events.read', {
    types: ['property.changed'],
    after: fromSeq,
    limit: 1000,
  });
  const expected = server.events.map((e) => e.seq);
  expect(expected.length).toBeGreaterThan(pausedAt);
  await expect.poll(() => overflows(b.page)).toBe(true);
  await expect
    .poll(async () => (await logged(b.page)).map((r) => r.seq), { timeout: 10_000 })
    .toEqual(expected);
  expect(b.problems).toEqual([]);
}, 120_000);
