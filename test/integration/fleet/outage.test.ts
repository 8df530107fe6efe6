/**
 * Failures around the fleet on a real nats-server: the server killed and restarted mid-stream
 * (nodes keep serving locally, reconnect, and a durable consumer sees every event of a node
 * whose buffer held, and a reported gap for a node whose buffer overflowed); a node process
 * killed after a server restart (a peer marks it gone, its events stay in the stream);
 * credentials required.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kvm } from '@nats-io/kv';
import { createUser } from '@nats-io/nkeys';
import { ReplaySubject, firstValueFrom, filter, map, scan, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { fleet } from '../../../clients/typescript/fleet.js';
import type { FleetItem } from '../../../clients/typescript/fleet-events.js';
import { FLEET_BUCKET, NodeStatus } from '../../../protocol/src/index.js';
import { createApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { startFleet } from '../../../src/fleet/index.js';
import {
  connectConsumer,
  startNats,
  startNode,
  type NatsServer,
  type TestNode,
} from './harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function natsServer(extra = ''): Promise<NatsServer> {
  const server = await startNats(extra);
  cleanup.push(() => server.stop());
  return server;
}

async function node(name: string, url: string, overrides = {}): Promise<TestNode> {
  const n = await startNode(name, url, overrides);
  cleanup.push(() => n.stop());
  return n;
}

/** Items per node seen so far: seqs of events and gaps. */
interface Seen {
  seqs: Map<string, number[]>;
  gaps: Extract<FleetItem, { kind: 'gap' }>[];
}

function record(seen: Seen, item: FleetItem): Seen {
  if (item.kind === 'gap') seen.gaps.push(item);
  else seen.seqs.set(item.node, [...(seen.seqs.get(item.node) ?? []), item.event.seq]);
  return seen;
}

describe('fleet outages', () => {
  it('keeps serving while NATS is down, then delivers without loss or with a reported gap', async () => {
    const nats = await natsServer();
    const held = await node('held', nats.url);
    const small = await node('small', nats.url, { cache: { eventReplay: 100 } });
    const nc = await connectConsumer(nats.url);
    cleanup.push(() => nc.close());
    const items = new ReplaySubject<FleetItem>();
    const sub = fleet(nc).events({ durable: 'outage-test', from: 'all' }).subscribe(items);
    cleanup.push(() => Promise.resolve(sub.unsubscribe()));
    // The durable consumer is in place and delivering before the outage.
    await firstValueFrom(
      items.pipe(
        filter((i) => i.node === 'held'),
        timeout(20_000),
      ),
    );

    await nats.kill();
    // Everything made before the kill may have reached the stream (a batch is confirmed a
    // while after it is sent); nothing made after it can have.
    const madeBeforeKill = small.app.cache.events.seq;
    // While NATS is away both nodes work locally and their logs grow.
    held.sim.control.open({ kind: 'editor' });
    await held.sim.control.quiet();
    // Open windows until the 100-event ring has moved past what can have reached the stream.
    for (let i = 0; i < 300 && small.app.cache.events.oldestSeq <= madeBeforeKill + 1; i++) {
      const opened = firstValueFrom(small.app.cache.events.events$.pipe(timeout(5_000)));
      small.sim.control.open({ kind: 'settings' });
      await opened;
    }
    expect(small.app.cache.events.oldestSeq).toBeGreaterThan(madeBeforeKill + 1);
    const windows = await held.app.handlers['windows.list'](
      { includeMinimized: false },
      { clientId: 'local', signal: AbortSignal.timeout(5_000) },
    );
    expect(windows.windows.length).toBeGreaterThan(0);
    await small.sim.control.quiet();
    await nats.restart();

    // Events made after this point (a window settling) may follow: the checks stop here.
    const heldLast = held.app.cache.events.seq;
    const smallLast = small.app.cache.events.seq;
    const reached = (seqs: number[] | undefined, last: number): boolean =>
      (seqs?.[seqs.length - 1] ?? 0) >= last;
    const upTo = (seqs: number[] | undefined, last: number): number[] =>
      (seqs ?? []).filter((seq) => seq <= last);
    const seen = await firstValueFrom(
      items.pipe(
        scan(record, { seqs: new Map(), gaps: [] } as Seen),
        filter(
          (s) => reached(s.seqs.get('held'), heldLast) && reached(s.seqs.get('small'), smallLast),
        ),
        timeout(30_000),
      ),
    );
    // In order, each once: the stream never holds a later seq of a node before an earlier one.
    expect(upTo(seen.seqs.get('held'), heldLast)).toEqual(
      Array.from({ length: heldLast }, (_, i) => i + 1),
    );
    const overflow = seen.gaps.filter((g) => g.node === 'small');
    expect(overflow.map((g) => g.reason)).toEqual(['buffer_overflow']);
    // Every seq of `small` is either delivered or inside the reported gap, once.
    const gap = overflow[0] as Extract<FleetItem, { kind: 'gap' }>;
    const delivered = upTo(seen.seqs.get('small'), smallLast);
    expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
    const covered = [
      ...delivered,
      ...Array.from({ length: gap.to - gap.from + 1 }, (_, i) => gap.from + i),
    ];
    expect(covered.sort((a, b) => a - b)).toEqual(
      Array.from({ length: smallLast }, (_, i) => i + 1),
    );
    expect(small.fleet.stats().lost).toBe(gap.to - gap.from + 1);
    expect(held.fleet.stats().reconnects).toBeGreaterThan(0);
  }, 90_000);

  it('marks a killed node gone and keeps its events', async () => {
    const nats = await natsServer();
    const watcher = await node('watcher', nats.url);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'serve',
        '--backend',
        'sim',
        '--port',
        '0',
        '--no-auth',
        '--quiet',
        '--nats',
        nats.url,
        '--node',
        'victim',
        '--nats-heartbeat',
        '300',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanup.push(() => Promise.resolve(void child.kill('SIGKILL')));
    const nc = await connectConsumer(nats.url);
    cleanup.push(() => nc.close());
    const kv = await new Kvm(nc).create(FLEET_BUCKET);
    // Each status the bucket held for the victim, numbered in the order seen.
    const states = new ReplaySubject<{ n: number; status: NodeStatus }>();
    let seen = 0;
    const watch = await kv.watch({ key: 'victim' });
    void (async () => {
      for await (const e of watch)
        if (e.operation === 'PUT') states.next({ n: ++seen, status: NodeStatus.parse(e.json()) });
    })();
    const stateOf = (wanted: (s: NodeStatus) => boolean, after = 0): Promise<NodeStatus> =>
      firstValueFrom(
        states.pipe(
          filter((s) => s.n > after && wanted(s.status)),
          map((s) => s.status),
          timeout(60_000),
        ),
      );
    // Up, with some events already in the stream.
    const up = await stateOf((s) => s.state === 'up' && s.published > 0);
    expect(up.backend).toBe('sim');
    // The server restarts first: the watcher's view of the bucket has to outlive it.
    await nats.kill();
    await nats.restart();
    await stateOf((s) => s.state === 'up', seen);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    const gone = await stateOf((s) => s.state === 'gone', seen);
    expect(gone.goneReason).toBe('stale');
    watch.stop();
    expect(watcher.fleet.stats().connected).toBe(true);
    const kept = await firstValueFrom(
      fleet(nc)
        .events({ nodes: ['victim'], from: 'all' })
        .pipe(timeout(20_000)),
    );
    expect(kept.node).toBe('victim');
  }, 150_000);

  it('requires credentials when the server is configured with them', async () => {
    const user = createUser();
    mkdirSync(join(process.cwd(), '.tmp'), { recursive: true });
    const seedFile = join(process.cwd(), '.tmp', `fleet-seed-${process.pid}`);
    const passFile = join(process.cwd(), '.tmp', `fleet-pass-${process.pid}`);
    writeFileSync(seedFile, new TextDecoder().decode(user.getSeed()), { mode: 0o600 });
    writeFileSync(passFile, 'operator:s3cret-pass\n', { mode: 0o600 });
    const nats = await natsServer(
      `authorization { users = [ { nkey: "${user.getPublicKey()}" }, { user: "operator", password: "s3cret-pass" } ] }\n`,
    );
    const app = await createApp(
      loadConfig({ backend: 'sim', port: 0, fleet: { url: nats.url, node: 'anon' } }),
    );
    cleanup.push(() => app.stop());
    const refused = await startFleet(app, () => undefined).then(
      () => null,
      (err: unknown) => err as { code?: string },
    );
    expect(refused?.code).toBe('unauthorized');
    await node('by-nkey', nats.url, { fleet: { credsFile: seedFile } });
    await node('by-password', nats.url, { fleet: { credsFile: passFile } });
    const nc = await connectConsumer(nats.url, { user: 'operator', pass: 's3cret-pass' });
    cleanup.push(() => nc.close());
    const listed = await fleet(nc).nodes();
    expect(listed.map((n) => n.node)).toEqual(['by-nkey', 'by-password']);
  }, 60_000);
});
