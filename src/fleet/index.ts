/**
 * A node in a NATS fleet: another transport beside ws/ and mcp/. It publishes the event log to
 * JetStream, serves the method table as a NATS micro service and keeps its presence in the
 * fleet bucket. When NATS is unreachable the node goes on serving locally; the publisher
 * resumes from its cursor on reconnect (reporting a gap if the log's ring overflowed).
 */
import type { Service } from '@nats-io/services';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { App } from '../app.js';
import type { FleetConfig } from '../config.js';
import { SERVER_VERSION } from '../service/version.js';
import { connectNats, defaultNodeName } from './connect.js';
import { Presence } from './presence.js';
import { AckInbox } from './acks.js';
import {
  EventPublisher,
  noPublisherStats,
  type PublisherOptions,
  type PublisherStats,
} from './publisher.js';
import { startRpcService } from './rpc.js';
import { ensureStream, openPresence } from './setup.js';
import { TreeWatches } from './tree.js';

export interface FleetStats extends PublisherStats {
  node: string;
  epoch: number;
  connected: boolean;
  reconnects: number;
}

export interface Fleet {
  readonly node: string;
  /** Resolves once the node has joined (at once when NATS was reachable at start). */
  readonly joined: Promise<void>;
  stats(): FleetStats;
  /** Publish what is pending (bounded wait), mark the node gone, leave. Idempotent. */
  stop(): Promise<void>;
}

const ACK_TIMEOUT_MS = 5_000;
/** Bounds of one batch: well under NATS's default max_payload of 1 MiB. */
const MAX_BATCH_EVENTS = 2_000;
const MAX_BATCH_BYTES = 256 * 1024;
const STOP_DRAIN_MS = 2_000;

/** What a node's publisher runs with (the bench drives one alone with the same). */
export function publisherOptions(
  config: FleetConfig,
  node: string,
  epoch: number,
): PublisherOptions {
  return {
    node,
    epoch,
    window: config.publishWindow,
    ackTimeoutMs: ACK_TIMEOUT_MS,
    maxBatchEvents: MAX_BATCH_EVENTS,
    maxBatchBytes: MAX_BATCH_BYTES,
  };
}

interface Joined {
  nc: NatsConnection;
  acks: AckInbox;
  publisher: EventPublisher;
  service: Service;
  presence: Presence;
  trees: TreeWatches;
}

/** Join the fleet named in app.config.fleet (url must be set). */
export async function startFleet(app: App, log: (line: string) => void): Promise<Fleet> {
  const config = app.config.fleet;
  if (config.url === undefined) throw new Error('startFleet needs config.fleet.url');
  const node = config.node ?? defaultNodeName();
  const epoch = Date.now();
  const abort = new AbortController();
  const state = { connected: false, reconnects: 0, joined: null as Joined | null };
  let wake: () => void = () => undefined;

  const join = async (nc: NatsConnection): Promise<void> => {
    state.connected = true;
    void watchStatus(nc);
    await ensureStream(await jetstreamManager(nc), config);
    const kv = await openPresence(nc);
    const acks = new AckInbox(nc);
    const publisher = new EventPublisher(
      acks,
      app.cache.events,
      publisherOptions(config, node, epoch),
      () => retryPause(),
    );
    const service = await startRpcService({
      nc,
      node,
      version: SERVER_VERSION,
      handlers: app.handlers,
      config: app.config,
      signal: abort.signal,
    });
    const trees = new TreeWatches(nc, node, app);
    trees.register(service);
    const presence = new Presence(kv, {
      node,
      heartbeatMs: config.heartbeatMs,
      goneAfterMs: config.goneAfterMs,
      status: () => statusRecord(app, node, epoch, publisher, config.heartbeatMs),
    });
    state.joined = { nc, acks, publisher, service, presence, trees };
    publisher.start(app.config.cache.eventReplay);
    await presence.start();
  };

  const watchStatus = async (nc: NatsConnection): Promise<void> => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        state.connected = false;
        state.joined?.publisher.offlineNow();
      }
      if (s.type === 'reconnect') {
        state.connected = true;
        state.reconnects++;
        wake();
        state.joined?.publisher.online();
      }
    }
  };

  /** After a failed publish: wait for a reconnect, or a short pause if still connected. */
  const retryPause = (): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, state.connected ? 250 : 5_000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const first = await connectNats({
    url: config.url,
    credsFile: config.credsFile,
    name: `uistream-${node}`,
  });
  let joined: Promise<void>;
  if ('nc' in first) {
    await join(first.nc);
    joined = Promise.resolve();
  } else {
    log(`fleet: NATS unreachable (${first.reason}); serving locally, joining when it is up`);
    joined = first.pending.then(join);
    joined.catch((err: unknown) => log(`fleet: could not join: ${String(err)}`));
  }

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const j = state.joined;
      if (j === null) return;
      await j.publisher.drain(STOP_DRAIN_MS);
      j.publisher.stop();
      j.acks.close();
      j.trees.stop();
      abort.abort();
      await j.presence.leave().catch(() => undefined);
      await j.service.stop().catch(() => undefined);
      await j.nc.drain().catch(() => undefined);
    })());

  return {
    node,
    joined,
    stats: () => ({
      node,
      epoch,
      connected: state.connected,
      reconnects: state.reconnects,
      ...(state.joined?.publisher.stats() ?? noPublisherStats()),
    }),
    stop,
  };
}

function statusRecord(
  app: App,
  node: string,
  epoch: number,
  publisher: EventPublisher,
  heartbeatMs: number,
) {
  const stats = app.cache.stats();
  const published = publisher.stats();
  return {
    node,
    epoch,
    version: SERVER_VERSION,
    backend: app.backend.name,
    backendStatus: app.cache.status,
    windows: stats.windows,
    elements: stats.elements,
    revision: stats.revision,
    seq: app.cache.events.seq,
    published: published.published,
    lostEvents: published.lost,
    heartbeatMs,
    startedAt: new Date(epoch).toISOString(),
  };
}
