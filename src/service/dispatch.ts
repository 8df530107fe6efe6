/**
 * Validation at the boundary and dispatch into the method table, shared by every transport:
 * raw params are checked by the registry's zod schema (invalid_params with the issues in
 * details) before a handler sees them.
 */
import type { z } from 'zod';
import type { MethodDef } from '../../protocol/src/index.js';
import { getMethod } from '../../protocol/src/index.js';
import { InvalidParamsError } from '../errors.js';
import type { CallerContext } from '../executor/api.js';
import type { HandlerTable, TableMethod } from './handlers.js';
import { isConnectionMethod } from './handlers.js';

/** One zod issue as it crosses the wire: where and what, nothing else. */
export interface ParamIssue {
  path: string;
  message: string;
}

/** Issues as they cross the wire; unknown keys come first, being the likeliest mistake. */
export function describeIssues(error: z.ZodError): ParamIssue[] {
  const issues = [...error.issues].sort(
    (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
  );
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Parse raw params against a method's schema; throws InvalidParamsError on mismatch. */
export function validateParams(def: MethodDef, raw: unknown): unknown {
  const parsed = def.params.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = describeIssues(parsed.error);
  const first = issues[0];
  const summary = first === undefined ? 'invalid' : `${first.path || '(params)'}: ${first.message}`;
  throw new InvalidParamsError(`invalid params for ${def.name}: ${summary}`, {
    details: { method: def.name, issues },
  });
}

/** The table's methods (everything but per-connection subscriptions). */
export function isTableMethod(name: string): name is TableMethod {
  return getMethod(name) !== undefined && !isConnectionMethod(name);
}

/** Validate and run one table method. The caller has checked the name with isTableMethod. */
export async function callTableMethod(
  handlers: HandlerTable,
  name: TableMethod,
  rawParams: unknown,
  ctx: CallerContext,
): Promise<unknown> {
  const def = getMethod(name);
  if (def === undefined) throw new InvalidParamsError(`unknown method ${name}`);
  const params = validateParams(def, rawParams);
  // The handler for `name` takes exactly the params its schema produced above.
  const handler = handlers[name] as (p: unknown, c: CallerContext) => unknown;
  return await handler(params, ctx);
}
