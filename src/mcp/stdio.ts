/** `uistream mcp`: one MCP session over stdin/stdout on a running app. */
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import type { HandlerTable } from '../service/handlers.js';
import { connectStdio, type McpSession } from './sdk.js';

/** What the MCP server needs of the composed app (createApp's result fits). */
export interface McpApp {
  config: Config;
  handlers: HandlerTable;
  cache: UiCache;
}

/**
 * Serve MCP over this process's stdin/stdout. Resolves once connected; the session ends when
 * stdin closes (then `onClosed` runs, e.g. to stop the app and exit).
 */
export async function runMcpStdio(app: McpApp, onClosed?: () => void): Promise<McpSession> {
  const session = await connectStdio({
    handlers: app.handlers,
    config: app.config,
    cache: app.cache,
  });
  if (onClosed !== undefined) process.stdin.once('end', onClosed);
  return session;
}
