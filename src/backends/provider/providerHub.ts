/**
 * The `/provider` WebSocket endpoint: accepts apps that speak the provider protocol (the
 * upgrade is authorised by the HTTP front like every other), keeps one session per connection
 * and reports their changes to the composite backend.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Subject } from 'rxjs';
import { WebSocketServer } from 'ws';
import { PROVIDER_CLOSE, PROVIDER_SUBPROTOCOL } from '../../../protocol/src/index.js';
import { ProviderSession, type SessionLimits } from './providerSession.js';
import type { ProviderChange } from './providerTree.js';

export interface ProviderUpdate {
  session: ProviderSession;
  changes: ProviderChange[];
  /** The session ended: every window it had is gone. */
  closed?: true;
}

export interface ProviderHubOptions extends SessionLimits {
  /** Largest message accepted, in bytes (close 1009 above it). */
  maxPayloadBytes: number;
  /** Most providers connected at once; more are refused at the upgrade. */
  maxProviders: number;
}

export const DEFAULT_PROVIDER_OPTIONS: ProviderHubOptions = {
  maxPayloadBytes: 64 * 1024 * 1024,
  maxProviders: 32,
  messagesPerSecond: 500,
};

export class ProviderHub {
  readonly updates$ = new Subject<ProviderUpdate>();
  readonly sessions = new Map<string, ProviderSession>();
  private readonly wss: WebSocketServer;
  private nextSession = 1;

  constructor(private readonly options: ProviderHubOptions = DEFAULT_PROVIDER_OPTIONS) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayloadBytes,
      perMessageDeflate: false,
      handleProtocols: (offered) =>
        offered.has(PROVIDER_SUBPROTOCOL) ? PROVIDER_SUBPROTOCOL : false,
    });
  }

  /** Hand over an authorised upgrade on `/provider`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    if (!offered.includes(PROVIDER_SUBPROTOCOL)) {
      const body = JSON.stringify({ error: `subprotocol ${PROVIDER_SUBPROTOCOL} is required` });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      if (this.sessions.size >= this.options.maxProviders) {
        ws.close(PROVIDER_CLOSE.goingAway, 'too many providers connected');
        return;
      }
      const id = `p${this.nextSession++}`;
      const session = new ProviderSession(
        id,
        ws,
        {
          changed: (s, changes) => this.updates$.next({ session: s, changes }),
          closed: (s) => {
            this.sessions.delete(s.id);
            this.updates$.next({ session: s, changes: [], closed: true });
          },
        },
        this.options,
      );
      this.sessions.set(id, session);
    });
  }

  close(): void {
    for (const s of [...this.sessions.values()])
      s.close(PROVIDER_CLOSE.goingAway, 'the server is stopping');
    this.wss.close();
    this.updates$.complete();
  }
}
