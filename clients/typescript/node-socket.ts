/** The Node socket: the `ws` package, which can send headers and reports refused upgrades. */
import WebSocket from 'ws';
import { UistreamError, connectionLost } from './errors.js';
import type { SocketOpener, WireSocket } from './socket.js';

/**
 * The Node socket also holds the `ws` object (tests pause its TCP socket to stall a reader).
 * Not exported: the published declarations would otherwise need `ws`'s types, a dev dependency.
 */
interface NodeWireSocket extends WireSocket {
  readonly raw: WebSocket;
}

export const nodeSocket: SocketOpener = (url, options, events) => {
  const socket = new WebSocket(url, options.protocols, {
    headers: options.headers,
    handshakeTimeout: options.openTimeoutMs,
  });
  const wire: NodeWireSocket = {
    raw: socket,
    send: (frame) => socket.send(frame),
    close: (code, reason) => {
      if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(code, reason);
      });
    },
    terminate: () => socket.terminate(),
  };
  return new Promise<WireSocket>((resolve, reject) => {
    socket.once('open', () => {
      socket.removeAllListeners('unexpected-response');
      socket.on('message', (data: Buffer, isBinary: boolean) =>
        events.onFrame(isBinary ? data : data.toString('utf8')),
      );
      socket.once('close', (code: number, reason: Buffer) =>
        events.onClose(`closed ${code}${reason.length > 0 ? ` ${reason.toString()}` : ''}`),
      );
      socket.on('error', () => socket.terminate());
      resolve(wire);
    });
    socket.once('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      socket.terminate();
      const code =
        status === 401 ? 'unauthorized' : status === 403 ? 'forbidden_target' : 'internal';
      reject(
        new UistreamError(code, `upgrade refused with HTTP ${status}`, { details: { status } }),
      );
    });
    socket.once('error', (err) => reject(connectionLost(err.message)));
  });
};
