/**
 * A method added to a registry, with nothing but its implementation beside it, is validated,
 * gated by the access policy and offered on every transport: the WebSocket endpoint, the MCP
 * tool list (and calls), and the fleet's NATS micro service. Real sockets, a real nats-server.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createRegistry,
  defineMethod,
  fleetSubjects,
  methods,
} from '../../../protocol/src/index.js';
import { composeServices } from '../../../src/app.js';
import { createSimBackend } from '../../../src/backends/sim/index.js';
import { loadConfig } from '../../../src/config.js';
import { startRpcService, rpcMethods } from '../../../src/fleet/rpc.js';
import { mountMcp } from '../../../src/mcp/index.js';
import { startServer } from '../../../src/server/index.js';
import { call, connectHttp } from '../mcp/harness.js';
import { connectConsumer, startNats, type NatsServer } from '../fleet/harness.js';
import { RawClient, QUIET_SCENE } from '../ws/harness.js';

const TOKEN = 'new-method-token-0123456789abcdef';

/** The fixture: a method that changes the desktop (so read-only refuses it), with a tool. */
const probeNudge = defineMethod({
  name: 'probe.nudge',
  kind: 'act',
  summary: 'Nudge the probe by a step (a test fixture).',
  mcp: { tool: 'ui_probe_nudge' },
  params: z.object({ step: z.number().int().min(1) }),
  result: z.object({ nudged: z.number().int() }),
});
const registry = createRegistry([...methods, probeNudge]);
const extra = { 'probe.nudge': ({ step }: { step: number }) => ({ nudged: step }) };

interface Stack {
  wsUrl: string;
  mcp: Client;
  nc: NatsConnection;
  fleetMethods: string[];
  close(): Promise<void>;
}

let nats: NatsServer;
const stacks: Record<'writable' | 'readOnly', Stack | undefined> = {
  writable: undefined,
  readOnly: undefined,
};

async function startStack(node: string, readOnly: boolean): Promise<Stack> {
  const config = loadConfig({ backend: 'sim', port: 0, token: TOKEN, readOnly });
  const signal = AbortSignal.timeout(20_000);
  const sim = createSimBackend({ scene: QUIET_SCENE });
  await sim.start(signal);
  const services = composeServices(sim, config, { registry, extra });
  const { cache, executor, handlers } = services;
  await cache.start(signal);
  const server = await startServer({ config, backend: sim, cache, executor, handlers });
  const endpoint = mountMcp(server, { handlers, config, cache });
  const mcp = await connectHttp(new URL(`${server.httpUrl}/mcp`), TOKEN);
  const nc = await connectConsumer(nats.url);
  const stop = new AbortController();
  const rpc = await startRpcService({
    nc,
    node,
    version: '0.0.1',
    handlers,
    config,
    signal: stop.signal,
  });
  return {
    wsUrl: server.url,
    mcp,
    nc,
    fleetMethods: rpcMethods(handlers),
    close: async () => {
      stop.abort();
      await rpc.stop();
      await nc.drain();
      await mcp.close();
      await endpoint.close();
      await server.close();
      await executor.stop();
      await services.pixels.stop();
      await cache.stop();
      await sim.stop();
    },
  };
}

function stack(name: keyof typeof stacks): Stack {
  const s = stacks[name];
  if (s === undefined) throw new Error(`${name} stack did not start`);
  return s;
}

async function wsCall(s: Stack, params: unknown) {
  const c = await RawClient.open(s.wsUrl, { token: TOKEN });
  try {
    return await c.call('probe.nudge', params);
  } finally {
    c.close();
  }
}

async function fleetCall(s: Stack, node: string, params: unknown) {
  const subject = fleetSubjects.rpc(node, 'probe.nudge');
  const reply = await s.nc.request(subject, JSON.stringify(params), { timeout: 10_000 });
  return JSON.parse(reply.string()) as { result?: unknown; error?: { code: string } & object };
}

beforeAll(async () => {
  nats = await startNats();
  stacks.writable = await startStack('n-rw', false);
  stacks.readOnly = await startStack('n-ro', true);
}, 60_000);

afterAll(async () => {
  await stacks.writable?.close();
  await stacks.readOnly?.close();
  await nats?.stop();
});

describe('a method added to the registry', () => {
  it('is listed on every transport', async () => {
    const s = stack('writable');
    expect(s.fleetMethods).toContain('probe.nudge');
    const { tools } = await s.mcp.listTools();
    const tool = tools.find((t) => t.name === 'ui_probe_nudge');
    expect(tool?.annotations?.readOnlyHint).toBe(false);
    expect(tool?.inputSchema.properties).toHaveProperty('step');
    const roTools = (await stack('readOnly').mcp.listTools()).tools;
    expect(roTools.find((t) => t.name === 'ui_probe_nudge')?.description).toMatch(/read-only/);
  });

  it('runs on every transport', async () => {
    const s = stack('writable');
    expect((await wsCall(s, { step: 2 })).result).toEqual({ nudged: 2 });
    const viaMcp = await call(s.mcp, 'ui_probe_nudge', { step: 3 });
    expect(viaMcp.isError).toBeFalsy();
    expect(viaMcp.text).toContain('"nudged":3');
    expect((await fleetCall(s, 'n-rw', { step: 4 })).result).toEqual({ nudged: 4 });
  });

  it('is validated on every transport with one invalid_params shape', async () => {
    const s = stack('writable');
    const issues = [{ path: 'step', message: expect.any(String) as string }];
    const ws = await wsCall(s, { step: 0 });
    expect(ws.error?.data).toMatchObject({
      code: 'invalid_params',
      details: { method: 'probe.nudge', issues },
    });
    const fleetReply = await fleetCall(s, 'n-rw', { step: 0 });
    expect(fleetReply.error).toMatchObject({
      code: 'invalid_params',
      details: { method: 'probe.nudge', issues },
    });
    const viaMcp = await call(s.mcp, 'ui_probe_nudge', { step: 0, extra: true });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.text).toMatch(/^error invalid_params: invalid params for ui_probe_nudge/);
    expect(viaMcp.text).toContain('"method":"ui_probe_nudge","issues":[{"path":""');
  });

  it('is refused by the read-only policy on every transport', async () => {
    const s = stack('readOnly');
    expect((await wsCall(s, { step: 1 })).error?.data?.code).toBe('read_only');
    expect((await fleetCall(s, 'n-ro', { step: 1 })).error?.code).toBe('read_only');
    const viaMcp = await call(s.mcp, 'ui_probe_nudge', { step: 1 });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.text).toMatch(/^error read_only/);
  });
});
