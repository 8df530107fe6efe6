/** The dashboard in real Chromium: it lists the sim's windows, and refuses a wrong token clearly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_TOKEN, type TestServer } from '../ws/harness.js';
import { ensureBundle, launch, openDashboard, type Browser } from './harness.js';

let t: TestServer;
let b: Browser;
beforeAll(async () => {
  await ensureBundle();
  t = await startTestServer();
  b = await launch();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('dashboard', () => {
  it('lists the windows of the simulated desktop, live from window events', async () => {
    await openDashboard(b.page, t.server.dashboardUrl, TEST_TOKEN);
    const expected = t.cache.windowsList({ includeMinimized: true }).windows.map((w) => w.title);
    const list = b.page.getByTestId('windows').getByRole('option');
    await expect
      .poll(() => list.allInnerTexts(), { timeout: 10_000 })
      .toHaveLength(expected.length);
    for (const title of expected) {
      await b.page
        .getByRole('option', { name: new RegExp(title) })
        .first()
        .waitFor();
    }
    t.sim.control.open({ kind: 'window', app: 'probe', title: 'Probe', elements: [] });
    await b.page.getByRole('option', { name: /Probe/ }).waitFor({ timeout: 10_000 });
    expect(b.problems).toEqual([]);
  });

  it('shows a clear error for a wrong token', async () => {
    await b.page.goto('about:blank');
    await b.page.goto(`${t.server.dashboardUrl}#token=not-the-token-at-all`);
    const alert = b.page.getByTestId('fatal');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toMatch(/refused the token \(wrong token\)/);
    expect(await b.page.getByTestId('windows').count()).toBe(0);
  });

  it('serves the page with a strict CSP and right content types, and no token in a query', async () => {
    const res = await fetch(t.server.dashboardUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const js = await fetch(`${t.server.dashboardUrl}app.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const stats = await fetch(`${t.server.dashboardUrl}api/stats`);
    expect(stats.status).toBe(401);
  });
});
