/**
 * Three sim nodes and one consumer on a real nats-server: presence in the bucket, every
 * node's events in the stream with per-node gapless seqs, method calls through NATS with the
 * same validation, read-only, deny-app and rate limits as the other transports, the micro
 * service discovery, and window tree patches on demand.
 */
import { Svcm } from '@nats-io/services';
import type { NatsConnection } from '@nats-io/transport-node';
import { firstValueFrom, filter, take, toArray, timeout } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleet, type FleetClient } from '../../../clients/typescript/fleet.js';
import type { FleetCursor, FleetItem } from '../../../clients/typescript/fleet-events.js';
import { UistreamError } from '../../../clients/typescript/errors.js';
import { fleetSubjects } from '../../../protocol/src/index.js';
import {
  connectConsumer,
  startNats,
  startNode,
  type NatsServer,
  type TestNode,
} from './harness.js';

let nats: NatsServer;
let nodes: TestNode[];
let nc: NatsConnection;
let client: FleetClient;

beforeAll(async () => {
  nats = await startNats();
  nodes = [
    await startNode('n1', nats.url),
    await startNode('n2', nats.url, { readOnly: true }),
    await startNode('n3', nats.url, {
      executor: { denyApps: ['settings'] },
      ws: { requestsPerSecond: 5 },
    }),
  ];
  nc = await connectConsumer(nats.url);
  client = fleet(nc, { clientId: 'test-controller' });
}, 60_000);

afterAll(async () => {
  await nc?.drain();
  for (const n of nodes ?? []) await n.stop();
  await nats?.stop();
});

async function rejection(p: Promise<unknown>): Promise<UistreamError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UistreamError);
  return err as UistreamError;
}

describe('fleet of three sim nodes', () => {
  it('lists every node as up with its status', async () => {
    const listed = await client.nodes();
    expect(listed.map((n) => [n.node, n.state])).toEqual([
      ['n1', 'up'],
      ['n2', 'up'],
      ['n3', 'up'],
    ]);
    const n1 = listed[0];
    expect(n1?.backend).toBe('sim');
    expect(n1?.windows).toBe(nodes[0]?.app.cache.stats().windows);
  });

  it('delivers every node’s events with gapless per-node seqs', async () => {
    const before = new Map(nodes.map((n) => [n.name, n.app.cache.events.seq]));
    const opened = firstValueFrom(
      client.events({ from: 'all', types: ['window.opened'] }).pipe(
        filter((i): i is Extract<FleetItem, { kind: 'event' }> => i.kind === 'event'),
        filter((i) => i.event.seq > (before.get(i.node) ?? 0)),
        take(3),
        toArray(),
        timeout(20_000),
      ),
    );
    for (const n of nodes) n.sim.control.open({ kind: 'editor' });
    const got = await opened;
    expect(got.map((i) => i.node).sort()).toEqual(['n1', 'n2', 'n3']);
    // Every event of n1 up to the newest, in order, none missing.
    const n1 = nodes[0] as TestNode;
    const last = n1.app.cache.events.seq;
    const seqs = await firstValueFrom(
      client.events({ from: 'all', nodes: ['n1'] }).pipe(
        filter((i) => i.kind === 'event'),
        take(last),
        toArray(),
        timeout(20_000),
      ),
    );
    expect(seqs.map((i) => (i.kind === 'event' ? i.event.seq : -1))).toEqual(
      Array.from({ length: last }, (_, k) => k + 1),
    );
  });

  it('resumes from a stored per-node cursor with no loss and no repeat', async () => {
    const n2 = nodes[1] as TestNode;
    const stored = await firstValueFrom(
      client.events({ from: 'all', nodes: ['n2'] }).pipe(
        filter((i) => i.kind === 'event'),
        take(n2.app.cache.events.seq),
        toArray(),
        timeout(20_000),
      ),
    );
    const cursor = stored[stored.length - 1]?.cursor as FleetCursor;
    // The reader is gone; the node goes on.
    n2.sim.control.open({ kind: 'settings' });
    await n2.sim.control.quiet();
    const newest = n2.app.cache.events.seq;
    expect(newest).toBeGreaterThan(cursor.seq);
    const resumed = await firstValueFrom(
      client
        .events({ nodes: ['n2'], cursors: { n2: cursor } })
        .pipe(take(newest - cursor.seq), toArray(), timeout(20_000)),
    );
    expect(resumed.map((i) => (i.kind === 'event' ? i.event.seq : -1))).toEqual(
      Array.from({ length: newest - cursor.seq }, (_, k) => cursor.seq + 1 + k),
    );
  });

  it('serves the method table: results equal the local handler’s', async () => {
    const n1 = nodes[0] as TestNode;
    const remote = await client.call('n1', 'windows.list');
    const local = await n1.app.handlers['windows.list'](
      { includeMinimized: false },
      {
        clientId: 'local',
        signal: new AbortController().signal,
      },
    );
    expect(remote.windows.map((w) => w.ref)).toEqual(local.windows.map((w) => w.ref));
  });

  it('runs an action through NATS and the effect is seen', async () => {
    const { windows } = await client.call('n1', 'windows.list');
    const editor = windows.find((w) => w.app === 'editor');
    const target = { window: editor?.ref, automationId: 'editor.text' };
    await client.call('n1', 'actions.setValue', { target, value: 'typed over NATS' });
    const found = await client.call('n1', 'elements.find', { ...target });
    const ref = (found as { elements: { ref: string }[] }).elements[0]?.ref;
    const text = await client.call('n1', 'elements.text', { ref });
    expect(JSON.stringify(text)).toContain('typed over NATS');
  });

  it('refuses bad params, read-only, denied apps, unknown nodes and floods', async () => {
    expect((await rejection(client.call('n1', 'elements.get', { ref: 5 } as never))).code).toBe(
      'invalid_params',
    );
    const { windows } = await client.call('n2', 'windows.list');
    const target = { window: windows[0]?.ref, automationId: 'editor.text' };
    const readOnly = client.call('n2', 'actions.setValue', { target, value: 'x' });
    expect((await rejection(readOnly)).code).toBe('read_only');
    const settings = (await client.call('n3', 'windows.list')).windows.find(
      (w) => w.app === 'settings',
    );
    const denied = client.call('n3', 'actions.focus', {
      target: { window: settings?.ref, automationId: 'settings.notifications' },
    });
    expect((await rejection(denied)).code).toBe('forbidden_target');
    expect((await rejection(client.call('nobody', 'windows.list'))).code).toBe(
      'backend_unavailable',
    );
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, () => client.call('n3', 'focus.get')),
    );
    const limited = burst.filter(
      (r) => r.status === 'rejected' && (r.reason as UistreamError).code === 'rate_limited',
    );
    expect(limited.length).toBeGreaterThan(0);
  });

  it('is discoverable with the NATS micro protocol, one instance per node', async () => {
    const infos = [];
    for await (const info of await new Svcm(nc).client().info('uistream')) infos.push(info);
    expect(infos.map((i) => i.metadata?.node).sort()).toEqual(['n1', 'n2', 'n3']);
    const subjects = infos.find((i) => i.metadata?.node === 'n1')?.endpoints.map((e) => e.subject);
    expect(subjects).toContain(fleetSubjects.rpc('n1', 'windows.list'));
    expect(subjects).toContain(fleetSubjects.rpc('n1', 'actions.click'));
    expect(subjects).not.toContain(fleetSubjects.rpc('n1', 'events.subscribe'));
  });
});
