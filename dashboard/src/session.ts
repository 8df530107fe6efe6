/**
 * The page's one connection: the token comes from the URL fragment (never a query), is checked
 * first over HTTP so a wrong token gets a clear message (a browser cannot see why a WebSocket
 * upgrade was refused), then authenticates the socket through the token subprotocol.
 */
import type { UistreamClient } from '../../clients/typescript/index.js';
import { browserSocket, connect, UistreamError } from '../../clients/typescript/index.js';
import type { MethodInput, MethodName, MethodResult } from '../../protocol/src/index.js';
import { recordLatency } from './health-data.js';
import { connection, fatal, hello } from './state.js';

let client: UistreamClient | null = null;
let token = '';

/** The token from `#token=...`; the fragment is never sent to any server. */
export function tokenFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const value = params.get('token');
  return value === null || value === '' ? null : value;
}

export function bearer(): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function currentClient(): UistreamClient {
  if (client === null) throw new UistreamError('backend_unavailable', 'not connected');
  return client;
}

/** Explain an HTTP refusal of the token check in words a user can act on. */
function refusal(status: number, reason: string): string {
  if (status === 401) {
    return `The server refused the token (${reason}). Open the dashboard URL that npm start printed, with its #token=… part.`;
  }
  return `The server refused this page (HTTP ${status}: ${reason}).`;
}

export async function start(hash: string): Promise<boolean> {
  const found = tokenFromFragment(hash);
  if (found === null) {
    fatal.value =
      'No token in the URL. Open the dashboard URL that npm start printed (it ends in #token=…).';
    return false;
  }
  token = found;
  const check = await fetch('api/stats', { headers: bearer(), cache: 'no-store' });
  if (!check.ok) {
    const body = (await check.json().catch(() => ({}))) as { error?: string };
    fatal.value = refusal(check.status, body.error ?? check.statusText);
    return false;
  }
  const url = `ws://${location.host}/`;
  client = await connect(url, { token, tokenVia: 'subprotocol', socket: browserSocket });
  client.state$.subscribe((s) => (connection.value = s));
  hello.value = await call('session.hello', { client: 'dashboard' });
  return true;
}

/** A call whose round-trip time feeds the health panel's latency figures. */
export async function call<M extends MethodName>(
  method: M,
  params: MethodInput<M>,
): Promise<MethodResult<M>> {
  const started = performance.now();
  try {
    return await currentClient().call(method, params);
  } finally {
    recordLatency(method.startsWith('actions.') ? 'action' : 'read', performance.now() - started);
  }
}
