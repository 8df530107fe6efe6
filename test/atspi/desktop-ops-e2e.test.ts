/**
 * Issue 27 end to end: one MCP client (the SDK over streamable HTTP) against the real
 * `uistream serve --backend atspi` in a headless desktop under openbox launches a GTK text
 * editor, types mixed-script text on a German layout, copies it with the clipboard tool, pastes
 * it into a second app, tiles both windows side by side on the second monitor, drags a list row onto another and
 * closes both apps, answering the editor's save question. Every step is checked from outside
 * the server: pyatspi for text and rows, xdotool/xwininfo/xdpyinfo for windows and monitors,
 * xclip for the clipboard, /proc for processes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Rect } from '../../protocol/src/index.js';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';
import { LineReader } from '../../scripts/harness/windowTruth.js';
import { SYSTEM_PYTHON } from '../fixtures/toolkits/qtApp.js';
import { connectHttp, ok } from '../integration/mcp/harness.js';
import { waitForOutput } from '../support/child.js';
import * as outside from './desktopOpsOutside.js';

const fixture = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const EDITOR = fixture('../fixtures/gtk/editor_app.py');
const DND = fixture('../fixtures/gtk/dnd_app.py');
const READER = fixture('../fixtures/x11/atspiRead.py');
const TOKEN = 'desktop-ops-e2e-token-0123456789';
const TEXT = 'Grüße, Привет, 日本語 ✓';
const FRUITS = ['Apple', 'Banana', 'Cherry', 'Date'];
const SETUP_MS = 90_000;

const folder = mkdtempSync(join(tmpdir(), 'uistream-e2e-'));
let desktop: DesktopSession;
let server: ChildProcessWithoutNullStreams | undefined;
let client: Client | undefined;
let reader: LineReader | undefined;
let monitors: Rect[] = [];

interface Read {
  text: string | null;
  rows: string[];
}
const read = (pid: number, name: string): Promise<Read> => reader!.ask<Read>(`${pid} ${name}`);
const env = (): NodeJS.ProcessEnv => desktop.env;

/** The two apps as XDG desktop entries in a private data folder, launched by desktop id. */
function installEntries(): void {
  mkdirSync(join(folder, 'applications'));
  const entry = (id: string, name: string, exec: string): void =>
    writeFileSync(
      join(folder, 'applications', `${id}.desktop`),
      `[Desktop Entry]\nType=Application\nName=${name}\nExec=${exec}\n`,
    );
  entry(
    'uistream-e2e-editor',
    'Fixture Editor',
    `${SYSTEM_PYTHON} ${EDITOR} ${join(folder, 'state.json')} --confirm-close`,
  );
  entry('uistream-e2e-dnd', 'Drop Target', `${SYSTEM_PYTHON} ${DND} --title "Drop target"`);
}

async function stopServer(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  installEntries();
  desktop = await startDesktop(AbortSignal.timeout(SETUP_MS), {
    windowManager: true,
    twoMonitors: true,
  });
  const serverEnv = {
    ...desktop.env,
    XDG_DATA_HOME: folder,
    XDG_DATA_DIRS: join(folder, 'none'),
  };
  const args = ['--import', 'tsx', 'src/cli.ts', 'serve', '--backend', 'atspi', '--port', '0'];
  const flags = ['--token', TOKEN, '--structured-content', '--quiet'];
  server = spawn(process.execPath, [...args, ...flags], { stdio: 'pipe', env: serverEnv });
  const [, url] = await waitForOutput(server, /MCP\s+(http:\S+)/, SETUP_MS);
  client = await connectHttp(new URL(url!), TOKEN);
  reader = new LineReader(READER, desktop.env);
  monitors = await outside.xMonitors(desktop.env);
}, SETUP_MS + 10_000);

afterAll(async () => {
  await client?.close();
  await reader?.stop();
  if (server !== undefined) await stopServer(server);
  await desktop?.stop();
  rmSync(folder, { recursive: true, force: true });
});

interface Launched {
  pid: number;
  window: string;
  xid: string;
}

async function launch(desktopId: string, title: string): Promise<Launched> {
  const r = await ok(client!, 'ui_app', { op: 'launch', desktopId, timeoutMs: 30_000 });
  const s = r.structured as { app: { pid: number }; window: { ref: string; title: string } };
  expect(s.window.title).toContain(title);
  expect(outside.running(s.app.pid)).toBe(true);
  const xid = await outside.xWindowMapped(env(), s.app.pid, title);
  expect(xid, `an X window "${title}" of pid ${s.app.pid}`).toBeDefined();
  return { pid: s.app.pid, window: s.window.ref, xid: xid! };
}

/** Types on a German layout (set as a user would, outside the server) into the editor. */
async function typeIntoEditor(editor: Launched): Promise<void> {
  await outside.x(env(), 'setxkbmap', ['de']);
  expect(await outside.xLayout(env())).toBe('de');
  const target = { controlType: 'Edit', window: editor.window };
  await ok(client!, 'ui_type', { target, text: TEXT, timeoutMs: 30_000 });
  expect((await read(editor.pid, 'role:text')).text).toBe(TEXT);
  expect(await outside.xLayout(env())).toBe('de');
}

/** The client copies what it reads in the editor, then pastes it with the keyboard. */
async function copyAndPaste(from: Launched, into: Launched): Promise<void> {
  const edit = { controlType: 'Edit', window: from.window, timeoutMs: 0 };
  const found = (await ok(client!, 'ui_find', edit)).structured as { elements: { ref: string }[] };
  const shown = await ok(client!, 'ui_get_text', { ref: found.elements[0]!.ref, fresh: true });
  const text = (shown.structured as { text: string }).text;
  const wrote = await ok(client!, 'ui_clipboard', { op: 'write', text });
  expect((wrote.structured as { formats: string[] }).formats).toContain('text');
  expect(await outside.xClipboard(env())).toBe(TEXT);
  const target = { name: 'Text', controlType: 'Edit', window: into.window };
  await ok(client!, 'ui_press_keys', { target, keys: 'Ctrl+V', timeoutMs: 20_000 });
  expect((await read(into.pid, 'Text')).text).toBe(TEXT);
}

/** Side by side on the second monitor, as the X server's Xinerama heads place it. */
async function tile(left: Launched, right: Launched): Promise<void> {
  expect(monitors).toHaveLength(2);
  const m = monitors[1]!;
  expect(m.x).toBeGreaterThan(0);
  const width = Math.floor(m.width / 2) - 24;
  const height = m.height - 120;
  const spots: [Launched, number][] = [
    [left, m.x + 8],
    [right, m.x + Math.floor(m.width / 2) + 16],
  ];
  const rects: Rect[] = [];
  for (const [app, x] of spots) {
    await ok(client!, 'ui_window', { op: 'move', window: app.window, x, y: m.y + 48 });
    const sized = await ok(client!, 'ui_window', {
      op: 'resize',
      window: app.window,
      width,
      height,
    });
    const seen = await outside.xRect(env(), app.xid);
    expect(seen).toEqual({ x, y: m.y + 48, width, height });
    expect(sized.structured).toMatchObject({ rect: seen, monitor: 1 });
    expect(outside.inside(seen, m)).toBe(true);
    rects.push(seen);
  }
  expect(rects[0]!.x + rects[0]!.width).toBeLessThan(rects[1]!.x);
}

async function drag(app: Launched): Promise<void> {
  expect((await read(app.pid, 'Fruits')).rows).toEqual(FRUITS);
  const ref = async (name: string): Promise<string> => {
    const query = { name, nameMatch: 'equals', caseSensitive: true, window: app.window };
    const found = await ok(client!, 'ui_find', { ...query, timeoutMs: 5_000 });
    const elements = (found.structured as { elements: { ref: string; rect: Rect | null }[] })
      .elements;
    const hit = elements.find((e) => e.rect !== null);
    if (hit === undefined) throw new Error(`no visible "${name}" row: ${found.text}`);
    return hit.ref;
  };
  const from = { ref: await ref('Apple') };
  const to = { ref: await ref('Cherry') };
  await ok(client!, 'ui_drag', { from, to, timeoutMs: 20_000 });
  const after = (await read(app.pid, 'Fruits')).rows;
  expect([...after].sort()).toEqual([...FRUITS].sort());
  expect(after.indexOf('Apple')).toBeGreaterThan(0);
}

/** The editor asks before dropping the typed text; the client answers, then closes the other. */
async function closeBoth(editor: Launched, other: Launched): Promise<void> {
  const asked = await ok(client!, 'ui_app', { op: 'close', app: String(editor.pid) });
  const answer = asked.structured as { status: string; dialog?: { ref: string } };
  expect(answer.status).toBe('dialog_opened');
  expect(await outside.xWindows(env(), editor.pid, 'Save changes?')).toHaveLength(1);
  expect(outside.running(editor.pid)).toBe(true);
  const button = { name: 'Close without Saving', window: answer.dialog!.ref };
  await ok(client!, 'ui_click', { target: button, timeoutMs: 10_000 });
  expect(await outside.ended(editor.pid)).toBe(true);
  const closed = await ok(client!, 'ui_app', { op: 'close', app: String(other.pid) });
  expect(closed.structured).toMatchObject({ status: 'closed' });
  expect(await outside.ended(other.pid)).toBe(true);
}

it('launches, types on de, copies, pastes, tiles, drags and closes, all over MCP', async () => {
  const editor = await launch('uistream-e2e-editor', 'Fixture Editor');
  await typeIntoEditor(editor);
  const target = await launch('uistream-e2e-dnd', 'Drop target');
  await copyAndPaste(editor, target);
  await tile(editor, target);
  await drag(target);
  await closeBoth(editor, target);
}, 150_000);
