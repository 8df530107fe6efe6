/**
 * The method table's one door, the same for every transport (WebSocket, MCP, fleet RPC): raw
 * params are checked by the method's schema (invalid_params, one detail shape everywhere), the
 * access policy is asked, and only then does the implementation run. The table is built from
 * a registry, so a method added there is validated, gated and served without other edits.
 */
import type { z } from 'zod';
import { getMethod, type MethodDef, type Registry } from '../../protocol/src/index.js';
import { InvalidParamsError, NotSupportedError } from '../errors.js';
import type { CallerContext } from '../executor/api.js';
import type { AccessPolicy } from '../policy/access.js';

/** One zod issue as it crosses the wire: where and what, nothing else. */
export interface ParamIssue {
  /** Dotted path inside the params; empty for the params themselves. */
  path: string;
  message: string;
}

/** Issues reported at most (the first ones say what to fix). */
const MAX_ISSUES = 10;

/** Issues as they cross the wire; unknown keys come first, being the likeliest mistake. */
export function describeIssues(error: z.ZodError): ParamIssue[] {
  const issues = [...error.issues].sort(
    (a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'),
  );
  return issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * Parse `raw` with `schema` for the call named `method` (a method, or the MCP tool called);
 * a mismatch throws invalid_params with `details: { method, issues }`, paths from the top of
 * the call's params.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  method: string,
  /** Where `raw` sits inside the call's params (a batch step's `steps.2.args`), if not at the top. */
  at = '',
): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = describeIssues(parsed.error).map((i) =>
    at === '' ? i : { ...i, path: i.path === '' ? at : `${at}.${i.path}` },
  );
  const first = issues[0];
  const summary = first === undefined ? 'invalid' : `${first.path || '(params)'}: ${first.message}`;
  throw new InvalidParamsError(`invalid params for ${method}: ${summary}`, {
    details: { method, issues },
  });
}

/** Parse raw params against a method's schema; throws InvalidParamsError on mismatch. */
export function validateParams(def: MethodDef, raw: unknown): unknown {
  return parseParams(def.params, raw, def.name);
}

/** A method's implementation: it receives params its schema produced. */
export type Implementation = (params: never, ctx: CallerContext) => unknown;

/** A table entry: raw params in, validated and gated, the implementation's answer out. */
export type BoundMethod = ((raw: unknown, ctx: CallerContext) => Promise<unknown>) & {
  readonly def: MethodDef;
};

/** Validate, ask the policy, then run. */
export function bindMethod(
  def: MethodDef,
  policy: AccessPolicy,
  impl: Implementation,
): BoundMethod {
  const run = impl as (params: unknown, ctx: CallerContext) => unknown;
  const bound = async (raw: unknown, ctx: CallerContext): Promise<unknown> => {
    const params = validateParams(def, raw);
    policy.checkMethod(def);
    return await run(params, ctx);
  };
  return Object.assign(bound, { def });
}

/** Every method of `registry` that has an implementation, bound. */
export function bindTable(
  registry: Registry,
  policy: AccessPolicy,
  impls: Readonly<Record<string, Implementation>>,
): Record<string, BoundMethod> {
  const table: Record<string, BoundMethod> = {};
  for (const def of registry.methods) {
    const impl = Object.hasOwn(impls, def.name) ? impls[def.name] : undefined;
    if (impl !== undefined) table[def.name] = bindMethod(def, policy, impl);
  }
  return table;
}

type AnyTable = object;

function entry(table: AnyTable, name: string): BoundMethod | undefined {
  return Object.hasOwn(table, name) ? (table as Record<string, BoundMethod>)[name] : undefined;
}

/** True when the table serves `name` (per-connection subscriptions are not in it). */
export function isTableMethod(table: AnyTable, name: string): boolean {
  return entry(table, name) !== undefined;
}

/** The definitions of the methods the table serves, in registry order. */
export function servedMethods(table: AnyTable): MethodDef[] {
  const entries = Object.entries(table as Record<string, Partial<BoundMethod>>);
  // A hand-made table (a unit test's stand-in) has bare functions: the registry knows them.
  return entries.flatMap(([name, m]) => m.def ?? getMethod(name) ?? []);
}

/** Validate, gate and run one table method by name. */
export async function callTableMethod(
  table: AnyTable,
  name: string,
  rawParams: unknown,
  ctx: CallerContext,
): Promise<unknown> {
  const method = entry(table, name);
  if (method === undefined) throw new NotSupportedError(`${name} is not available on this server`);
  return await method(rawParams, ctx);
}
