/**
 * The one way a tool reaches the server: validate the params with the registry's schema, then
 * call the shared method table. Tools never touch the cache or the executor themselves.
 */
import type { z } from 'zod';
import {
  getMethod,
  type MethodInput,
  type MethodName,
  type MethodResult,
} from '../../protocol/src/index.js';
import { InvalidParamsError, NotSupportedError, throwIfAborted } from '../errors.js';
import type { Handler } from '../service/handlers.js';
import type { ToolContext } from './types.js';

/** Summarise zod issues as `path: message` strings for invalid_params details. */
export function describeIssues(error: z.ZodError): string[] {
  const issues = [...error.issues].sort(
    (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
  );
  return issues.slice(0, 10).map((i) => {
    const path = i.path.map(String).join('.');
    return path === '' ? i.message : `${path}: ${i.message}`;
  });
}

/** Call a registry method through the method table with the caller's identity and signal. */
export async function callMethod<N extends MethodName>(
  ctx: ToolContext,
  method: N,
  input: MethodInput<N>,
): Promise<MethodResult<N>> {
  throwIfAborted(ctx.caller.signal);
  const def = getMethod(method);
  const table: Partial<Record<MethodName, unknown>> = ctx.deps.handlers;
  const handler = table[method] as Handler<N> | undefined;
  if (def === undefined || handler === undefined) {
    throw new NotSupportedError(`${method} is not available on this server`);
  }
  const parsed = def.params.safeParse(input);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error);
    throw new InvalidParamsError(`invalid parameters: ${problems.join('; ')}`, {
      details: { problems },
    });
  }
  return await handler(parsed.data as Parameters<Handler<N>>[0], ctx.caller);
}
