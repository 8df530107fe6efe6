/**
 * The method table: one handler per registry method, each a thin call into the cache,
 * executor or event log. The WebSocket server and the MCP tools both call these, so a method
 * behaves the same on every transport. Subscriptions are per-connection and live in ws/.
 */
import type { MethodName, MethodParams, MethodResult } from '../../protocol/src/index.js';
import type { CallerContext } from '../executor/api.js';

export type Handler<N extends MethodName> = (
  params: MethodParams<N>,
  ctx: CallerContext,
) => Promise<MethodResult<N>> | MethodResult<N>;

export type HandlerTable = { [N in MethodName]?: Handler<N> };
