/**
 * The WebSocket endpoint: negotiates the encoding subprotocol (the token subprotocol entry is
 * accepted for auth but never echoed back), applies maxPayload (close 1009), creates one
 * Session per connection and runs the heartbeat that drops dead peers.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import {
  SUBPROTOCOL_JSON,
  SUBPROTOCOL_MSGPACK,
  codecFor,
  type Encoding,
} from '../../protocol/src/index.js';
import { Session } from './session.js';
import type { SessionDeps } from './subscriptions.js';

export interface WsEndpoint {
  /** Hand an already authorised upgrade request to the endpoint. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly connections: number;
  stats(): WsStats;
  close(): Promise<void>;
}

export interface WsStats {
  connections: number;
  /** Bytes waiting in all send queues now. */
  queuedBytes: number;
  /** The most any one connection ever held queued (bounded by about sendQueueBytes). */
  maxQueuedBytes: number;
}

/** The encoding the client asked for; JSON when it named none we know. */
export function chooseProtocol(offered: ReadonlySet<string>): string | false {
  if (offered.has(SUBPROTOCOL_MSGPACK)) return SUBPROTOCOL_MSGPACK;
  if (offered.has(SUBPROTOCOL_JSON)) return SUBPROTOCOL_JSON;
  return false;
}

export function createWsEndpoint(deps: SessionDeps): WsEndpoint {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: deps.config.ws.maxPayloadBytes,
    perMessageDeflate: false,
    handleProtocols: (offered) => chooseProtocol(offered),
  });
  const sessions = new Set<Session>();
  let nextClient = 1;
  let closedHighWater = 0;

  wss.on('connection', (socket) => {
    const encoding: Encoding = socket.protocol === SUBPROTOCOL_MSGPACK ? 'msgpack' : 'json';
    const session = new Session(socket, codecFor(encoding), `ws${nextClient++}`, deps);
    sessions.add(session);
    socket.on('error', () => socket.terminate());
    socket.once('close', () => {
      closedHighWater = Math.max(closedHighWater, session.queueStats().highWater);
      sessions.delete(session);
    });
  });

  const heartbeat = setInterval(() => {
    for (const session of sessions) session.heartbeat();
  }, deps.config.ws.heartbeatMs);
  heartbeat.unref();

  return {
    handleUpgrade: (req, socket, head) =>
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    get connections() {
      return sessions.size;
    },
    stats: () => {
      let queuedBytes = 0;
      let maxQueuedBytes = closedHighWater;
      for (const session of sessions) {
        const q = session.queueStats();
        queuedBytes += q.bytes;
        maxQueuedBytes = Math.max(maxQueuedBytes, q.highWater);
      }
      return { connections: sessions.size, queuedBytes, maxQueuedBytes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
