/**
 * The method table as a NATS micro service: one endpoint per table method of the registry on
 * `uistream.<node>.rpc.<method>`, so `nats micro ls|info|stats` see every node. A request is
 * the method's params as JSON; the reply is `{result}` or `{error}` (a wire error, also flagged
 * with the micro error headers). Calls go through the same validation and handlers as the
 * WebSocket and MCP transports, so read-only, deny-app and the executor's limits hold here too;
 * this transport adds its own per-caller request rate and in-flight limits.
 */
import type { Service, ServiceMsg } from '@nats-io/services';
import { Svcm } from '@nats-io/services';
import type { NatsConnection } from '@nats-io/transport-node';
import type { WireError } from '../../protocol/src/index.js';
import { FLEET_HEADERS, FLEET_SERVICE, fleetSubjects } from '../../protocol/src/index.js';
import type { Config } from '../config.js';
import { UiError, toWireError } from '../errors.js';
import { callTableMethod, servedMethods } from '../service/dispatch.js';
import type { HandlerTable } from '../service/handlers.js';
import { rpcErrorFrom } from '../ws/rpc-errors.js';
import { TokenBucket } from '../ws/rate-limit.js';

export interface RpcDeps {
  nc: NatsConnection;
  node: string;
  version: string;
  handlers: HandlerTable;
  config: Config;
  /** Aborts every call in flight when the node leaves the fleet. */
  signal: AbortSignal;
}

/** Callers remembered for rate limits; past this the table starts afresh. */
const MAX_CALLERS = 10_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What a node serves over NATS: every method its table serves, as the registry lists them. */
export function rpcMethods(handlers: HandlerTable): string[] {
  return servedMethods(handlers).map((def) => def.name);
}

class CallerLimits {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly config: Config) {}

  admit(client: string, method: string): UiError | null {
    const { requestsPerSecond, maxInFlight } = this.config.ws;
    const busy = this.inFlight.get(client) ?? 0;
    if (busy >= maxInFlight && method !== 'actions.cancel') {
      return new UiError('rate_limited', `over ${maxInFlight} requests in flight`, {
        details: { maxInFlight },
      });
    }
    if (this.buckets.size >= MAX_CALLERS) this.buckets.clear();
    let bucket = this.buckets.get(client);
    if (bucket === undefined)
      this.buckets.set(client, (bucket = new TokenBucket(requestsPerSecond)));
    if (!bucket.take()) {
      return new UiError('rate_limited', `over ${requestsPerSecond} requests/s`, {
        details: { requestsPerSecond },
      });
    }
    this.inFlight.set(client, busy + 1);
    return null;
  }

  done(client: string): void {
    const busy = (this.inFlight.get(client) ?? 1) - 1;
    if (busy <= 0) this.inFlight.delete(client);
    else this.inFlight.set(client, busy);
  }
}

function parseParams(msg: ServiceMsg, maxBytes: number): unknown {
  if (msg.data.length > maxBytes) {
    throw new UiError('invalid_params', `request of ${msg.data.length} bytes over ${maxBytes}`, {
      details: { maxPayloadBytes: maxBytes },
    });
  }
  if (msg.data.length === 0) return undefined;
  try {
    return JSON.parse(decoder.decode(msg.data)) as unknown;
  } catch (err) {
    throw new UiError('invalid_params', `request body is not JSON: ${String(err)}`);
  }
}

function replyError(msg: ServiceMsg, err: unknown): void {
  const error: WireError = toWireError(err);
  const { code } = rpcErrorFrom(err);
  msg.respondError(code, error.code, encoder.encode(JSON.stringify({ error })));
}

/** Start the service; stop it with `service.stop()`. */
export async function startRpcService(deps: RpcDeps): Promise<Service> {
  const { nc, node, config } = deps;
  const service = await new Svcm(nc).add({
    name: FLEET_SERVICE,
    version: deps.version,
    description: `uistream method table of node ${node}`,
    metadata: { node },
  });
  const limits = new CallerLimits(config);
  for (const method of rpcMethods(deps.handlers)) {
    service.addEndpoint(method.replaceAll('.', '_'), {
      subject: fleetSubjects.rpc(node, method),
      metadata: { method },
      handler: (err, msg) => {
        if (err !== null) return;
        void serveOne(deps, limits, method, msg);
      },
    });
  }
  return service;
}

async function serveOne(
  deps: RpcDeps,
  limits: CallerLimits,
  method: string,
  msg: ServiceMsg,
): Promise<void> {
  const client = `nats:${msg.headers?.get(FLEET_HEADERS.client) || 'anonymous'}`;
  const refusal = limits.admit(client, method);
  if (refusal !== null) return replyError(msg, refusal);
  try {
    const params = parseParams(msg, deps.config.ws.maxPayloadBytes);
    const signal = AbortSignal.any([
      deps.signal,
      AbortSignal.timeout(deps.config.fleet.callTimeoutMs),
    ]);
    const result = await callTableMethod(deps.handlers, method, params, {
      clientId: client,
      signal,
    });
    msg.respond(encoder.encode(JSON.stringify({ result })));
  } catch (err) {
    replyError(msg, err);
  } finally {
    limits.done(client);
  }
}
