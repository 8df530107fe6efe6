/**
 * MCP integration harness: the real HTTP front with /mcp mounted on a loopback port, SDK
 * clients over streamable HTTP and over stdio (the spawned CLI), and helpers to read
 * tool answers.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll } from 'vitest';
import type { SceneInput } from '../../../src/backends/sim/index.js';
import type { ConfigInput } from '../../../src/config.js';
import { mountMcp, type McpHttpEndpoint } from '../../../src/mcp/index.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { startTestApp, type TestApp } from './app.js';

export const TOKEN = 'mcp-integration-token-0123456789';

export interface HttpHarness {
  app: TestApp;
  /** The real server: WebSocket endpoint and /mcp on one port. */
  server: RunningServer;
  endpoint: McpHttpEndpoint;
  /** http://127.0.0.1:<port>/mcp */
  url: URL;
  close(): Promise<void>;
}

export async function startHttp(input: ConfigInput = {}, scene?: SceneInput): Promise<HttpHarness> {
  // Structured answers on unless a test says otherwise: most tests read fields there.
  const mcp = { structured: true, ...input.mcp };
  const app = await startTestApp(
    { token: TOKEN, port: 0, host: '127.0.0.1', ...input, mcp },
    scene,
  );
  const server = await startServer(app);
  const endpoint = mountMcp(server, {
    handlers: app.handlers,
    config: app.config,
    cache: app.cache,
  });
  return {
    app,
    server,
    endpoint,
    url: new URL(`${server.httpUrl}/mcp`),
    close: async () => {
      await endpoint.close();
      await server.close();
      await app.stop();
    },
  };
}

export async function connectHttp(url: URL, token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'uistream-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The server and its connected client that one suite shares. */
export interface McpSuite {
  readonly h: HttpHarness;
  readonly client: Client;
}

/**
 * A server and one connected client for the enclosing suite (or file): started before its
 * tests, closed after them. Read the fields inside tests and hooks only.
 */
export function useMcpHttp(input: ConfigInput = {}, scene?: SceneInput): McpSuite {
  let opened: McpSuite | undefined;
  beforeAll(async () => {
    const h = await startHttp(input, scene);
    opened = { h, client: await connectHttp(h.url) };
  });
  afterAll(async () => {
    await opened?.client.close();
    await opened?.h.close();
  });
  const get = (): McpSuite => {
    if (opened === undefined) throw new Error('the MCP suite is not open (read it inside a test)');
    return opened;
  };
  return {
    get h() {
      return get().h;
    },
    get client() {
      return get().client;
    },
  };
}

/** Spawn the real CLI, `uistream mcp --backend sim`, with extra flags (e.g. `--tools ui_automation`). */
export async function connectStdio(args: string[] = []): Promise<Client> {
  const client = new Client({ name: 'uistream-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      ...['--import', 'tsx', 'src/cli.ts', 'mcp', '--backend', 'sim', '--quiet'],
      ...['--structured-content', ...args],
    ],
    stderr: 'inherit',
  });
  await client.connect(transport);
  return client;
}

export interface ToolAnswer {
  text: string;
  structured: Record<string, unknown> | undefined;
  isError: boolean;
}

/** Call a tool and return its text, structured content and error flag. */
export async function call(client: Client, name: string, args: object = {}): Promise<ToolAnswer> {
  const r = await client.callTool({ name, arguments: args as Record<string, unknown> });
  const content = r.content as { type: string; text?: string }[];
  return {
    text: content.map((c) => c.text ?? '').join('\n'),
    structured: r.structuredContent as Record<string, unknown> | undefined,
    isError: r.isError === true,
  };
}

/** Call a tool that must succeed; fail the test with its error text otherwise. */
export async function ok(client: Client, name: string, args: object = {}): Promise<ToolAnswer> {
  const r = await call(client, name, args);
  if (r.isError) throw new Error(`${name} failed: ${r.text}`);
  return r;
}
