/**
 * Apps on the simulated desktop through the method table: launch answers a cached window, the
 * list shows it, close answers as read back (gone, a "Save changes?" dialog, or killed), and
 * the policy (read-only, --no-launch, --allow-launch, --deny-app) and the audit log hold.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { composeServices } from '../../../src/app.js';
import { createSimBackend, type SimBackend } from '../../../src/backends/sim/index.js';
import { loadConfig, type ConfigInput } from '../../../src/config.js';
import type { HandlerTable } from '../../../src/service/handlers.js';
import type { Services } from '../../../src/app.js';

const ctx = () => ({ clientId: 'apps-test', signal: AbortSignal.timeout(10_000) });
const folder = mkdtempSync(join(tmpdir(), 'uistream-apps-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Stack {
  sim: SimBackend;
  handlers: HandlerTable;
  services: Services;
  stop(): Promise<void>;
}
let stack: Stack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
});

async function start(input: ConfigInput = {}): Promise<Stack> {
  const config = loadConfig({ backend: 'sim', ...input });
  const sim = createSimBackend({ scene: { apps: [{ kind: 'settings', at: { x: 880, y: 40 } }] } });
  const signal = AbortSignal.timeout(10_000);
  await sim.start(signal);
  const services = composeServices(sim, config);
  await services.store.start(signal);
  stack = {
    sim,
    handlers: services.handlers,
    services,
    stop: async () => {
      await services.executor.stop();
      await services.store.stop();
      await sim.stop();
    },
  };
  return stack;
}

describe('apps on the sim', () => {
  it('launches by name and answers the window with its content cached', async () => {
    const { handlers } = await start();
    const r = await handlers['apps.launch']({ name: 'Editor', args: ['notes.txt'] }, ctx());
    expect(r.window?.title).toBe('notes.txt - Editor');
    expect(r.command).toEqual(['/usr/bin/editor', 'notes.txt']);
    expect(r.app.pid).toBe(r.window?.pid);
    // The window's content is in the cache when the launch answers.
    const found = await handlers['elements.find'](
      { automationId: 'editor.text', window: r.window?.ref },
      ctx(),
    );
    expect(found.elements).toHaveLength(1);
    const listed = await handlers['apps.list']({}, ctx());
    expect(listed.apps.map((a) => a.name).sort()).toEqual(['editor', 'settings']);
    expect(listed.apps.find((a) => a.name === 'editor')?.windows).toEqual([r.window?.ref]);
  });

  it('launches by desktop id and by path', async () => {
    const { handlers } = await start();
    const byId = await handlers['apps.launch']({ desktopId: 'org.uistream.sim.Records' }, ctx());
    expect(byId.app.name).toBe('records');
    const byPath = await handlers['apps.launch']({ path: '/usr/bin/setup' }, ctx());
    expect(byPath.window?.title).toContain('Setup');
  });

  it('answers app_not_found with the closest names', async () => {
    const { handlers } = await start();
    const err = await handlers['apps.launch']({ name: 'Editr' }, ctx()).catch((e: unknown) => e);
    expect(err).toFailWith('app_not_found');
    expect((err as { details: { closest: string[] } }).details.closest).toContain('Editor');
  });

  it('closes a clean editor: closed, gone from the cache and the process ended', async () => {
    const { handlers, sim } = await start();
    const r = await handlers['apps.launch']({ name: 'Editor' }, ctx());
    const closed = await handlers['apps.close']({ app: String(r.app.pid) }, ctx());
    expect(closed.status).toBe('closed');
    const listed = await handlers['apps.list']({}, ctx());
    expect(listed.apps.map((a) => a.name)).toEqual(['settings']);
    expect(sim.control.apps().find((a) => a.pid === r.app.pid)?.windows).toEqual([]);
  });

  it('answers dialog_opened for a dirty editor, and force kills it', async () => {
    const { handlers } = await start();
    const r = await handlers['apps.launch']({ name: 'Editor' }, ctx());
    const text =
      r.window === null ? undefined : { automationId: 'editor.text', window: r.window.ref };
    await handlers['actions.type']({ target: text, text: 'unsaved' }, ctx());
    const asked = await handlers['apps.close']({ app: 'editor' }, ctx());
    expect(asked.status).toBe('dialog_opened');
    expect(asked.dialog?.title).toBe('Save changes?');
    expect(asked.dialog?.modal).toBe(true);
    // The app still runs with both windows: nothing was killed.
    const still = await handlers['windows.list']({ app: 'editor' }, ctx());
    expect(still.windows.map((w) => w.title).sort()).toEqual([
      '*Untitled - Editor',
      'Save changes?',
    ]);
    // Asked again, the open question is the answer; nothing is sent that would dismiss it.
    const again = await handlers['apps.close']({ app: 'editor' }, ctx());
    expect(again.dialog?.ref).toBe(asked.dialog?.ref);
    const killed = await handlers['apps.close'](
      { app: 'editor', force: true, timeoutMs: 2_000 },
      ctx(),
    );
    expect(killed.status).toBe('killed');
    expect(
      await handlers['windows.list']({ app: 'editor' }, ctx()).catch((e: unknown) => e),
    ).toFailWith('app_not_found');
  });

  it("answering the dialog with Don't Save closes the app", async () => {
    const { handlers } = await start();
    const r = await handlers['apps.launch']({ name: 'Editor' }, ctx());
    await handlers['actions.type'](
      { target: { automationId: 'editor.text', window: r.window?.ref }, text: 'x' },
      ctx(),
    );
    const asked = await handlers['apps.close']({ app: 'editor' }, ctx());
    await handlers['actions.click'](
      { target: { automationId: 'savechanges.discard', window: asked.dialog?.ref } },
      ctx(),
    );
    const listed = await handlers['apps.list']({}, ctx());
    expect(listed.apps.map((a) => a.name)).toEqual(['settings']);
  });
});

describe('apps policy', () => {
  it('read-only refuses launch and close but lists', async () => {
    const { handlers } = await start({ readOnly: true });
    await expect(handlers['apps.launch']({ name: 'Editor' }, ctx())).toFailWith('read_only');
    await expect(handlers['apps.close']({ app: 'settings' }, ctx())).toFailWith('read_only');
    expect((await handlers['apps.list']({}, ctx())).apps).toHaveLength(1);
  });

  it('--no-launch refuses launching; closing still works', async () => {
    const { handlers } = await start({ executor: { launch: false } });
    await expect(handlers['apps.launch']({ name: 'Editor' }, ctx())).toFailWith(
      'launch_not_allowed',
    );
    expect((await handlers['apps.close']({ app: 'settings' }, ctx())).status).toBe('closed');
  });

  it('--allow-launch limits launching to matching apps', async () => {
    const { handlers, sim } = await start({ executor: { allowLaunch: ['/usr/bin/ed*'] } });
    const err = await handlers['apps.launch']({ path: '/usr/bin/records' }, ctx()).catch(
      (e: unknown) => e,
    );
    expect(err).toFailWith('launch_not_allowed');
    expect((err as { details: { allowed: string[] } }).details.allowed).toEqual(['/usr/bin/ed*']);
    expect(sim.control.apps().map((a) => a.name)).toEqual(['settings']);
    expect((await handlers['apps.launch']({ name: 'editor' }, ctx())).app.name).toBe('editor');
  });

  it('--deny-app refuses launching and closing the app', async () => {
    const { handlers, sim } = await start({ executor: { denyApps: ['settings', 'records'] } });
    await expect(handlers['apps.launch']({ name: 'Records' }, ctx())).toFailWith(
      'forbidden_target',
    );
    await expect(handlers['apps.close']({ app: 'settings' }, ctx())).toFailWith('forbidden_target');
    expect(sim.control.apps().map((a) => [a.name, a.windows.length])).toEqual([['settings', 1]]);
    expect((await handlers['apps.list']({}, ctx())).apps).toEqual([]);
  });

  it('writes every launch and close to the audit log, refused ones included', async () => {
    const auditLog = join(folder, 'audit.jsonl');
    const { handlers } = await start({ executor: { auditLog, allowLaunch: ['Editor'] } });
    const r = await handlers['apps.launch']({ name: 'Editor' }, ctx());
    await handlers['apps.launch']({ name: 'Records' }, ctx()).catch(() => undefined);
    await handlers['apps.close']({ app: String(r.app.pid) }, ctx());
    const lines = readFileSync(auditLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.action, l.target, l.outcome])).toEqual([
      ['apps.launch', 'Editor', 'ok'],
      ['apps.launch', 'Records', 'launch_not_allowed'],
      ['apps.close', String(r.app.pid), 'ok'],
    ]);
  });
});
