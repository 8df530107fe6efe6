/**
 * One WebSocket connection: decodes frames with the negotiated codec, validates the JSON-RPC
 * envelope, rate-limits, dispatches to the method table or to its own subscriptions, and sends
 * through the bounded queue. Closing the connection aborts its calls and cancels its actions.
 */
import type { WebSocket } from 'ws';
import type { Codec, JsonRpcErrorObject, RequestId } from '../../protocol/src/index.js';
import { JSONRPC_CODES, asJsonRpcRequest, getMethod } from '../../protocol/src/index.js';
import { CancelledError, UiError } from '../errors.js';
import type { CallerContext } from '../executor/api.js';
import { callTableMethod, isTableMethod, validateParams } from '../service/dispatch.js';
import { isConnectionMethod } from '../service/handlers.js';
import { Outbox } from './outbox.js';
import { TokenBucket } from './rate-limit.js';
import { protocolError, rpcErrorFrom } from './rpc-errors.js';
import { SendQueue } from './send-queue.js';
import type { CallOutcome, SessionDeps } from './subscriptions.js';
import { Subscriptions } from './subscriptions.js';

/** Close codes used on purpose (1009 and 1007 come from the ws library itself). */
export const CLOSE_OVERFLOW = 1008;

export class Session {
  readonly clientId: string;
  private readonly queue: SendQueue;
  private readonly out: Outbox;
  private readonly bucket: TokenBucket;
  private readonly abort = new AbortController();
  private readonly subs: Subscriptions;
  alive = true;
  private inFlight = 0;
  private disposed = false;

  constructor(
    private readonly socket: WebSocket,
    codec: Codec,
    clientId: string,
    private readonly deps: SessionDeps,
  ) {
    this.clientId = clientId;
    const { ws } = deps.config;
    this.queue = new SendQueue(
      socket,
      ws.sendQueueBytes,
      () => socket.close(CLOSE_OVERFLOW, 'send queue overflow'),
      codec.encoding !== 'json',
    );
    this.out = new Outbox(this.queue, codec);
    this.bucket = new TokenBucket(ws.requestsPerSecond);
    this.subs = new Subscriptions(deps, this.out);
    this.queue.onDrain(() => this.subs.flushAll());
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(data, isBinary));
    socket.on('pong', () => (this.alive = true));
    socket.once('close', () => this.dispose());
  }

  private get ctx(): CallerContext {
    return { clientId: this.clientId, signal: this.abort.signal };
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    const decoded = this.out.codec.decode(isBinary ? data : data.toString('utf8'));
    if (!decoded.ok) {
      this.reply(null, protocolError(JSONRPC_CODES.parseError, 'invalid_params', decoded.reason));
      return;
    }
    const envelope = asJsonRpcRequest(decoded.value);
    if (envelope === null) {
      this.rejectEnvelope(decoded.value);
      return;
    }
    const { id, method, params } = envelope;
    const refusal = this.admit(method);
    if (refusal !== null) {
      this.reply(id, rpcErrorFrom(refusal));
      return;
    }
    this.inFlight++;
    void this.run(id, method, params).finally(() => this.inFlight--);
  }

  /** Rate and concurrency limits of this connection; null when the request may run. */
  private admit(method: string): UiError | null {
    const { requestsPerSecond, maxInFlight } = this.deps.config.ws;
    // Cancel must get through a full connection: it is how the client frees it.
    if (this.inFlight >= maxInFlight && method !== 'actions.cancel') {
      return new UiError('rate_limited', `over ${maxInFlight} requests in flight`, {
        details: { maxInFlight },
      });
    }
    if (!this.bucket.take()) {
      return new UiError('rate_limited', `over ${requestsPerSecond} requests/s`, {
        details: { requestsPerSecond },
      });
    }
    return null;
  }

  /** Notifications from the client get no answer (JSON-RPC); anything else is invalid. */
  private rejectEnvelope(value: unknown): void {
    const v = value as { id?: unknown; method?: unknown } | null;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && v.id === undefined) {
      if (typeof v.method === 'string') return;
    }
    const id = typeof v?.id === 'string' || typeof v?.id === 'number' ? v.id : null;
    const message = Array.isArray(value)
      ? 'batches are not supported; use actions.batch'
      : 'not a JSON-RPC 2.0 request';
    this.reply(id, protocolError(JSONRPC_CODES.invalidRequest, 'invalid_params', message));
  }

  private async run(id: RequestId, method: string, params: unknown): Promise<void> {
    try {
      const outcome = await this.dispatch(method, params);
      if (this.abort.signal.aborted) return;
      this.queue.send(this.out.codec.encode({ jsonrpc: '2.0', id, result: outcome.result }));
      outcome.afterSent?.();
    } catch (err) {
      const error = rpcErrorFrom(err);
      if (err instanceof UnknownMethod) error.code = JSONRPC_CODES.methodNotFound;
      this.reply(id, error);
    }
  }

  private async dispatch(method: string, params: unknown): Promise<CallOutcome> {
    if (isTableMethod(this.deps.handlers, method)) {
      return { result: await callTableMethod(this.deps.handlers, method, params, this.ctx) };
    }
    const def = getMethod(method);
    if (def === undefined || !isConnectionMethod(def.name)) throw new UnknownMethod(method);
    return this.subs.call(def.name, validateParams(def, params));
  }

  private reply(id: RequestId | null, error: JsonRpcErrorObject): void {
    if (this.abort.signal.aborted) return;
    this.queue.send(this.out.codec.encode({ jsonrpc: '2.0', id, error }));
  }

  /** Bytes queued now and the most ever queued on this connection. */
  queueStats(): { bytes: number; highWater: number } {
    return { bytes: this.queue.bytes, highWater: this.queue.highWater };
  }

  /** Heartbeat: drop a peer that did not answer the previous ping. */
  heartbeat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  private dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Cancel through the executor first (it counts and audits), then abort whatever remains.
    this.deps.executor.cancel(this.clientId);
    this.abort.abort(new CancelledError('connection closed'));
    this.subs.dispose();
  }
}

/** Unknown method: JSON-RPC -32601 with not_supported in data. */
export class UnknownMethod extends UiError {
  constructor(method: string) {
    super('not_supported', `unknown method ${method}`, {
      details: { method },
      recovery: ['Call session.hello and check the method list in protocol.md'],
    });
  }
}
