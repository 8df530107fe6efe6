/**
 * Real Chromium (Debian's, through playwright-core with its executable path) against a real
 * server on the simulated desktop. The bundle is built first when stale, as npm start does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildDashboard } from '../../../dashboard/build.js';

export const CHROMIUM = process.env.UISTREAM_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and CSP violations the page reported. */
  problems: string[];
  close(): Promise<void>;
}

export async function ensureBundle(): Promise<void> {
  await buildDashboard({ ifStale: true });
}

/** A fresh profile each time (--user-data-dir is a temp dir, removed on close). */
export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'uistream-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 1000 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Open the dashboard the way a user does: the URL npm start prints, token in the fragment. */
export async function openDashboard(
  page: Page,
  dashboardUrl: string,
  token: string,
): Promise<void> {
  await page.goto(`${dashboardUrl}#token=${encodeURIComponent(token)}`);
  await page.getByTestId('windows').waitFor({ timeout: 15_000 });
}
