/**
 * The streamable HTTP endpoint at /mcp, mounted on the shared HTTP front (which has already
 * checked Host, Origin and the token). Here: body limit, per-client rate limit, and the map of
 * MCP sessions, each with its own SDK server over the one shared method table and cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '../server/http.js';
import { sendJson } from '../server/http.js';
import { TokenBucket } from '../ws/rate-limit.js';
import { createHttpSession } from './sdk.js';
import { SessionTable } from './session-table.js';
import type { McpDeps } from './types.js';

export const MCP_PATH = '/mcp';
/** Sessions kept at once; the least recently used one is closed beyond this. */
export const MAX_MCP_SESSIONS = 64;
/** A session with no request or stream open for this long is closed. */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;

export interface McpHttpEndpoint {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  readonly sessionCount: number;
  close(): Promise<void>;
}

/** A request refused before it reaches an MCP session (status and JSON-RPC code). */
class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function refuse(res: ServerResponse, r: HttpRefusal): void {
  sendJson(res, r.status, {
    jsonrpc: '2.0',
    id: null,
    error: { code: r.code, message: r.message },
  });
}

/** Read the body up to `limit` bytes; a larger one is refused before it is buffered. */
async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) throw new HttpRefusal(413, -32600, `body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpRefusal(413, -32600, `body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpRefusal(400, -32700, 'Parse error: the body is not JSON');
  }
}

function isInitialize(body: unknown): boolean {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  return (
    typeof first === 'object' &&
    first !== null &&
    (first as { method?: unknown }).method === 'initialize'
  );
}

export interface McpHttpOptions {
  maxSessions?: number;
  /** A session with nothing open for this long is closed. */
  idleMs?: number;
  /** How often idle sessions are looked for. */
  sweepMs?: number;
}

export function createMcpHttpEndpoint(
  deps: McpDeps,
  options: McpHttpOptions = {},
): McpHttpEndpoint {
  const buckets = new Map<string, TokenBucket>();
  const limits = deps.config.ws;
  const sessions = new SessionTable(
    {
      maxSessions: options.maxSessions ?? MAX_MCP_SESSIONS,
      idleMs: options.idleMs ?? MCP_SESSION_IDLE_MS,
    },
    (id) => buckets.delete(id),
  );
  const sweeper = setInterval(() => sessions.sweep(), options.sweepMs ?? 60_000);
  sweeper.unref();

  const allow = (key: string): boolean => {
    let bucket = buckets.get(key);
    if (bucket === undefined) {
      bucket = new TokenBucket(limits.requestsPerSecond);
      buckets.set(key, bucket);
    }
    return bucket.take();
  };

  const forget = (id: string): void => {
    sessions.delete(id);
    buckets.delete(id);
  };

  const existing = async (id: string, req: IncomingMessage, res: ServerResponse, body: unknown) => {
    const session = sessions.get(id);
    if (session === undefined) throw new HttpRefusal(404, -32001, 'Session not found');
    const release = sessions.hold(id);
    // An SSE stream stays open after handle() returns; the session is busy until it closes.
    res.once('close', release);
    try {
      await session.handle(req, res, body);
    } finally {
      if (res.writableEnded) release();
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const id = req.headers['mcp-session-id'];
    const sessionId = typeof id === 'string' ? id : undefined;
    const key = sessionId ?? `addr:${req.socket.remoteAddress ?? '?'}`;
    if (!allow(key)) throw new HttpRefusal(429, -32000, 'rate limited: slow down and retry');
    const body = req.method === 'POST' ? await readBody(req, limits.maxPayloadBytes) : undefined;
    if (sessionId !== undefined) return existing(sessionId, req, res, body);
    if (req.method !== 'POST' || !isInitialize(body)) {
      throw new HttpRefusal(400, -32000, 'Bad Request: no valid session id; initialize first');
    }
    const session = await createHttpSession(deps, (sid, s) => sessions.add(sid, s), forget);
    await session.handle(req, res, body);
  };

  return {
    handle: async (req, res) => {
      try {
        await route(req, res);
      } catch (err) {
        if (!(err instanceof HttpRefusal)) throw err;
        if (!res.headersSent) refuse(res, err);
      }
    },
    get sessionCount() {
      return sessions.size;
    },
    close: async () => {
      clearInterval(sweeper);
      buckets.clear();
      await sessions.closeAll();
    },
  };
}

/** Where routes are mounted: the HTTP front, or the running server that wraps it. */
export interface RouteHost {
  addRoute(path: string, handler: RouteHandler): void;
}

/** Mount the MCP endpoint at /mcp on the shared HTTP front (token-checked there). */
export function mountMcp(
  front: RouteHost,
  deps: McpDeps,
  options: McpHttpOptions = {},
): McpHttpEndpoint {
  const endpoint = createMcpHttpEndpoint(deps, options);
  front.addRoute(MCP_PATH, (req, res) => endpoint.handle(req, res));
  return endpoint;
}
