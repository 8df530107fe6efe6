/**
 * The dashboard against the AT-SPI backend: the real CLI (`serve --backend atspi`) in a headless
 * desktop with a real GTK app (a zenity entry dialog), the page in real Chromium. The page lists
 * the app's window from live events and mirrors its tree equal to tree.get.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type UistreamClient } from '../../../clients/typescript/index.js';
import type { DesktopSession, LaunchedApp } from '../../../scripts/desktop/session.js';
import { sharedDesktop, stopSharedDesktop } from '../../atspi/harness.js';
import {
  attributes,
  ensureBundle,
  flatten,
  launch,
  pageMirror,
  selectWindow,
  type Browser,
} from './harness.js';
import { waitForOutput } from '../../support/child.js';

const TOKEN = 'dashboard-atspi-token-0123456789';
const TITLE = 'Dashboard probe';
const STOP_DEADLINE_MS = 5_000;

let desktop: DesktopSession;
let server: ChildProcessWithoutNullStreams | undefined;
let app: LaunchedApp | undefined;
let b: Browser | undefined;
let client: UistreamClient | undefined;
let dashboardUrl: string;
let wsUrl: string;

async function stopServer(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  await ensureBundle();
  desktop = await sharedDesktop();
  server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli.ts',
      'serve',
      '--backend',
      'atspi',
      '--port',
      '0',
      '--token',
      TOKEN,
    ],
    { stdio: 'pipe', env: desktop.env },
  );
  const banner = /WebSocket\s+(ws:\S+)[\s\S]*dashboard\s+(http:[^\s#]+)/;
  const [, ws, page] = await waitForOutput(server, banner);
  wsUrl = ws!;
  dashboardUrl = page!;
  b = await launch();
}, 90_000);

afterAll(async () => {
  await client?.close();
  await b?.close();
  await app?.stop();
  if (server !== undefined) await stopServer(server);
  await stopSharedDesktop();
});

it('lists a GTK app’s window and mirrors its tree equal to tree.get (AT-SPI backend)', async () => {
  // The list is empty (so not visible) until the app opens: wait for it to be in the page.
  await b!.page.goto(`${dashboardUrl}#token=${TOKEN}`);
  await b!.page.getByTestId('windows').waitFor({ state: 'attached', timeout: 15_000 });
  // Opened after the page: the window reaches the list through the backend's live events.
  app = desktop.launch('zenity', ['--entry', '--title', TITLE, '--text', 'Name?']);
  await b!.page.getByRole('option', { name: new RegExp(TITLE) }).waitFor({ timeout: 30_000 });
  await selectWindow(b!.page, new RegExp(TITLE));

  client = await connect(wsUrl, { token: TOKEN });
  const { windows } = await client.call('windows.list', {});
  const probe = windows.find((w) => w.title === TITLE)!;
  expect(probe.pid).toBe(app.pid);
  const expected = async () =>
    flatten((await client!.call('tree.get', { window: probe.ref })).tree);
  await expect
    .poll(async () => (await pageMirror(b!.page))?.nodes, { timeout: 20_000 })
    .toEqual(await expected());

  // A known widget of the dialog shows in the tree pane, as the row of tree.get's node.
  const ok = (await expected()).find((n) => n.controlType === 'Button' && n.name === 'OK');
  expect(ok).toBeDefined();
  const okRow = b!.page.getByTestId('tree').getByRole('treeitem', { name: /OK/ });
  await okRow.first().waitFor({ timeout: 10_000 });
  expect(await attributes(okRow, 'data-ref')).toContain(ok!.ref);
  expect(b!.problems).toEqual([]);
}, 120_000);
