/**
 * --deny-app hides the denied app from every read path over real sockets: reads leave it out,
 * a read that names it answers `denied`, focus inside it reads as no focus, and neither events
 * (live or replayed) nor tree patches say anything about it, while the desktop really changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PatchMirror,
  type ElementNode,
  type Patch,
  type TreeNode,
  type UiEvent,
} from '../../../protocol/src/index.js';
import { RawClient, churn, startTestServer, waitFor, type TestServer } from './harness.js';

const SECRET = 'hunter2-passphrase';
/** Words that only the denied app shows; none may reach a client. */
const LEAKS = ['Vault', SECRET, 'Unlock', 'Vault 2'];

const VAULT = {
  kind: 'window' as const,
  app: 'vault',
  title: 'Vault',
  at: { x: 1000, y: 100 },
  elements: [
    { type: 'Edit' as const, name: 'Passphrase', automationId: 'vault.pass', value: SECRET },
    { type: 'Button' as const, name: 'Unlock', automationId: 'vault.unlock' },
  ],
};

let t: TestServer;
let c: RawClient;
/** The vault's window ref, its element and the Unlock button's ref, from the whole cache. */
let vault: { window: string; element: string; unlock: string };

const codeOf = async (method: string, params: unknown): Promise<string | undefined> =>
  (await c.call(method, params)).error?.data?.code;

async function result<T>(method: string, params: unknown): Promise<T> {
  const reply = await c.call(method, params);
  if (reply.error !== undefined) throw new Error(`${method}: ${reply.error.message}`);
  return reply.result as T;
}

function expectNoLeak(what: unknown): void {
  const text = JSON.stringify(what);
  for (const word of LEAKS) expect(text).not.toContain(word);
  for (const ref of Object.values(vault)) expect(text).not.toMatch(new RegExp(`"${ref}"`));
}

beforeAll(async () => {
  t = await startTestServer(
    { executor: { denyApps: ['Vault'] } },
    { apps: [VAULT, { kind: 'editor', at: { x: 40, y: 40 }, text: 'hello' }] },
  );
  c = await RawClient.open(t.url);
  const win = t.store
    .windowsList({ includeMinimized: true })
    .windows.find((w) => w.app === 'vault');
  const unlock = t.store.find({
    name: 'Unlock',
    nameMatch: 'equals',
    caseSensitive: true,
    maxResults: 1,
  }).elements[0];
  if (win === undefined || unlock === undefined) throw new Error('the vault is not cached');
  vault = { window: win.ref, element: win.element, unlock: unlock.ref };
});
afterAll(async () => {
  c.close();
  await t.close();
});

describe('reads over a denied app', () => {
  it('leave it out of lists, finds, trees, snapshots and hit tests', async () => {
    const list = await result<{ windows: { app: string }[] }>('windows.list', {});
    expect(list.windows.length).toBeGreaterThan(0);
    expectNoLeak(list);
    expectNoLeak(await result('elements.find', { name: 'Unlock' }));
    const edits = await result<{ elements: ElementNode[] }>('elements.find', {
      controlType: 'Edit',
    });
    expectNoLeak(edits);
    const tree = await result<{ tree: TreeNode }>('tree.get', { depth: 3 });
    expectNoLeak(tree);
    expect(tree.tree.childCount).toBe(tree.tree.children.length);
    expectNoLeak(await result('tree.snapshot', { mode: 'full' }));
    const rect = t.store.resolveWindow(vault.window).rect!;
    const at = await result<{ element: unknown }>('elements.at', { x: rect.x + 5, y: rect.y + 5 });
    expect(at.element).toBeNull();
  });

  it('answer denied when asked for a denied element, window or app by name', async () => {
    for (const ref of [vault.unlock, vault.element]) {
      expect(await codeOf('elements.get', { ref }), ref).toBe('denied');
      expect(await codeOf('elements.text', { ref }), ref).toBe('denied');
      expect(await codeOf('tree.get', { root: ref }), ref).toBe('denied');
    }
    expect(await codeOf('tree.get', { window: vault.window })).toBe('denied');
    expect(await codeOf('elements.find', { within: vault.unlock })).toBe('denied');
    expect(await codeOf('elements.find', { app: 'vault' })).toBe('denied');
    expect(await codeOf('elements.text', { window: 'Vault' })).toBe('denied');
    expect(await codeOf('tree.snapshot', { window: vault.window })).toBe('denied');
    expect(await codeOf('regions.read', { region: 'titlebar', window: 'Vault' })).toBe('denied');
    expect(await codeOf('windows.list', { app: 'vault' })).toBe('denied');
    expect(await codeOf('apps.resolve', { query: 'vault' })).toBe('denied');
    expect(await codeOf('focus.get', { app: 'vault' })).toBe('denied');
    expect(await codeOf('tree.subscribe', { window: 'Vault' })).toBe('denied');
    expect(await codeOf('tree.subscribe', { root: vault.unlock })).toBe('denied');
    // Errors that list what exists leave the denied app out too.
    const missing = await c.call('elements.text', { window: 'no such window' });
    expect(missing.error?.data?.code).toBe('window_not_found');
    expectNoLeak(missing.error);
  });

  it('read focus inside the denied app as no focus', async () => {
    const pass = t.sim.control.find('vault.pass');
    if (pass === undefined) throw new Error('no vault field');
    await t.sim.focus(pass, { signal: AbortSignal.timeout(5_000) });
    const inVault = (): boolean => t.store.focused({}).element?.window === vault.window;
    if (!inVault()) await waitFor(t.store.patches$, inVault, 5_000);
    const focus = await result<{ hasFocus: boolean; element: unknown }>('focus.get', {});
    expect(focus).toMatchObject({ hasFocus: false, element: null });
    expectNoLeak(await result('regions.read', { region: 'focused' }));
  });
});

interface Note {
  method?: string;
  params?: { events?: UiEvent[]; patches?: Patch[]; revision?: number };
}

describe('events and tree patches over a denied app', () => {
  it('never carry it, live or replayed, while the editor still streams', async () => {
    const before = t.cache.events.seq;
    await c.call('events.subscribe', {});
    const sub = await result<{ root: string; nodes: ElementNode[]; revision: number }>(
      'tree.subscribe',
      {},
    );
    expectNoLeak(sub.nodes);
    const seen = c.messages.length;
    // The vault changes, focus goes in and out, and a second vault window opens and closes.
    const pass = t.sim.control.find('vault.pass')!;
    const signal = AbortSignal.timeout(5_000);
    await t.sim.performPattern(pass, { pattern: 'Value', value: `${SECRET}!` }, { signal });
    await t.sim.focus(pass, { signal });
    const announced = waitFor(t.store.events.events$, (e) => e.type === 'window.opened');
    const { pid } = t.sim.control.open({ ...VAULT, title: 'Vault 2', at: { x: 1100, y: 200 } });
    await announced;
    const closed = waitFor(t.store.events.events$, (e) => e.type === 'window.closed');
    t.sim.control.close(pid);
    await closed;
    // The desktop did change: the whole log holds the vault's events.
    const whole = t.store.events.read({ after: before, limit: 1000 }).events;
    expect(whole.map((e) => e.type)).toEqual(
      expect.arrayContaining(['text.changed', 'window.opened', 'window.closed']),
    );
    expect(JSON.stringify(whole)).toContain('Vault 2');
    // A visible change after all of it: once it arrives, everything before it has too.
    const marker = await churn(t, 1, 12);
    await c.next((m) => ((m as Note).params?.events ?? []).some((e) => e.seq === marker));
    const revision = t.store.revision;
    await c.next((m) => ((m as Note).params?.revision ?? 0) >= revision);
    const live = c.messages.slice(seen);
    expectNoLeak(live);
    const replay = await result<{ events: UiEvent[] }>('events.read', {
      after: before,
      limit: 1000,
    });
    expect(replay.events.some((e) => e.seq === marker)).toBe(true);
    expectNoLeak(replay);
    // The mirror built from the patches equals the desktop as clients read it.
    const mirror = new PatchMirror(sub.root, sub.nodes, sub.revision);
    for (const m of live as Note[])
      if (m.method === 'tree.patch') mirror.apply(m.params?.patches ?? [], m.params?.revision);
    const tree = await result<{ tree: TreeNode }>('tree.get', {});
    expect(mirror.toTree()).toEqual(tree.tree);
  });
});
