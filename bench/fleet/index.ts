/**
 * Fleet benchmark (one JSON line): a real nats-server with JetStream on loopback and sim nodes
 * in their own processes, composed as `uistream serve --nats` composes them.
 * - 10 nodes at demo activity, one consumer of the whole fleet: event latency node -> consumer,
 *   against a plain NATS publisher's messages through the same server meanwhile.
 * - The same 10 nodes flooding events: sustained events/s into the stream.
 * - elements.get on one node through NATS against a direct WebSocket call: the added p50.
 * - One node process at demo activity with the bridge on and off in alternating windows: the
 *   bridge's CPU as a share of one core.
 * - The publisher alone, replaying thousands of demo events: the bridge's CPU per event.
 * - That node while the NATS server is down and events keep coming: memory stays bounded,
 *   and on restart it reconnects, reports the gap and catches up.
 * Bounded in count and time; every process it starts is stopped at the end.
 */
import { loadavg } from 'node:os';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startNats, type NatsServer } from '../../scripts/harness/nats.js';
import { printLine } from '../lib/targets.js';
import {
  NODES_PER_PROCESS,
  PROCESSES,
  eventLatency,
  nodeName,
  rpcOverhead,
  throughput,
} from './fleet.js';
import { ControlPath } from './control.js';
import { OUTAGE_RING, bridgeCpu, outageMemory, publishCost } from './node.js';
import { HostProcess } from './process.js';

/** Large enough that a flood never outruns a node's ring while the bridge catches up. */
const FLOOD_RING = 400_000;
const FLOOD_RING_BYTES = 768 * 1024 * 1024;

/** Each phase's figures on stderr as it ends (stdout carries only the one line). */
function progress<T>(phase: string, figures: T): T {
  process.stderr.write(`fleet bench ${phase}: ${JSON.stringify(figures)}\n`);
  return figures;
}

async function fleetPhase(nats: NatsServer, nc: NatsConnection) {
  const hosts: HostProcess[] = [];
  try {
    for (let p = 0; p < PROCESSES; p++) {
      hosts.push(
        await HostProcess.start({
          nodes: Array.from({ length: NODES_PER_PROCESS }, (_, i) => nodeName(p, i)),
          natsUrl: nats.url,
          eventReplay: FLOOD_RING,
          eventReplayBytes: FLOOD_RING_BYTES,
          ws: p === 0,
        }),
      );
    }
    const control = await ControlPath.start(nats.url, nc);
    const latency = progress('latency', await eventLatency(nc, hosts, control));
    await control.stop();
    const rpc = progress('rpc', await rpcOverhead(nc, hosts[0] as HostProcess));
    const flood = progress('flood', await throughput(nc, hosts));
    return { latency, rpc, flood };
  } finally {
    for (const h of hosts) await h.stop();
  }
}

async function nodePhase(nats: NatsServer) {
  const hosts: HostProcess[] = [];
  try {
    const single = { eventReplay: OUTAGE_RING, ws: false, natsUrl: nats.url };
    const cpuNode = await HostProcess.start({ ...single, nodes: ['cpu-bridge'] });
    hosts.push(cpuNode);
    const cpu = progress('cpu', await bridgeCpu(cpuNode));
    const publish = progress('publish', await publishCost(nats.url));
    // A fresh process: the CPU phase left and rejoined the fleet sixteen times.
    const outageNode = await HostProcess.start({ ...single, nodes: ['outage'] });
    hosts.push(outageNode);
    const outage = progress('outage', await outageMemory(outageNode, nats));
    return { cpu, publish, outage };
  } finally {
    for (const h of hosts) await h.stop();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  // The machine is shared: the load around the run is part of its figures.
  const loadBefore = loadavg()[0] as number;
  const nats = await startNats();
  let nc: NatsConnection | null = null;
  try {
    nc = await connect({ servers: nats.url, name: 'fleet-bench-controller' });
    const { latency, rpc, flood } = await fleetPhase(nats, nc);
    await nc.drain();
    nc = null;
    const { cpu, publish, outage } = await nodePhase(nats);
    printLine('fleet', {
      latency,
      flood,
      rpc,
      cpu,
      publish,
      outage,
      natsServer: 'one local nats-server, JetStream file store, GOMAXPROCS=1',
      loadAverage1m: { before: loadBefore, after: loadavg()[0] },
      durationMs: Date.now() - started,
    });
  } finally {
    await nc?.close();
    await nats.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
