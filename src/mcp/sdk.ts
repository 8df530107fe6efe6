/**
 * The only file that imports the MCP SDK's server API, so moving to another SDK major version
 * touches this file alone. It builds one low-level SDK server per MCP session from the tools
 * (declared as data) and resources of this folder, and makes the stdio and streamable HTTP
 * transports.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  type JSONRPCMessage,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isUiError, toWireError } from '../errors.js';
import { SERVER_VERSION } from '../service/version.js';
import { BoundedEventStore } from './event-store.js';
import {
  completeWindowRef,
  listResources,
  readResource,
  ResourceSubscriptions,
  UnknownResourceError,
  windowTemplate,
} from './resources.js';
import { runTool } from './run-tool.js';
import { readShotResource, screenshotTemplate } from './shots.js';
import { listedTools } from './tool-list.js';
import { toolsFor } from './tools/index.js';
import { servedMethods } from '../service/dispatch.js';
import type { McpDeps, ToolContext } from './types.js';

/** How long an HTTP client waits before reconnecting a dropped SSE stream. */
const SSE_RETRY_MS = 1_000;

/** JSON-RPC error code the MCP spec gives "resource not found". */
const RESOURCE_NOT_FOUND = -32002;

export interface McpSession {
  /** Connect to a transport made by this file. */
  close(): Promise<void>;
}

function sessionContext(deps: McpDeps, clientId: string, signal: AbortSignal): ToolContext {
  // MCP's default: a screenshot of every failed action (agents debug by looking).
  const screenshots = deps.config.pixels.screenshots ?? 'on-failure';
  return { deps, caller: { clientId, signal, screenshots } };
}

function requestContext(base: ToolContext, requestSignal: AbortSignal): ToolContext {
  const signal = AbortSignal.any([base.caller.signal, requestSignal]);
  return { deps: base.deps, caller: { ...base.caller, signal } };
}

async function readOrNotFound(uri: string, ctx: ToolContext) {
  try {
    const shot = await readShotResource(uri, ctx.deps.config);
    if (shot !== undefined) return shot;
    return await readResource(uri, ctx);
  } catch (err) {
    if (err instanceof UnknownResourceError) {
      throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    }
    // A typed failure (a window of a denied app, one that closed) says so, with its code.
    if (isUiError(err)) {
      const wire = toWireError(err);
      throw new McpError(ErrorCode.InvalidParams, `${wire.code}: ${wire.message}`, wire);
    }
    throw new McpError(ErrorCode.InternalError, `cannot read ${uri}`);
  }
}

function registerTools(server: Server, base: ToolContext): void {
  const tools = toolsFor(base.deps.config, servedMethods(base.deps.handlers));
  const byName = new Map(tools.map((t) => [t.name, t]));
  const listing = listedTools(tools, base.deps.config.mcp.structured);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const tool = byName.get(req.params.name);
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    }
    return runTool(tool, req.params.arguments, requestContext(base, extra.signal));
  });
}

function registerResources(server: Server, base: ToolContext, subs: ResourceSubscriptions): void {
  server.setRequestHandler(ListResourcesRequestSchema, async (_req, extra) => ({
    resources: await listResources(requestContext(base, extra.signal)),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => {
    const templates = [windowTemplate];
    if (base.deps.config.pixels.screenshotDir !== undefined) templates.push(screenshotTemplate);
    return { resourceTemplates: templates.map(({ uri: _uri, ...template }) => template) };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => ({
    contents: [await readOrNotFound(req.params.uri, requestContext(base, extra.signal))],
  }));
  server.setRequestHandler(SubscribeRequestSchema, async (req) => {
    await readOrNotFound(req.params.uri, base);
    await subs.add(req.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (req) => {
    subs.remove(req.params.uri);
    return {};
  });
  server.setRequestHandler(CompleteRequestSchema, async (req, extra) => {
    const ref = req.params.ref;
    const wanted =
      ref.type === 'ref/resource' &&
      ref.uri === windowTemplate.uriTemplate &&
      req.params.argument.name === 'ref';
    const values = wanted
      ? await completeWindowRef(req.params.argument.value, requestContext(base, extra.signal))
      : [];
    return {
      completion: {
        values: values.slice(0, 100),
        total: values.length,
        hasMore: values.length > 100,
      },
    };
  });
}

/** One SDK server for one MCP session (one stdio peer or one HTTP session). */
function createServer(deps: McpDeps, clientId: string): { server: Server; close: () => void } {
  const life = new AbortController();
  const base = sessionContext(deps, clientId, life.signal);
  const server = new Server(
    { name: 'uistream', title: 'uistream desktop automation', version: SERVER_VERSION },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: true, listChanged: false },
        completions: {},
        logging: {},
      },
      instructions:
        'Desktop UI automation. Start with ui_list_windows or ui_snapshot; refs like e12 stay ' +
        'valid across calls while the element exists. Prefer ui_read for cheap region reads.',
    },
  );
  const subs = new ResourceSubscriptions(base, (uri) => server.sendResourceUpdated({ uri }));
  registerTools(server, base);
  registerResources(server, base, subs);
  const close = (): void => {
    subs.close();
    life.abort();
  };
  server.onclose = close;
  return { server, close };
}

/** Serve one MCP session over this process's stdin/stdout until the peer goes away. */
export async function connectStdio(deps: McpDeps): Promise<McpSession> {
  const { server, close } = createServer(deps, `mcp-stdio-${process.pid}`);
  await server.connect(new StdioServerTransport());
  return {
    close: async () => {
      close();
      await server.close();
    },
  };
}

/** One streamable HTTP session: its own SDK server and transport, sharing `deps`. */
export interface HttpSession extends McpSession {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  readonly sessionId: string | undefined;
}

/** Make a session for an initialize request; `onClosed` runs when the peer or server ends it. */
export async function createHttpSession(
  deps: McpDeps,
  onInitialized: (id: string, session: HttpSession) => void,
  onClosed: (id: string) => void,
): Promise<HttpSession> {
  const clientId = `mcp-http-${randomUUID()}`;
  const { server, close } = createServer(deps, clientId);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new BoundedEventStore<JSONRPCMessage>(),
    retryInterval: SSE_RETRY_MS,
    onsessioninitialized: (id) => onInitialized(id, session),
    onsessionclosed: (id) => onClosed(id),
  });
  const session: HttpSession = {
    handle: (req, res, body) => transport.handleRequest(req, res, body),
    get sessionId() {
      return transport.sessionId;
    },
    close: async () => {
      close();
      await server.close();
    },
  };
  transport.onclose = () => {
    close();
    if (transport.sessionId !== undefined) onClosed(transport.sessionId);
  };
  await server.connect(transport);
  return session;
}
