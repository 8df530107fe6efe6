/**
 * Sim nodes composed the way the CLI does (createApp + startFleet) on a real nats-server
 * (scripts/harness/nats.ts, shared with the fleet bench).
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createApp, type App } from '../../../src/app.js';
import type { SimBackend } from '../../../src/backends/sim/index.js';
import { loadConfig, type ConfigInput } from '../../../src/config.js';
import { startFleet, type Fleet } from '../../../src/fleet/index.js';

export { NATS_SERVER, startNats, type NatsServer } from '../../../scripts/harness/nats.js';

export interface TestNode {
  name: string;
  app: App;
  sim: SimBackend;
  fleet: Fleet;
  stop(): Promise<void>;
}

/** A sim node joined to the fleet at `url` (fast heartbeats so tests stay short). */
export async function startNode(
  name: string,
  url: string,
  overrides: ConfigInput = {},
): Promise<TestNode> {
  const config = loadConfig({
    backend: 'sim',
    port: 0,
    ...overrides,
    fleet: {
      url,
      node: name,
      heartbeatMs: 200,
      goneAfterMs: 1_500,
      streamMaxBytes: 64 * 1024 * 1024,
      ...overrides.fleet,
    },
  });
  const app = await createApp(config);
  const fleet = await startFleet(app, () => undefined);
  return {
    name,
    app,
    sim: app.platform as SimBackend,
    fleet,
    stop: async () => {
      await fleet.stop();
      await app.stop();
    },
  };
}

export async function connectConsumer(url: string, options = {}): Promise<NatsConnection> {
  return await connect({
    servers: url,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    ...options,
  });
}
