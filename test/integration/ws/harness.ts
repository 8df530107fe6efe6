/**
 * Clients and waits for the tests of a real server over real sockets on the simulated desktop
 * (the server itself is scripts/harness/sim-server.ts, shared with the benches).
 */
import { WebSocket } from 'ws';
import { firstValueFrom, filter, timeout, type Observable } from 'rxjs';
import {
  SUBPROTOCOL_JSON,
  SUBPROTOCOL_MSGPACK,
  codecFor,
  type Encoding,
  type WireError,
} from '../../../protocol/src/index.js';

import { TEST_TOKEN, type TestServer } from '../../../scripts/harness/sim-server.js';

export {
  QUIET_SCENE,
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from '../../../scripts/harness/sim-server.js';

/** Resolve with the first value matching, or reject after `ms`. */
export function waitFor<T>(
  source: Observable<T>,
  predicate: (v: T) => boolean,
  ms = 5_000,
): Promise<T> {
  return firstValueFrom(source.pipe(filter(predicate), timeout(ms)));
}

/** A raw protocol client: frames in, frames out, nothing clever. */
export class RawClient {
  readonly messages: unknown[] = [];
  private waiters: { test: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  private nextId = 1;
  private readonly codec;

  private constructor(
    readonly socket: WebSocket,
    readonly encoding: Encoding,
  ) {
    this.codec = codecFor(encoding);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const decoded = this.codec.decode(isBinary ? data : data.toString('utf8'));
      if (!decoded.ok) throw new Error(decoded.reason);
      this.messages.push(decoded.value);
      for (const w of [...this.waiters]) {
        if (w.test(decoded.value)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(decoded.value);
        }
      }
    });
  }

  static open(
    url: string,
    options: { encoding?: Encoding; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<RawClient> {
    const encoding = options.encoding ?? 'json';
    const token = options.token === undefined ? TEST_TOKEN : options.token;
    const headers: Record<string, string> = { ...options.headers };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const proto = encoding === 'msgpack' ? SUBPROTOCOL_MSGPACK : SUBPROTOCOL_JSON;
    const socket = new WebSocket(url, [proto], { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new RawClient(socket, encoding)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`HTTP ${res.statusCode ?? 0}`)),
      );
    });
  }

  /** The next message (already received or future) matching the test. */
  next(test: (m: unknown) => boolean, ms = 5_000): Promise<unknown> {
    const seen = this.messages.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching message in time')), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  sendRaw(data: string | Uint8Array): void {
    this.socket.send(data);
  }

  /** Send a request and wait for its response. */
  async call(method: string, params?: unknown): Promise<RpcReply> {
    const id = this.nextId++;
    this.socket.send(this.codec.encode({ jsonrpc: '2.0', id, method, params }));
    return (await this.next((m) => (m as { id?: unknown }).id === id)) as RpcReply;
  }

  closed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) resolve({ code: 1006, reason: '' });
      this.socket.once('close', (code: number, reason: Buffer) =>
        resolve({ code, reason: reason.toString() }),
      );
    });
  }

  close(): void {
    this.socket.close();
  }
}

export interface RpcReply {
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: WireError };
}

/**
 * Set the editor document's value through the backend `count` times with `size`-char texts,
 * one change per event delivery; resolves with the newest seq once the log holds them all.
 */
export async function churn(server: TestServer, count: number, size: number): Promise<number> {
  const doc = server.sim.control.find('editor.text');
  if (doc === undefined) throw new Error('no editor document');
  const target = server.cache.events.seq + count;
  for (let i = 0; i < count; i++) {
    const value = `${i}:`.padEnd(size, String.fromCharCode(97 + (i % 26)));
    const signal = AbortSignal.timeout(5_000);
    await server.sim.performPattern(doc, { pattern: 'Value', value }, { signal });
    await server.sim.control.quiet();
  }
  if (server.cache.events.seq < target) {
    await waitFor(server.cache.events.events$, (e) => e.seq >= target, 10_000);
  }
  return server.cache.events.seq;
}
