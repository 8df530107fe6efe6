/**
 * The fleet client: many uistream nodes on one NATS server. `fleet(nc)` lists nodes from the
 * presence bucket, calls any node's methods by request/reply (typed from the registry), and
 * streams events of many nodes as one RxJS Observable from the JetStream stream, resumable
 * from per-node cursors or a durable consumer the server keeps.
 */
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { headers, NoRespondersError, TimeoutError } from '@nats-io/transport-node';
import type { Observable } from 'rxjs';
import type {
  MethodInput,
  MethodName,
  MethodResult,
  NodeStatus,
} from '../../protocol/src/index.js';
import {
  FLEET_BUCKET,
  FLEET_HEADERS,
  FleetReply,
  NodeStatus as NodeStatusSchema,
  fleetSubjects,
} from '../../protocol/src/index.js';
import { UistreamError } from './errors.js';
import { fleetEvents, type FleetEventsOptions, type FleetItem } from './fleet-events.js';

export type { FleetCursors, FleetEventsOptions, FleetItem } from './fleet-events.js';

export interface FleetOptions {
  /** Caller id sent with every call (rate limits, cancel and audit are per caller). */
  clientId?: string;
  /** Default deadline of a call. */
  timeoutMs?: number;
}

/** A node as the bucket holds it, with `state` judged against the server's clock. */
export interface FleetNode extends NodeStatus {
  /** Server-clock age of the last heartbeat. */
  ageMs: number;
}

/** Heartbeats missed before a reader counts an `up` node as gone. */
const MISSED_BEATS = 3;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class FleetClient {
  private readonly clientId: string;
  private readonly timeoutMs: number;

  constructor(
    readonly nc: NatsConnection,
    options: FleetOptions = {},
  ) {
    this.clientId = options.clientId ?? `fleet-${Math.random().toString(36).slice(2, 10)}`;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Every node ever seen (gone ones included), sorted by name. */
  async nodes(): Promise<FleetNode[]> {
    const kv = await new Kvm(this.nc).open(FLEET_BUCKET);
    const entries: { status: NodeStatus; created: number }[] = [];
    // A key written while the listing runs may be listed twice.
    const keys = new Set<string>();
    for await (const key of await kv.keys()) keys.add(key);
    for (const key of keys) {
      const entry = await kv.get(key);
      if (entry === null || entry.operation !== 'PUT') continue;
      const parsed = NodeStatusSchema.safeParse(entry.json());
      if (parsed.success) entries.push({ status: parsed.data, created: entry.created.getTime() });
    }
    // The newest write stands in for the server's "now": no local clock is trusted.
    const serverNow = Math.max(0, ...entries.map((e) => e.created));
    return entries
      .map(({ status, created }) => {
        const ageMs = serverNow - created;
        const stale = status.state === 'up' && ageMs > status.heartbeatMs * MISSED_BEATS;
        return stale
          ? { ...status, state: 'gone' as const, goneReason: 'stale' as const, ageMs }
          : { ...status, ageMs };
      })
      .sort((a, b) => a.node.localeCompare(b.node));
  }

  /** Call one method on one node; errors arrive as UistreamError with the wire code. */
  async call<M extends MethodName>(
    node: string,
    method: M,
    ...args: undefined extends MethodInput<M>
      ? [params?: MethodInput<M>, options?: { timeoutMs?: number }]
      : [params: MethodInput<M>, options?: { timeoutMs?: number }]
  ): Promise<MethodResult<M>> {
    const [params, options] = args;
    const h = headers();
    h.set(FLEET_HEADERS.client, this.clientId);
    const body = params === undefined ? new Uint8Array() : encoder.encode(JSON.stringify(params));
    let reply;
    try {
      reply = await this.nc.request(fleetSubjects.rpc(node, method), body, {
        timeout: options?.timeoutMs ?? this.timeoutMs,
        headers: h,
      });
    } catch (err) {
      throw transportError(node, method, err);
    }
    const parsed = FleetReply.safeParse(JSON.parse(decoder.decode(reply.data)));
    if (!parsed.success) throw new UistreamError('internal', `malformed reply from ${node}`);
    if ('error' in parsed.data) {
      const { code, message, recovery, details } = parsed.data.error;
      throw new UistreamError(code, message, { recovery, ...(details && { details }) });
    }
    return parsed.data.result as MethodResult<M>;
  }

  /** Events of many nodes, filtered by node and type; see FleetEventsOptions for resuming. */
  events(options: FleetEventsOptions = {}): Observable<FleetItem> {
    return fleetEvents(this.nc, options);
  }
}

function transportError(node: string, method: string, err: unknown): UistreamError {
  const cause = err as { cause?: unknown };
  if (err instanceof NoRespondersError || cause.cause instanceof NoRespondersError) {
    return new UistreamError('backend_unavailable', `node ${node} does not answer ${method}`, {
      recovery: ['Check `uistream fleet nodes`: the node may be gone'],
      details: { node, method },
    });
  }
  if (err instanceof TimeoutError || cause.cause instanceof TimeoutError) {
    return new UistreamError('timeout', `node ${node} did not answer ${method} in time`, {
      details: { node, method },
    });
  }
  return new UistreamError('backend_unavailable', `call to ${node} failed: ${String(err)}`, {
    details: { node, method },
  });
}

/** The fleet client over an open NATS connection (the caller owns and closes it). */
export function fleet(nc: NatsConnection, options?: FleetOptions): FleetClient {
  return new FleetClient(nc, options);
}
