/**
 * Window tree patches over the fleet, on a real nats-server: a controller asks a node for a
 * window's tree, mirrors the first copy, applies the `tree.patch` notifications that follow on
 * the window's subject, and ends with exactly the node's own cached subtree after an action
 * made through NATS. Bad watch requests get typed errors and the node carries on.
 */
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { ReplaySubject, filter, firstValueFrom, map, scan, timeout } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleet, type FleetClient } from '../../../clients/typescript/fleet.js';
import type { ElementNode, Patch } from '../../../protocol/src/index.js';
import { fleetSubjects } from '../../../protocol/src/index.js';
import { PatchMirror } from '../../../protocol/src/mirror.js';
import {
  connectConsumer,
  startNats,
  startNode,
  type NatsServer,
  type TestNode,
} from './harness.js';

let nats: NatsServer;
let node: TestNode;
let nc: NatsConnection;
let client: FleetClient;

beforeAll(async () => {
  nats = await startNats();
  node = await startNode('tree-node', nats.url);
  nc = await connectConsumer(nats.url);
  client = fleet(nc, { clientId: 'tree-test' });
}, 60_000);

afterAll(async () => {
  await nc?.drain();
  await node?.stop();
  await nats?.stop();
});

interface Frame {
  method: string;
  params: { subscription: string; revision?: number; patches?: Patch[]; reason?: string };
}

/** Every frame published on a subject, from now on, replayed to late readers. */
function frames(sub: Subscription): ReplaySubject<Frame> {
  const out = new ReplaySubject<Frame>();
  void (async () => {
    for await (const m of sub) out.next(m.json<Frame>());
  })();
  return out;
}

async function watch(body: unknown): Promise<{ msg: Msg; reply: Record<string, unknown> }> {
  const msg = await nc.request(
    fleetSubjects.treeWatch(node.name),
    new TextEncoder().encode(JSON.stringify(body)),
    { timeout: 10_000 },
  );
  return { msg, reply: msg.json<Record<string, unknown>>() };
}

async function editorWindow(): Promise<string> {
  const { windows } = await client.call(node.name, 'windows.list');
  const editor = windows.find((w) => w.app === 'editor');
  if (editor === undefined) throw new Error('the sim desktop has no editor window');
  return editor.ref;
}

describe('window tree patches over the fleet', () => {
  it('mirrors a window from its first copy and patches to the node’s own subtree', async () => {
    const window = await editorWindow();
    // Listen before asking: patches may follow the answer at once.
    const sub = nc.subscribe(fleetSubjects.tree(node.name, window));
    const seen = frames(sub);
    const { reply } = await watch({ window, leaseMs: 60_000 });
    const first = reply.result as {
      subject: string;
      root: string;
      revision: number;
      nodes: ElementNode[];
    };
    expect(first.subject).toBe(fleetSubjects.tree(node.name, window));
    expect(first.nodes.length).toBeGreaterThan(1);
    const mirror = new PatchMirror(first.root, first.nodes, first.revision);

    const text = 'typed for the tree over NATS';
    await client.call(node.name, 'actions.setValue', {
      target: { window, automationId: 'editor.text' },
      value: text,
    });
    await node.sim.control.quiet();
    const local = (): ElementNode[] => node.app.cache.subtree(first.root).nodes;
    const applied = await firstValueFrom(
      seen.pipe(
        filter((f) => f.method === 'tree.patch' || f.method === 'tree.resync'),
        scan((count, f) => {
          if (f.method === 'tree.resync') throw new Error(`resync: ${f.params.reason}`);
          mirror.apply(f.params.patches ?? [], f.params.revision);
          return count + 1;
        }, 0),
        map((count) => ({
          count,
          same: JSON.stringify(mirror.list()) === JSON.stringify(local()),
        })),
        filter((s) => s.same),
        timeout(20_000),
      ),
    );
    expect(applied.count).toBeGreaterThan(0);
    expect(mirror.list()).toEqual(local());
    expect(JSON.stringify(mirror.list())).toContain(text);
    expect(mirror.revision).toBe(node.app.cache.revision);

    // Asking again while the lease runs only renews it: no second copy, same subject.
    const again = await watch({ window });
    expect(again.reply.result).toEqual({ subject: first.subject, renewed: true });
    sub.unsubscribe();
  });

  it.each([
    ['a window that is not a subject token', { window: 'w1.>' }],
    ['a lease under a second', { window: 'w1', leaseMs: 10 }],
    ['an unknown key', { window: 'w1', depth: 3 }],
    ['no window', {}],
  ])('refuses %s with invalid_params', async (_what, body) => {
    const { msg, reply } = await watch(body);
    expect((reply.error as { code?: string } | undefined)?.code).toBe('invalid_params');
    expect(msg.headers?.get('Nats-Service-Error-Code')).toBe('400');
  });

  it('answers a body that is not JSON with invalid_params, and keeps serving', async () => {
    const msg = await nc.request(
      fleetSubjects.treeWatch(node.name),
      new TextEncoder().encode('{'),
      {
        timeout: 10_000,
      },
    );
    expect(msg.json<{ error: { code: string } }>().error.code).toBe('invalid_params');
    const { windows } = await client.call(node.name, 'windows.list');
    expect(windows.length).toBeGreaterThan(0);
  });
});
