/**
 * Actions from the page in Chromium: one changes the sim and the page shows what changed; a
 * session recorded on the page and exported as TypeScript replays green on a fresh sim; a
 * read-only server disables the actions with the reason shown.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../src/server/dashboard-stamp.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../ws/harness.js';
import { ensureBundle, launch, openDashboard, type Browser } from './harness.js';
import { runToEnd, type Completed } from '../../support/child.js';

let b: Browser;
beforeAll(async () => {
  await ensureBundle();
  b = await launch();
}, 60_000);
afterAll(async () => {
  await b?.close();
});

/** Select an element with the locator tester, as a user would. */
async function selectByAutomationId(page: Page, automationId: string): Promise<void> {
  await page.getByLabel('Automation id').fill(automationId);
  await page.getByLabel('Selected window only').uncheck();
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByTestId('locator-result').getByText('Unique: 1 match').waitFor();
  await page.getByTestId('locator-result').getByRole('button').first().click();
  await page.getByTestId('locator').getByText(automationId).waitFor();
}

function checked(t: TestServer, automationId: string): boolean {
  const [el] = t.cache.find({
    automationId,
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 1,
  }).elements;
  return el?.states.includes('checked') ?? false;
}

function editorText(t: TestServer): string {
  const [el] = t.cache.find({
    automationId: 'editor.text',
    nameMatch: 'contains',
    caseSensitive: false,
    maxResults: 1,
  }).elements;
  return el?.value ?? '';
}

function run(file: string, env: Record<string, string>): Promise<Completed> {
  return runToEnd(process.execPath, ['--import', 'tsx', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
  });
}

describe('on a writable server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs an action that changes the sim and shows its changes', async () => {
    await openDashboard(b.page, t.server.dashboardUrl, TEST_TOKEN);
    const before = checked(t, 'settings.notifications');
    await selectByAutomationId(b.page, 'settings.notifications');
    await b.page.getByTestId('actions').getByRole('button', { name: 'Click' }).click();
    const result = b.page.getByTestId('action-result');
    await result.getByText('actions.click: done').waitFor({ timeout: 15_000 });
    expect(checked(t, 'settings.notifications')).toBe(!before);
    expect(await result.innerText()).toMatch(/changed "Enable notifications".*checked/);
  });

  it('records a session whose exported TypeScript replays green on a fresh sim', async () => {
    const recorder = b.page.getByTestId('recorder');
    await recorder.getByRole('button', { name: 'Record' }).click();
    await selectByAutomationId(b.page, 'editor.text');
    await b.page.getByTestId('action-text').fill(' recorded');
    await b.page.getByTestId('actions').getByRole('button', { name: 'Type' }).click();
    await b.page.getByTestId('action-result').getByText('actions.type: done').waitFor();
    await selectByAutomationId(b.page, 'settings.startup');
    await b.page.getByTestId('actions').getByRole('button', { name: 'Click' }).click();
    await b.page.getByTestId('action-result').getByText('actions.click: done').waitFor();
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await recorder.getByTestId('import-path').fill(join(REPO_ROOT, 'clients/typescript/index.ts'));
    const script = await recorder.getByTestId('export').inputValue();
    expect(script).toContain("'actions.type'");
    expect(script).toContain("'actions.waitFor'");

    const fresh = await startTestServer();
    try {
      const startupBefore = checked(fresh, 'settings.startup');
      const dir = join(REPO_ROOT, '.tmp');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `dashboard-recording-${process.pid}.ts`);
      writeFileSync(file, script);
      const replay = await run(file, { UISTREAM_URL: fresh.url, UISTREAM_TOKEN: TEST_TOKEN });
      expect(replay.output).toBe('');
      expect(replay.code).toBe(0);
      expect(editorText(fresh)).toContain('recorded');
      expect(checked(fresh, 'settings.startup')).toBe(!startupBefore);
    } finally {
      await fresh.close();
    }
    expect(b.problems).toEqual([]);
  }, 120_000);
});

describe('on a read-only server', () => {
  it('disables every action and says why', async () => {
    const t = await startTestServer({ readOnly: true });
    try {
      await openDashboard(b.page, t.server.dashboardUrl, TEST_TOKEN);
      await selectByAutomationId(b.page, 'settings.notifications');
      const panel = b.page.getByTestId('actions');
      await expect
        .poll(() => panel.getByTestId('actions-disabled').innerText())
        .toMatch(/read-only/);
      const buttons = panel.getByRole('button');
      expect(await buttons.count()).toBeGreaterThan(5);
      for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    } finally {
      await t.close();
    }
  });
});
