/**
 * Real Chromium (Debian's, through playwright-core with its executable path) against a real
 * server on the simulated desktop. The bundle is built first when stale, as npm start does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { buildDashboard } from '../../dashboard/build.js';
import type { ElementNode, TreeNode } from '../../protocol/src/index.js';

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

/** Pre-order nodes of a tree.get answer, without the nesting (the mirror's list form). */
export function flatten(tree: TreeNode): ElementNode[] {
  const { children, ...node } = tree;
  return [node, ...children.flatMap(flatten)];
}

/** The page's own mirror, read through its test handle. */
export async function pageMirror(
  page: Page,
): Promise<{ revision: number; nodes: ElementNode[] } | null> {
  return page.evaluate(() => {
    const handle = (globalThis as unknown as { uistreamDashboard?: { mirror(): unknown } })
      .uistreamDashboard;
    const m = handle?.mirror() as { revision: number; nodes: ElementNode[] } | null | undefined;
    return m === null || m === undefined ? null : { revision: m.revision, nodes: m.nodes };
  });
}

/** Select a window in the page the way a user does (click its entry). */
export async function selectWindow(page: Page, title: RegExp): Promise<void> {
  await page.getByTestId('windows').getByRole('option', { name: title }).first().click();
}

/** The page-side shape used in evaluations (the test project has no DOM types). */
interface PageElement {
  getAttribute(name: string): string | null;
}

/** One attribute of every element a locator matches, in document order. */
export function attributes(locator: Locator, name: string): Promise<(string | null)[]> {
  return locator.evaluateAll(
    (elements: PageElement[], attr: string) => elements.map((e) => e.getAttribute(attr)),
    name,
  );
}
