/**
 * The one way a tool reaches the server: through the shared method table, which validates the
 * params and asks the access policy. Tools never touch the cache or the executor themselves.
 */
import type { MethodInput, MethodName, MethodResult } from '../../protocol/src/index.js';
import { NotSupportedError, throwIfAborted } from '../errors.js';
import { callTableMethod, isTableMethod } from '../service/dispatch.js';
import { mcpCallName } from './hints.js';
import type { ToolContext } from './types.js';

/** Call a registry method through the method table with the caller's identity and signal. */
export async function callMethod<N extends MethodName>(
  ctx: ToolContext,
  method: N,
  input: MethodInput<N>,
): Promise<MethodResult<N>> {
  return (await callByName(ctx, method, input)) as MethodResult<N>;
}

/** The same for a method known only by name (a tool derived from the registry). */
export async function callByName(ctx: ToolContext, method: string, input: unknown) {
  throwIfAborted(ctx.caller.signal);
  if (!isTableMethod(ctx.deps.handlers, method)) {
    const name = mcpCallName(ctx.deps.config.mcp.tools)(method);
    throw new NotSupportedError(`${name} is not available on this server`, { details: { method } });
  }
  return await callTableMethod(ctx.deps.handlers, method, input, ctx.caller);
}
