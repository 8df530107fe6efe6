/**
 * One socket to a uistream server: opens it with the encoding subprotocol and the token,
 * matches responses to calls, and hands notifications to a listener. It never reconnects;
 * the client above it does.
 */
import type { Codec, Encoding, JsonRpcErrorObject } from '../../protocol/src/index.js';
import {
  JsonRpcNotification,
  JsonRpcResponse,
  SUBPROTOCOL_JSON,
  SUBPROTOCOL_MSGPACK,
  codecFor,
} from '../../protocol/src/index.js';
import { UistreamError, connectionLost } from './errors.js';
import { nodeSocket } from './node-socket.js';
import type { SocketOpener, WireSocket } from './socket.js';

export interface ConnectionOptions {
  token?: string;
  encoding?: Encoding;
  /** 'header' (Authorization: Bearer, default) or 'subprotocol' (as a browser would). */
  tokenVia?: 'header' | 'subprotocol';
  /** Deadline of the opening handshake. */
  openTimeoutMs?: number;
  /** How to open the socket: the `ws` package by default; `browserSocket` in a page. */
  socket?: SocketOpener;
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

  private socket: WireSocket | null = null;

  private constructor(
    encoding: Encoding,
    private readonly onNotification: NotificationListener,
    private readonly onClose: (reason: string) => void,
  ) {
    this.codec = codecFor(encoding);
  }

  static async open(
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
    const connection = new Connection(encoding, onNotification, onClose);
    const opener = options.socket ?? nodeSocket;
    connection.socket = await opener(
      url,
      { protocols, headers, openTimeoutMs: options.openTimeoutMs ?? 10_000 },
      {
        onFrame: (frame) => connection.onFrame(frame),
        onClose: (reason) => connection.closed(reason),
      },
    );
    return connection;
  }

  get isOpen(): boolean {
    return this.closedReason === null;
  }

  request(method: string, params: unknown, onResult?: (result: unknown) => void): Promise<unknown> {
    if (this.closedReason !== null) return Promise.reject(connectionLost(this.closedReason));
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(onResult && { onResult }) });
      this.socket?.send(this.codec.encode({ jsonrpc: '2.0', id, method, params }));
    });
  }

  private onFrame(data: string | Uint8Array): void {
    const decoded = this.codec.decode(data);
    if (!decoded.ok) return;
    const value: unknown = decoded.value;
    // A frame without an id can only be a notification (most frames of a subscribed
    // connection): parsed as one straight away, it skips the response union, whose failed
    // branches build issue objects on every frame.
    if (typeof value === 'object' && value !== null && !('id' in value)) {
      const note = JsonRpcNotification.safeParse(value);
      if (note.success) this.onNotification(note.data.method, note.data.params);
      return;
    }
    const response = JsonRpcResponse.safeParse(value);
    if (response.success && typeof response.data.id === 'number') {
      this.settle(response.data.id, response.data);
      return;
    }
    const note = JsonRpcNotification.safeParse(value);
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
    return this.socket?.close(1000, 'client closing') ?? Promise.resolve();
  }

  /** Drop the socket without a close handshake (tests use it to simulate a network cut). */
  terminate(): void {
    this.socket?.terminate();
  }
}
