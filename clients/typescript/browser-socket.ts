/**
 * The browser socket: the page's built-in WebSocket. A browser cannot send an Authorization
 * header, so the token travels as the `uistream.token.<token>` subprotocol; and it never says
 * why an upgrade was refused, so a refusal is reported as a lost connection.
 */
import { UistreamError, connectionLost } from './errors.js';
import type { SocketOpener, WireSocket } from './socket.js';

/** The part of the DOM WebSocket used here (declared so Node's type set suffices). */
interface DomSocket {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: DomSocketEvent) => void): void;
}
interface DomSocketEvent {
  data?: unknown;
  code?: number;
  reason?: string;
}
type DomSocketCtor = new (url: string, protocols: string[]) => DomSocket;

const CLOSED = 3;

export const browserSocket: SocketOpener = (url, options, events) => {
  const Ctor = (globalThis as unknown as { WebSocket?: DomSocketCtor }).WebSocket;
  if (Ctor === undefined) return Promise.reject(connectionLost('no WebSocket in this runtime'));
  if (Object.keys(options.headers).length > 0) {
    return Promise.reject(
      new UistreamError(
        'invalid_params',
        'a browser cannot send headers: use tokenVia subprotocol',
      ),
    );
  }
  const socket = new Ctor(url, options.protocols);
  socket.binaryType = 'arraybuffer';
  let open = false;
  const closedOnce = new Promise<void>((resolve) =>
    socket.addEventListener('close', () => resolve()),
  );
  const wire: WireSocket = {
    send: (frame) => socket.send(frame),
    close: (code, reason) => {
      if (socket.readyState !== CLOSED) socket.close(code, reason);
      return closedOnce;
    },
    terminate: () => socket.close(4000, 'terminated'),
  };
  return new Promise<WireSocket>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(connectionLost('opening handshake timed out'));
    }, options.openTimeoutMs);
    socket.addEventListener('open', () => {
      clearTimeout(timer);
      open = true;
      resolve(wire);
    });
    socket.addEventListener('message', (event) => {
      const data = event.data;
      events.onFrame(data instanceof ArrayBuffer ? new Uint8Array(data) : String(data));
    });
    socket.addEventListener('close', (event) => {
      clearTimeout(timer);
      if (!open) {
        reject(connectionLost(`upgrade refused or unreachable (close ${event.code ?? 0})`));
        return;
      }
      const reason = event.reason !== undefined && event.reason !== '' ? ` ${event.reason}` : '';
      events.onClose(`closed ${event.code ?? 0}${reason}`);
    });
  });
};
