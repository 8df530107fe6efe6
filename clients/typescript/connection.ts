/**
 * One socket to a uistream server: opens it with the encoding subprotocol and the token,
 * matches responses to calls, and hands notifications to a listener. It never reconnects;
 * the client above it does.
 */
import WebSocket from 'ws';
import type { Codec, Encoding, JsonRpcErrorObject } from '../../protocol/src/index.js';
import {
  JsonRpcNotification,
  JsonRpcResponse,
  SUBPROTOCOL_JSON,
  SUBPROTOCOL_MSGPACK,
  codecFor,
} from '../../protocol/src/index.js';
import { UistreamError, connectionLost } from './errors.js';

export interface ConnectionOptions {
  token?: string;
  encoding?: Encoding;
  /** 'header' (Authorization: Bearer, default) or 'subprotocol' (as a browser would). */
  tokenVia?: 'header' | 'subprotocol';
  /** Deadline of the opening handshake. */
  openTimeoutMs?: number;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: UistreamError): void;
  /** Runs synchronously with the response, before any later frame is handled. */
  onResult?: (result: unknown) => void;
}

export type NotificationListener = (method: string, params: unknown) => void;

export class Connection {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closedReason: string | null = null;
  private readonly codec: Codec;

  private constructor(
    private readonly socket: WebSocket,
    encoding: Encoding,
    private readonly onNotification: NotificationListener,
    private readonly onClose: (reason: string) => void,
  ) {
    this.codec = codecFor(encoding);
    socket.on('message', (data: Buffer, isBinary: boolean) =>
      this.onFrame(isBinary ? data : data.toString('utf8')),
    );
    socket.once('close', (code: number, reason: Buffer) =>
      this.closed(`closed ${code}${reason.length > 0 ? ` ${reason.toString()}` : ''}`),
    );
    socket.on('error', () => socket.terminate());
  }

  static open(
    url: string,
    options: ConnectionOptions,
    onNotification: NotificationListener,
    onClose: (reason: string) => void,
  ): Promise<Connection> {
    const encoding = options.encoding ?? 'json';
    const protocols = [encoding === 'msgpack' ? SUBPROTOCOL_MSGPACK : SUBPROTOCOL_JSON];
    const headers: Record<string, string> = {};
    if (options.token !== undefined) {
      if (options.tokenVia === 'subprotocol') protocols.push(`uistream.token.${options.token}`);
      else headers.authorization = `Bearer ${options.token}`;
    }
    const socket = new WebSocket(url, protocols, {
      headers,
      handshakeTimeout: options.openTimeoutMs ?? 10_000,
    });
    return new Promise<Connection>((resolve, reject) => {
      socket.once('open', () => {
        socket.removeAllListeners('unexpected-response');
        resolve(new Connection(socket, encoding, onNotification, onClose));
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
  }

  get isOpen(): boolean {
    return this.closedReason === null;
  }

  request(method: string, params: unknown, onResult?: (result: unknown) => void): Promise<unknown> {
    if (this.closedReason !== null) return Promise.reject(connectionLost(this.closedReason));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(onResult && { onResult }) });
      this.socket.send(this.codec.encode({ jsonrpc: '2.0', id, method, params }));
    });
  }

  private onFrame(data: string | Buffer): void {
    const decoded = this.codec.decode(data);
    if (!decoded.ok) return;
    const response = JsonRpcResponse.safeParse(decoded.value);
    if (response.success && typeof response.data.id === 'number') {
      this.settle(response.data.id, response.data);
      return;
    }
    const note = JsonRpcNotification.safeParse(decoded.value);
    if (note.success) this.onNotification(note.data.method, note.data.params);
  }

  private settle(id: number, msg: { result?: unknown; error?: JsonRpcErrorObject }): void {
    const call = this.pending.get(id);
    if (call === undefined) return;
    this.pending.delete(id);
    if (msg.error !== undefined) {
      call.reject(UistreamError.fromRpc(msg.error));
      return;
    }
    call.onResult?.(msg.result);
    call.resolve(msg.result);
  }

  private closed(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    for (const call of this.pending.values()) call.reject(connectionLost(reason));
    this.pending.clear();
    this.onClose(reason);
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close(1000, 'client closing');
    });
  }

  /** Drop the socket without a close handshake (tests use it to simulate a network cut). */
  terminate(): void {
    this.socket.terminate();
  }
}
