/**
 * The socket a Connection talks through, so the same client runs on Node (the `ws` package)
 * and in a browser (the built-in WebSocket). Frames are text (JSON) or bytes (MessagePack).
 */

export interface WireSocket {
  send(frame: string | Uint8Array): void;
  /** Close with a handshake; resolves once closed. */
  close(code: number, reason: string): Promise<void>;
  /** Drop without a handshake (a network cut). */
  terminate(): void;
}

export interface WireSocketEvents {
  onFrame(frame: string | Uint8Array): void;
  onClose(reason: string): void;
}

export interface SocketOpenOptions {
  protocols: string[];
  /** Extra handshake headers; a browser cannot send them (use the token subprotocol). */
  headers: Record<string, string>;
  openTimeoutMs: number;
}

/** Opens a socket, resolving once the handshake is done; rejects with a UistreamError. */
export type SocketOpener = (
  url: string,
  options: SocketOpenOptions,
  events: WireSocketEvents,
) => Promise<WireSocket>;
