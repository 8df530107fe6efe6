/** The MCP server: tools and resources over stdio (`uistream mcp`) and streamable HTTP at /mcp. */
export { runMcpStdio, type McpApp } from './stdio.js';
export {
  createMcpHttpEndpoint,
  mountMcp,
  MCP_PATH,
  type McpHttpEndpoint,
  type RouteHost,
} from './http.js';
export { toolsFor, defaultTools } from './tools/index.js';
export type { McpDeps, ToolDef } from './types.js';
