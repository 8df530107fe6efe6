/**
 * The soak's clients: raw JSON-RPC over WebSocket that count every answer by request id (so
 * a request answered twice, or never, is seen) and every notification, and the role loops a
 * mix of clients runs: reads, event subscriptions, tree subscriptions, and reconnects.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';

/** How long one request may wait for its answer before it counts as unanswered. */
const ANSWER_DEADLINE_MS = 30_000;

export interface Tally {
  sent: number;
  answered: number;
  /** Answers beyond the first for one id, and answers to ids never sent. */
  duplicates: number;
  errors: Record<string, number>;
  notifications: Record<string, number>;
}

export const emptyTally = (): Tally => ({
  sent: 0,
  answered: 0,
  duplicates: 0,
  errors: {},
  notifications: {},
});

/** How the server begins every notification frame (JSON keeps its keys' order). */
const NOTIFICATION = '{"jsonrpc":"2.0","method":"';

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export class SoakClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private readonly seen = new Set<number>();

  private constructor(
    private readonly socket: WebSocket,
    private readonly tally: Tally,
  ) {
    socket.on('message', (data: Buffer) => this.onFrame(data.toString('utf8')));
  }

  static open(url: string, token: string, tally: Tally): Promise<SoakClient> {
    const socket = new WebSocket(url, ['uistream.v1.json'], {
      headers: { authorization: `Bearer ${token}` },
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new SoakClient(socket, tally)));
      socket.once('error', reject);
    });
  }

  private onFrame(text: string): void {
    // Notifications are most frames (every event to every client): count them by method
    // without parsing their events.
    if (text.startsWith(NOTIFICATION)) {
      const end = text.indexOf('"', NOTIFICATION.length);
      bump(this.tally.notifications, text.slice(NOTIFICATION.length, end));
      return;
    }
    const msg = JSON.parse(text) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: { data?: { code?: string }; message?: string };
    };
    if (msg.id === undefined) {
      bump(this.tally.notifications, msg.method ?? 'unknown');
      return;
    }
    if (this.seen.has(msg.id) || msg.id >= this.nextId) {
      this.tally.duplicates++;
      return;
    }
    this.seen.add(msg.id);
    this.tally.answered++;
    if (msg.error !== undefined) bump(this.tally.errors, msg.error.data?.code ?? 'unknown');
    this.waiting.get(msg.id)?.(msg.error === undefined ? msg.result : undefined);
    this.waiting.delete(msg.id);
  }

  /** The result, or undefined on an error answer or when none came within the deadline. */
  call(method: string, params: unknown = {}): Promise<unknown> {
    const id = this.nextId++;
    this.tally.sent++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, ANSWER_DEADLINE_MS);
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

export type Role = 'reader' | 'events' | 'tree' | 'reconnect' | 'mixed';

/** `mixed`: every client subscribed, mixing reads and actions; `roles`: one kind each. */
export type Workload = 'mixed' | 'roles';

/** Client `index`'s role: one in ten reconnects, the rest split reads / events / tree. */
export function roleOf(index: number, workload: Workload = 'roles'): Role {
  if (workload === 'mixed') return 'mixed';
  if (index % 10 === 9) return 'reconnect';
  return (['reader', 'events', 'tree'] as const)[index % 3] as Role;
}

export interface RoleContext {
  url: string;
  token: string;
  tally: Tally;
  /** Pause between one client's requests. */
  paceMs: number;
  /** Subscriptions are dropped and taken again, and reconnecting clients reconnect, this often. */
  churnMs: number;
  stop: AbortSignal;
}

const READS: [string, object][] = [
  ['windows.list', {}],
  ['focus.get', {}],
  ['tree.snapshot', { maxElements: 200 }],
  ['elements.find', { name: 'e', maxResults: 20 }],
  ['tree.get', { depth: 4 }],
];

/**
 * What a mixed client does: cached reads, and one action in four on the demo's windows (the
 * demo changes them meanwhile, so some actions answer a typed error: they count as answered).
 */
const MIXED: [string, object][] = [
  ['windows.list', {}],
  ['elements.find', { automationId: 'settings.notifications' }],
  ['actions.invoke', { target: { automationId: 'settings.notifications' }, pattern: 'Toggle' }],
  ['tree.snapshot', { maxElements: 100 }],
  ['focus.get', {}],
  ['actions.setValue', { target: { automationId: 'editor.text' }, value: 'soak' }],
  ['elements.find', { name: 'e', maxResults: 10 }],
  ['actions.scroll', { target: { automationId: 'grid.table' }, direction: 'down', amount: 1 }],
];

/** Wait `ms` or until the run stops; false once it has stopped. */
const pause = (ms: number, stop: AbortSignal): Promise<boolean> =>
  sleep(ms, undefined, { signal: stop }).then(
    () => true,
    () => false,
  );

async function subscribe(client: SoakClient, role: Role, since?: number): Promise<string | null> {
  const method = role === 'events' ? 'events.subscribe' : 'tree.subscribe';
  const params = role === 'events' ? (since === undefined ? {} : { since }) : { depth: 16 };
  const result = (await client.call(method, params)) as { subscription?: string } | undefined;
  return result?.subscription ?? null;
}

/** One client's life: its role's requests, paced, every one awaited, until the run stops. */
export async function runRole(role: Role, index: number, ctx: RoleContext): Promise<void> {
  let client = await SoakClient.open(ctx.url, ctx.token, ctx.tally);
  if (role === 'mixed') return runMixed(client, index, ctx);
  let subscription = role === 'events' || role === 'tree' ? await subscribe(client, role) : null;
  let churnAt = Date.now() + ctx.churnMs + (index % 10) * (ctx.churnMs / 10);
  let cursor: number | undefined;
  for (let i = index; await pause(ctx.paceMs, ctx.stop); i++) {
    if (Date.now() >= churnAt) {
      churnAt = Date.now() + ctx.churnMs;
      if (role === 'reconnect') {
        await client.close();
        client = await SoakClient.open(ctx.url, ctx.token, ctx.tally);
      } else if (subscription !== null) {
        const method = role === 'events' ? 'events.unsubscribe' : 'tree.unsubscribe';
        await client.call(method, { subscription });
        // Resume from the cursor (a replay); once it has expired, from now.
        subscription = (await subscribe(client, role, cursor)) ?? (await subscribe(client, role));
      }
      continue;
    }
    if (role === 'events') {
      const read = (await client.call('events.read', {
        ...(cursor === undefined ? {} : { after: cursor }),
        limit: 50,
      })) as { cursor?: number } | undefined;
      // An error answer (cursor_expired after a long pause) restarts reading from now.
      cursor = read?.cursor;
      continue;
    }
    const [method, params] = READS[i % READS.length] as [string, object];
    await client.call(method, params);
  }
  await client.close();
}

/** A client subscribed to every event, mixing cached reads with actions until the run stops. */
async function runMixed(client: SoakClient, index: number, ctx: RoleContext): Promise<void> {
  await subscribe(client, 'events');
  for (let i = index; await pause(ctx.paceMs, ctx.stop); i++) {
    const [method, params] = MIXED[i % MIXED.length] as [string, object];
    await client.call(method, params);
  }
  await client.close();
}
