/**
 * Connecting a node (or the fleet CLI) to NATS: servers from a URL list, credentials from one
 * file (a NATS .creds file, an nkey seed, or a `user:password` line), reconnecting forever,
 * because a node keeps serving locally and resumes publishing whenever NATS comes back.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  connect,
  credsAuthenticator,
  nkeyAuthenticator,
  usernamePasswordAuthenticator,
  type Authenticator,
  type NatsConnection,
  type NodeConnectionOptions,
} from '@nats-io/transport-node';
import { UiError } from '../errors.js';

export interface NatsTarget {
  url: string;
  credsFile?: string;
  /** Connection name shown by the server's monitoring. */
  name: string;
}

/** The host name made into one subject token (dots and other characters become `-`). */
export function defaultNodeName(): string {
  const safe = hostname()
    .replace(/[^A-Za-z0-9_-]/g, '-')
    .slice(0, 64);
  return safe === '' ? 'node' : safe;
}

/** Read a credentials file into an authenticator; unreadable or unknown forms are refused. */
export function authenticatorFrom(file: string): Authenticator {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UiError('invalid_params', `cannot read --nats-creds ${file}: ${String(err)}`);
  }
  const trimmed = text.trim();
  if (trimmed.includes('BEGIN NATS USER JWT')) {
    return credsAuthenticator(new TextEncoder().encode(text));
  }
  if (/^SU[A-Z2-7]{50,}$/.test(trimmed)) {
    return nkeyAuthenticator(new TextEncoder().encode(trimmed));
  }
  const colon = trimmed.indexOf(':');
  if (colon > 0 && !trimmed.includes('\n')) {
    return usernamePasswordAuthenticator(trimmed.slice(0, colon), trimmed.slice(colon + 1));
  }
  throw new UiError(
    'invalid_params',
    `--nats-creds ${file}: expected a NATS .creds file, an nkey user seed (SU...) or user:password`,
  );
}

function options(target: NatsTarget, waitOnFirstConnect: boolean): NodeConnectionOptions {
  return {
    servers: target.url.split(',').map((s) => s.trim()),
    name: target.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 100,
    pingInterval: 10_000,
    waitOnFirstConnect,
    // Each acknowledged publish is a request; capturing a stack for it (two Error objects per
    // event) was most of a node's publishing CPU. Failures still carry their message and code.
    noAsyncTraces: true,
    ...(target.credsFile === undefined
      ? {}
      : { authenticator: authenticatorFrom(target.credsFile) }),
  };
}

function isAuthFailure(err: unknown): boolean {
  const text = String((err as { message?: unknown })?.message ?? err).toLowerCase();
  return text.includes('authorization') || text.includes('authentication');
}

/**
 * Connect once; when the server is merely unreachable, hand back a connection attempt that
 * keeps trying in the background (`pending`), so the caller can go on serving locally.
 * Credentials the server refuses are an error at once: they will not get better by retrying.
 */
export async function connectNats(
  target: NatsTarget,
): Promise<{ nc: NatsConnection } | { pending: Promise<NatsConnection>; reason: string }> {
  try {
    return { nc: await connect({ ...options(target, false), maxReconnectAttempts: -1 }) };
  } catch (err) {
    if (isAuthFailure(err)) {
      throw new UiError('unauthorized', `NATS refused the credentials: ${String(err)}`, {
        details: { url: target.url },
      });
    }
    return { pending: connect(options(target, true)), reason: String(err) };
  }
}

/** A one-shot connection for tools (the fleet CLI): failures are errors. */
export async function connectTool(target: NatsTarget): Promise<NatsConnection> {
  try {
    return await connect({ ...options(target, false), maxReconnectAttempts: 3 });
  } catch (err) {
    const code = isAuthFailure(err) ? 'unauthorized' : 'backend_unavailable';
    throw new UiError(code, `cannot connect to NATS at ${target.url}: ${String(err)}`);
  }
}
