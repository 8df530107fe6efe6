/**
 * Renders the Python client's generated module (clients/python/src/uistream/_generated.py) from
 * the registry's JSON Schemas: one typed async and one typed sync function per method (keyword
 * arguments in snake_case, results as TypedDicts of their top-level fields) and one exception
 * class per wire error code. Only top levels are typed precisely: nested objects stay
 * `dict[str, Any]`, which keeps the module readable and the mapping obviously faithful.
 */

type Json = Record<string, unknown>;

export interface PythonMethod {
  name: string;
  kind: string;
  summary: string;
  params: Json;
  result: Json;
}

const KEYWORDS = new Set(['from', 'in', 'is', 'not', 'and', 'or', 'class', 'def', 'global']);

/** Exception names that would read as Python's own (asyncio.CancelledError...). */
const ERROR_NAMES: Record<string, string> = {
  cancelled: 'CallCancelledError',
  timeout: 'UiTimeoutError',
  internal: 'InternalServerError',
};

export function snake(name: string): string {
  const s = name
    .replace(/[.]/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
  return KEYWORDS.has(s) ? `${s}_` : s;
}

function pascal(name: string): string {
  return name
    .split(/[._]/)
    .map((part) => (part[0] ?? '').toUpperCase() + part.slice(1))
    .join('');
}

export function errorClassName(code: string): string {
  return ERROR_NAMES[code] ?? `${pascal(code)}Error`;
}

/** A Python literal of a JSON value (strings in JSON's escapes, which Python reads alike). */
function literal(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  return JSON.stringify(value);
}

/** The Python annotation of a JSON Schema (nested objects as dicts). */
export function pyType(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return 'Any';
  const s = schema as Json;
  if ('const' in s) return `Literal[${literal(s.const)}]`;
  if (Array.isArray(s.enum)) return `Literal[${s.enum.map(literal).join(', ')}]`;
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map(pyType))].join(' | ');
  switch (s.type) {
    case 'string':
      return 'str';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'null':
      return 'None';
    case 'array':
      return `list[${pyType(s.items)}]`;
    case 'object':
      return 'dict[str, Any]';
    default:
      return 'Any';
  }
}

function properties(schema: Json): { props: Record<string, Json>; required: Set<string> } | null {
  if (schema.type !== 'object' || typeof schema.properties !== 'object') return null;
  return {
    props: schema.properties as Record<string, Json>,
    required: new Set((schema.required as string[] | undefined) ?? []),
  };
}

function resultType(m: PythonMethod): { name: string; decl: string | null } {
  const shape = properties(m.result);
  if (shape === null) return { name: pyType(m.result), decl: null };
  const name = `${pascal(m.name)}Result`;
  const fields = Object.entries(shape.props).map(([key, value]) => {
    const type = pyType(value);
    return `        ${literal(key)}: ${shape.required.has(key) ? `Required[${type}]` : type},`;
  });
  const decl = `${name} = TypedDict(\n    ${literal(name)},\n    {\n${fields.join('\n')}\n    },\n    total=False,\n)`;
  return { name, decl };
}

interface Signature {
  args: string;
  body: string;
  doc: string[];
}

function signature(m: PythonMethod): Signature {
  const shape = properties(m.params);
  if (shape === null) {
    return {
      args: 'params: dict[str, Any] | None = None',
      body: 'params or {}',
      doc: [],
    };
  }
  const entries = Object.entries(shape.props);
  if (entries.length === 0) return { args: '', body: '{}', doc: [] };
  const args = entries.map(([key, value]) => {
    const type = pyType(value);
    return shape.required.has(key)
      ? `${snake(key)}: ${type}`
      : `${snake(key)}: ${type} | None = None`;
  });
  const mapping = entries.map(([key]) => `${literal(key)}: ${snake(key)}`).join(', ');
  const doc = entries
    .filter(([, value]) => typeof value.description === 'string')
    .map(([key, value]) => `${snake(key)}: ${String(value.description)}`);
  return { args: `*, ${args.join(', ')}`, body: `_given({${mapping}})`, doc };
}

function docstring(summary: string, lines: string[], indent: string): string {
  const text = [summary, ...(lines.length > 0 ? ['', ...lines] : [])]
    .map((line) => line.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"'))
    .map((line, i) => (i === 0 || line === '' ? line : `${indent}${line}`))
    .join('\n');
  return `${indent}"""${text}${lines.length > 0 ? `\n${indent}` : ''}"""`;
}

function methodDefs(methods: PythonMethod[], sync: boolean): string[] {
  return methods.map((m) => {
    const sig = signature(m);
    const { name: result } = resultType(m);
    const self = sig.args === '' ? 'self' : `self, ${sig.args}`;
    const head = sync ? 'def' : 'async def';
    const call = sync ? 'self.call' : 'await self.call';
    return [
      `    ${head} ${snake(m.name)}(${self}) -> ${result}:`,
      docstring(m.summary, sig.doc, '        '),
      `        return ${call}(${literal(m.name)}, ${sig.body})  # type: ignore[no-any-return]`,
    ].join('\n');
  });
}

function errorDefs(codes: string[]): string[] {
  const classes = codes.map((code) => {
    const base = code === 'timeout' ? 'UistreamError, TimeoutError' : 'UistreamError';
    return `class ${errorClassName(code)}(${base}):\n    code = ${literal(code)}`;
  });
  const table = codes.map((code) => `    ${literal(code)}: ${errorClassName(code)},`);
  return [...classes, `ERROR_CLASSES: dict[str, type[UistreamError]] = {\n${table.join('\n')}\n}`];
}

export function renderPython(input: {
  version: string;
  methods: PythonMethod[];
  errors: string[];
}): string {
  const { methods, errors } = input;
  const results = methods.map(resultType).flatMap((r) => (r.decl === null ? [] : [r.decl]));
  const kinds = methods.map((m) => `    ${literal(m.name)}: ${literal(m.kind)},`);
  const exported = [
    ...errors.map(errorClassName),
    ...methods.flatMap((m) => (properties(m.result) === null ? [] : [resultType(m).name])),
  ];
  const sections = [
    '# Generated by protocol/scripts/generate.ts from the protocol registry: do not edit.\n# `npm run generate` rewrites it; `npm run generate:check` fails when it is stale.\nfrom __future__ import annotations\n\nfrom typing import Any, Literal, Required, TypedDict\n\nfrom .errors import UistreamError',
    `__all__ = [\n${exported.map((name) => `    ${literal(name)},`).join('\n')}\n]`,
    `PROTOCOL_VERSION = ${literal(input.version)}`,
    `ERROR_CODES: tuple[str, ...] = (\n${errors.map((c) => `    ${literal(c)},`).join('\n')}\n)`,
    `METHOD_KINDS: dict[str, str] = {\n${kinds.join('\n')}\n}`,
    ...errorDefs(errors),
    'def _given(params: dict[str, Any]) -> dict[str, Any]:\n    """The params the caller gave (None means left out)."""\n    return {k: v for k, v in params.items() if v is not None}',
    ...results,
    `class AsyncMethods:\n    """Every protocol method as a typed coroutine."""\n\n    async def call(self, method: str, params: dict[str, Any]) -> Any:\n        raise NotImplementedError\n\n${methodDefs(methods, false).join('\n\n')}`,
    `class SyncMethods:\n    """Every protocol method as a typed blocking call."""\n\n    def call(self, method: str, params: dict[str, Any]) -> Any:\n        raise NotImplementedError\n\n${methodDefs(methods, true).join('\n\n')}`,
  ];
  return `${sections.join('\n\n\n')}\n`;
}
