/**
 * The TypeScript client against the real server over real sockets on the sim: typed calls and
 * errors, event streams, tree mirrors that equal the cache after random activity, gap filling
 * for a stalled reader, and reconnect resuming with `since`.
 */
import { Subject, firstValueFrom, filter, switchMap, take, timeout, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connect,
  UistreamError,
  type MirroredTree,
  type UistreamClient,
} from '../../../clients/typescript/index.js';
import type { UiEvent } from '../../../protocol/src/index.js';
import { TEST_TOKEN, churn, startTestServer, type TestServer } from '../ws/harness.js';

let t: TestServer | undefined;
let client: UistreamClient | undefined;
afterEach(async () => {
  await client?.close();
  await t?.close();
  client = undefined;
  t = undefined;
});

async function setup(overrides = {}): Promise<{ t: TestServer; client: UistreamClient }> {
  t = await startTestServer(overrides);
  client = await connect(t.url, { token: TEST_TOKEN });
  return { t, client };
}

/** A small deterministic PRNG so a failing activity sequence can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('calls', () => {
  it('calls methods typed from the registry', async () => {
    const { client } = await setup();
    const hello = await client.call('session.hello', { client: 'client-test' });
    expect(hello.server).toBe('uistream');
    const found = await client.call('elements.find', { automationId: 'editor.save' });
    expect(found.elements[0]?.name).toBe('Save');
  });

  it('rejects with UistreamError carrying the wire code', async () => {
    const { client } = await setup();
    const err = await client
      .call('apps.resolve', { query: 'no-such-app' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UistreamError);
    expect((err as UistreamError).code).toBe('app_not_found');
    const bad = await client.call('elements.find', { maxResults: -1 }).catch((e: unknown) => e);
    expect((bad as UistreamError).code).toBe('invalid_params');
    expect((bad as UistreamError).rpcCode).toBe(-32602);
  });

  it('abandons a call when its signal aborts', async () => {
    const { client } = await setup();
    const abort = new AbortController();
    const waiting = client.call(
      'actions.waitFor',
      { condition: 'windowOpened', title: 'Never', timeoutMs: 60_000 },
      { signal: abort.signal },
    );
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    expect((await client.call('actions.cancel')).cancelled).toBe(1);
  });

  it('refuses a wrong token as unauthorized', async () => {
    t = await startTestServer();
    const err = await connect(t.url, { token: 'wrong-token-0000000000', reconnect: false }).catch(
      (e: unknown) => e,
    );
    expect((err as UistreamError).code).toBe('unauthorized');
  });

  it('speaks MessagePack and sends the token as a subprotocol entry', async () => {
    t = await startTestServer();
    client = await connect(t.url, {
      token: TEST_TOKEN,
      encoding: 'msgpack',
      tokenVia: 'subprotocol',
    });
    const list = await client.call('windows.list');
    expect(list.windows.length).toBeGreaterThan(0);
  });
});

describe('events()', () => {
  it('emits matching events as an Observable', async () => {
    const { t, client } = await setup();
    const opened = firstValueFrom(
      client.events({ types: ['window.opened'] }).pipe(take(1), timeout(5_000)),
    );
    // Subscribing is asynchronous: wait until the server holds the subscription.
    await client.call('session.hello');
    t.sim.control.open({ kind: 'settings', at: { x: 300, y: 300 } });
    const event = await opened;
    expect(event.type).toBe('window.opened');
  });

  it('fills the gaps of a stalled reader from the replay log, losing nothing', async () => {
    const { t, client } = await setup({ ws: { sendQueueBytes: 262_144 } });
    const { seqs, until, stop } = collect(
      client.events({ types: ['property.changed', 'text.changed'] }),
    );
    await client.call('session.hello');
    const first = t.cache.events.seq + 1;
    const tcp = socketOf(client);
    tcp.pause();
    // text.changed events carry at most 1,000 inserted characters: many of them, ~6 MB in all.
    const last = await churn(t, 6_000, 1_000);
    tcp.resume();
    const expected = logged(t, first - 1, ['property.changed', 'text.changed']);
    expect(expected.at(-1)).toBe(last);
    await until(last);
    stop();
    expect(client.stats.gapsFilled).toBeGreaterThan(0);
    expect(seqs).toEqual(expected);
  });

  it('resumes with since after a reconnect, in order and without holes', async () => {
    const { t, client } = await setup();
    const { seqs, until, stop } = collect(client.events());
    await client.call('session.hello');
    const first = t.cache.events.seq + 1;
    await churn(t, 5, 10);
    const reopened = firstValueFrom(
      client.state$.pipe(
        filter((s) => s === 'reconnecting'),
        take(1),
        switchMap(() =>
          client.state$.pipe(
            filter((s) => s === 'open'),
            take(1),
          ),
        ),
        timeout(10_000),
      ),
    );
    client.dropConnection();
    // These happen while the client is away.
    const last = await churn(t, 10, 10);
    await reopened;
    await until(last);
    stop();
    expect(client.stats.reconnects).toBe(1);
    expect(seqs).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
  });
});

describe('tree()', () => {
  it('mirrors a window exactly after random activity', async () => {
    const { t, client } = await setup();
    const win = (await client.call('windows.list')).windows.find((w) => w.title.includes('Editor'));
    if (win === undefined) throw new Error('no editor window');
    let latest: MirroredTree | undefined;
    let updates = 0;
    const sub = client.tree({ window: win.ref }).subscribe((m) => {
      latest = m;
      updates++;
    });
    const menus = ['editor.menu.file', 'editor.menu.edit', 'editor.menu.help'];
    // Several seeded rounds; the mirror must equal the cache after each.
    for (const seed of [7, 11, 23]) {
      const rand = prng(seed);
      for (let i = 0; i < 25; i++) await randomAction(client, rand, menus);
      await settle(t, win.element);
      await client.call('session.hello');
      expect(latest?.nodes, `after seed ${seed}`).toEqual(t.cache.subtree(win.element).nodes);
    }
    sub.unsubscribe();
    expect(updates).toBeGreaterThan(10);
    expect(latest?.tree?.ref).toBe(win.element);
  });

  it('rebuilds a mirror after tree.resync when its reader stalled past the cap', async () => {
    const { t, client } = await setup({ ws: { sendQueueBytes: 65_536 } });
    const win = (await client.call('windows.list')).windows.find((w) => w.title.includes('Editor'));
    if (win === undefined) throw new Error('no editor window');
    const mirrors = new Subject<MirroredTree>();
    let latest: MirroredTree | undefined;
    const sub = client.tree({ window: win.ref }).subscribe((m) => {
      latest = m;
      mirrors.next(m);
    });
    await client.call('session.hello');
    const tcp = socketOf(client);
    tcp.pause();
    await churn(t, 1500, 4_000);
    // The first copy emitted after the resync is the rebuilt mirror.
    const rebuilt = firstValueFrom(
      mirrors.pipe(
        filter(() => client.stats.resyncs > 0),
        timeout(20_000),
      ),
    );
    tcp.resume();
    await rebuilt;
    await settle(t, win.element);
    await client.call('session.hello');
    sub.unsubscribe();
    expect(client.stats.resyncs).toBeGreaterThanOrEqual(1);
    expect(latest?.nodes).toEqual(t.cache.subtree(win.element).nodes);
  });

  it('mirrors the desktop to a depth as apps open and close', async () => {
    const { t, client } = await setup();
    let latest: MirroredTree | undefined;
    const sub = client.tree({ depth: 2 }).subscribe((m) => (latest = m));
    await client.call('session.hello');
    const { pid } = t.sim.control.open({ kind: 'settings', at: { x: 200, y: 200 } });
    t.sim.control.open({ kind: 'editor', at: { x: 100, y: 100 }, text: 'second' });
    await t.sim.control.quiet();
    t.sim.control.close(pid);
    const root = t.cache.tree({ depth: 0 }).tree.ref;
    await settle(t, root);
    await client.call('session.hello');
    sub.unsubscribe();
    expect(latest?.nodes).toEqual(t.cache.subtree(root, 2).nodes);
  });
});

async function randomAction(
  client: UistreamClient,
  rand: () => number,
  menus: string[],
): Promise<void> {
  const pick = rand();
  const menu = menus[Math.floor(rand() * menus.length)] as string;
  const common = { settleMs: 10 };
  try {
    if (pick < 0.35) {
      const op = rand() < 0.6 ? 'expand' : 'collapse';
      await client.call('actions.invoke', {
        ...common,
        target: { automationId: menu },
        pattern: 'ExpandCollapse',
        op,
      });
    } else if (pick < 0.7) {
      const value = `text ${Math.floor(rand() * 1e6)}`;
      await client.call('actions.setValue', {
        ...common,
        target: { automationId: 'editor.text' },
        value,
      });
    } else {
      await client.call('actions.type', {
        ...common,
        target: { automationId: 'editor.text' },
        text: 'ab',
      });
    }
  } catch (err) {
    // A collapse of a closed menu and the like are refused with typed errors; that is fine here.
    if (!(err instanceof UistreamError)) throw err;
  }
}

/** Wait for the sim to deliver everything and the cache to re-read the subtree. */
async function settle(t: TestServer, ref: string): Promise<void> {
  await t.sim.control.quiet();
  await t.cache.refresh(ref, AbortSignal.timeout(5_000));
}

function socketOf(client: UistreamClient): { pause(): void; resume(): void } {
  const conn = (
    client as unknown as {
      conn: { socket: { raw: { _socket: { pause(): void; resume(): void } } } };
    }
  ).conn;
  return conn.socket.raw._socket;
}

/** Every seq the server's log holds after `after` for these types. */
function logged(t: TestServer, after: number, types: UiEvent['type'][]): number[] {
  const out: number[] = [];
  let cursor = after;
  for (;;) {
    const page = t.cache.events.read({ types, after: cursor, limit: 1000 });
    out.push(...page.events.map((e) => e.seq));
    if (!page.hasMore) return out;
    cursor = page.cursor;
  }
}

/** Subscribe once; collect seqs and let the test wait until one at or past `last` arrived. */
function collect(stream: Observable<UiEvent>): {
  seqs: number[];
  until: (last: number) => Promise<void>;
  stop: () => void;
} {
  const seqs: number[] = [];
  const seen = new Subject<number>();
  const sub = stream.subscribe({
    next: (e) => {
      seqs.push(e.seq);
      seen.next(e.seq);
    },
    error: (err: unknown) => seen.error(err),
  });
  return {
    seqs,
    until: async (last) => {
      if (seqs.some((s) => s >= last)) return;
      await firstValueFrom(
        seen.pipe(
          filter((s) => s >= last),
          timeout(20_000),
        ),
      );
    },
    stop: () => sub.unsubscribe(),
  };
}
