/**
 * The provider SDK: an app (or a test) connects out to a uistream server's `/provider`
 * endpoint and serves its own tree. It holds the tree, answers the server's subscribe and
 * resync with a snapshot, sends each change as a numbered delta, and runs the server's
 * requests through the app's handler. Its own entry (`uistream/client/provider`): it needs
 * `ws` and runs in Node.
 */
import WebSocket from 'ws';
import {
  PROVIDER_PATH,
  PROVIDER_SUBPROTOCOL,
  ServerToProvider,
  type ProviderAction,
  type ProviderActionKind,
  type ProviderErrorCode,
  type ProviderNode,
  type ProviderNodeId,
} from '../../protocol/src/index.js';

export interface ProviderOptions {
  /** The server, e.g. ws://127.0.0.1:7878 (the path /provider is added). */
  url: string;
  token: string;
  app: string;
  pid?: number;
  toolkit: string;
  toolkitVersion?: string;
  /** Actions the app can carry out; the server refuses the others without asking. */
  actions: ProviderActionKind[];
  /** Carry out one action; throw a ProviderActionError to answer a typed failure. */
  onAction(action: ProviderAction): Promise<{ via?: 'pattern' | 'input' } | void>;
  openTimeoutMs?: number;
}

/** A failure the app reports for an action, with one of the protocol's codes. */
export class ProviderActionError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface TreeChange {
  upsert?: ProviderNode[];
  remove?: ProviderNodeId[];
  windows?: ProviderNodeId[];
  focus?: ProviderNodeId | null;
}

export class ProviderConnection {
  private readonly nodes = new Map<ProviderNodeId, ProviderNode>();
  private windows: ProviderNodeId[] = [];
  private focus: ProviderNodeId | null = null;
  private seq = 0;
  private subscribed = false;
  /** Resolves when the connection ends, with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    private readonly socket: WebSocket,
    private readonly options: ProviderOptions,
  ) {
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    // The default binary type: every text frame arrives as one Buffer.
    socket.on('message', (data) => this.onMessage((data as Buffer).toString('utf8')));
  }

  static async connect(options: ProviderOptions): Promise<ProviderConnection> {
    const url = new URL(PROVIDER_PATH, options.url.replace(/^http/, 'ws'));
    const socket = new WebSocket(url, [PROVIDER_SUBPROTOCOL], {
      headers: { authorization: `Bearer ${options.token}` },
      handshakeTimeout: options.openTimeoutMs ?? 5_000,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`the server refused the provider: HTTP ${res.statusCode}`)),
      );
    });
    const connection = new ProviderConnection(socket, options);
    connection.sendJson({
      type: 'hello',
      protocol: 1,
      app: options.app,
      pid: options.pid ?? process.pid,
      toolkit: options.toolkit,
      toolkitVersion: options.toolkitVersion ?? '',
      capabilities: { actions: options.actions },
    });
    return connection;
  }

  /** Replace the whole tree (sent as a snapshot once the server has subscribed). */
  setTree(windows: ProviderNodeId[], nodes: ProviderNode[], focus: ProviderNodeId | null): void {
    this.nodes.clear();
    for (const n of nodes) this.nodes.set(n.id, n);
    this.windows = [...windows];
    this.focus = focus;
    if (this.subscribed) this.sendSnapshot();
  }

  /** Apply a change locally and send it as the next delta. */
  update(change: TreeChange): void {
    for (const id of change.remove ?? []) this.removeLocal(id);
    for (const n of change.upsert ?? []) this.nodes.set(n.id, n);
    if (change.windows !== undefined) this.windows = [...change.windows];
    if (change.focus !== undefined) this.focus = change.focus;
    if (!this.subscribed) return;
    this.sendJson({ type: 'delta', seq: ++this.seq, ...change });
  }

  /** Send raw text, for tests of how the server treats a misbehaving provider. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Skip a sequence number, as if a delta had been lost on the way. */
  skipDelta(): void {
    this.seq++;
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close(1000, 'done');
    return this.closed;
  }

  private onMessage(text: string): void {
    const parsed = ServerToProvider.safeParse(JSON.parse(text));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'subscribe' || message.type === 'resync') {
      this.subscribed = true;
      this.sendSnapshot();
    } else if (message.type === 'request') {
      void this.runRequest(message.requestId, message.action);
    }
  }

  private async runRequest(requestId: number, action: ProviderAction): Promise<void> {
    try {
      const done = await this.options.onAction(action);
      this.sendJson({
        type: 'result',
        requestId,
        ok: true,
        ...(done?.via ? { via: done.via } : {}),
      });
    } catch (err) {
      const code = err instanceof ProviderActionError ? err.code : 'action_failed';
      const message = err instanceof Error ? err.message : String(err);
      this.sendJson({ type: 'result', requestId, ok: false, error: { code, message } });
    }
  }

  private sendSnapshot(): void {
    this.seq = 0;
    this.sendJson({
      type: 'snapshot',
      seq: 0,
      windows: this.windows,
      nodes: [...this.nodes.values()],
      focus: this.focus,
    });
  }

  private removeLocal(id: ProviderNodeId): void {
    const node = this.nodes.get(id);
    if (node === undefined) return;
    this.nodes.delete(id);
    for (const child of node.children) this.removeLocal(child);
  }

  private sendJson(message: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
