/**
 * Presence on a real nats-server while the bucket never goes quiet: peers keep writing, the
 * node keeps beating through every sweep, a peer that stopped is marked gone, and live peers
 * never are. (On nats-server 2.9 a sweep that read the bucket through a fresh consumer hung
 * for good under such writes, and the node's own heartbeats stopped with it.)
 */
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { ReplaySubject, firstValueFrom, filter, timeout } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { NodeStatus } from '../../../protocol/src/index.js';
import { Presence, statusOf } from '../../../src/fleet/presence.js';
import { openPresence } from '../../../src/fleet/setup.js';
import { connectConsumer, startNats } from './harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

const encoder = new TextEncoder();

function status(node: string): NodeStatus {
  return {
    node,
    state: 'up',
    epoch: 1,
    version: '0.0.0',
    backend: 'sim',
    backendStatus: 'ok',
    windows: 0,
    elements: 0,
    revision: 0,
    seq: 0,
    published: 0,
    lostEvents: 0,
    heartbeatMs: 100,
    startedAt: new Date().toISOString(),
    heartbeatAt: new Date().toISOString(),
  };
}

async function connected(url: string): Promise<{ nc: NatsConnection; kv: KV }> {
  const nc = await connectConsumer(url);
  cleanup.push(() => nc.close());
  return { nc, kv: await openPresence(nc) };
}

describe('fleet presence', () => {
  it('keeps beating and sweeping while peers write without pause', async () => {
    const nats = await startNats();
    cleanup.push(() => nats.stop());
    const peers = await connected(nats.url);
    const self = await connected(nats.url);
    await peers.kv.put('dead', encoder.encode(JSON.stringify(status('dead'))));

    const seen = new ReplaySubject<{ key: string; revision: number; state?: string }>();
    const watch = await peers.kv.watch({ key: '>' });
    cleanup.push(() => Promise.resolve(watch.stop()));
    void (async () => {
      for await (const e of watch)
        seen.next({ key: e.key, revision: e.revision, state: statusOf(e)?.state });
    })();

    const { state: _state, heartbeatAt: _at, ...fields } = status('self');
    const presence = new Presence(self.kv, {
      node: 'self',
      heartbeatMs: 100,
      goneAfterMs: 600,
      status: () => fields,
    });
    await presence.start();
    cleanup.push(() => presence.leave());

    // Three live peers written round-robin every 20 ms (load, ~6 s): the bucket is never
    // quiet for long, and the dead peer's entry ages past goneAfterMs many sweeps over.
    for (let i = 0; i < 300; i++) {
      await peers.kv.put(`live${i % 3}`, encoder.encode(JSON.stringify(status(`live${i % 3}`))));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Live peers stop here and will age out too: what was marked while they wrote is fixed now.
    const markedWhileBusy = [...presence.marked];
    expect(markedWhileBusy).toEqual(['dead']);
    const dead = await firstValueFrom(
      seen.pipe(
        filter((e) => e.key === 'dead' && e.state === 'gone'),
        timeout(15_000),
      ),
    );
    expect(dead.state).toBe('gone');
    // The node still beats after the busy spell: a put of its own newer than all of it.
    const lastPeerWrite = (await peers.kv.get('live2'))?.revision ?? 0;
    const beat = await firstValueFrom(
      seen.pipe(
        filter((e) => e.key === 'self' && e.revision > lastPeerWrite),
        timeout(15_000),
      ),
    );
    expect(beat.state).toBe('up');
  }, 60_000);
});
