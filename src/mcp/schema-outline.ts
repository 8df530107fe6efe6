/**
 * The JSON Schemas tools/list shows, cut to what a model and an MCP client need. Tool
 * definitions are paid for in tokens on every request an agent makes, so the listing leaves out
 * what the server checks anyway: safety bounds (max lengths, sizes), long enums (the zod schema
 * still refuses a wrong name, and its error lists the accepted ones), the dialect marker and the
 * closed-object marker (unknown keys are refused with the accepted keys named). An output schema
 * is an outline: the answer's own fields and their types, not every nested shape.
 *
 * The outline is always looser than the zod schema it comes from, never tighter, so a valid call
 * or answer is valid against it. It also keeps to the portable subset of JSON Schema: no `type`
 * arrays and no schema that constrains nothing (the checks of the MCP Inspector's --strict mode).
 */
import { CONTROL_TYPES } from '../../protocol/src/index.js';
import { paramListing } from './param-listing.js';
import type { ToolKind } from './types.js';

type Json = Record<string, unknown>;

/** Keywords dropped everywhere: bounds the server enforces and markers a model does not use. */
const DROPPED = new Set([
  '$schema',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'pattern',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

/** Dropped from output outlines: what each field means, which are always there, nested shapes. */
const OUTPUT_DROPPED = new Set(['description', 'required', '$defs', 'definitions']);

/** An enum longer than this (control types) is shown as a string with a few examples. */
const LONG_ENUM = 16;

/** How long enums read in the listing; the first values otherwise. */
const ENUM_SUMMARIES = new Map<string, string>([
  [CONTROL_TYPES.join(), 'e.g. Button, Edit, ListItem'],
]);

/** Any JSON value, spelled so that each branch has one type (portable, and not "untyped"). */
const ANY_VALUE: Json = {
  anyOf: ['string', 'number', 'boolean', 'object', 'array', 'null'].map((type) => ({ type })),
};

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function enumSummary(values: unknown[]): string {
  const known = ENUM_SUMMARIES.get(values.join());
  if (known !== undefined) return known;
  return `One of ${values.length}: ${values.slice(0, 6).join(', ')}…`;
}

/** A schema that constrains nothing (zod's unknown) becomes "any JSON value", spelled portably. */
function constrains(s: Json): boolean {
  return ['type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref'].some((k) => k in s);
}

/** `type: [a, b]` becomes `anyOf: [{type: a}, {type: b}]`, keeping the other keywords. */
function splitTypeArray(s: Json): Json {
  if (!Array.isArray(s.type)) return s;
  const { type, ...rest } = s;
  return { ...rest, anyOf: (type as string[]).map((t) => ({ type: t })) };
}

/** The type of a schema alone (for outline leaves): nullable unions keep their branches' types. */
function typeOnly(s: Json): Json {
  const split = splitTypeArray(s);
  if (typeof split.type === 'string') return { type: split.type };
  if ('const' in split) return { type: typeof split.const === 'number' ? 'number' : 'string' };
  const branches = (split.anyOf ?? split.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const types = [...new Set(branches.filter(isJson).map((b) => JSON.stringify(typeOnly(b))))];
    if (types.length === 1) return JSON.parse(types[0] ?? '{}') as Json;
    return { anyOf: types.map((t) => JSON.parse(t) as Json) };
  }
  return ANY_VALUE;
}

interface Walk {
  /** Depth below which an output outline keeps types only; Infinity for inputs. */
  maxDepth: number;
  /** The tool whose input this is, for the parameter table; absent for outputs. */
  tool?: { name: string; kind: ToolKind };
}

/** A bound that says nothing a model needs: a safety cap, or the natural floor of a count. */
function idleBound(key: string, value: unknown): boolean {
  if (typeof value !== 'number') return false;
  if (key === 'maximum') return value >= 1000;
  return key === 'minimum' && value <= 1;
}

/** Object properties as listed: hidden parameters left out, descriptions from the table. */
function listedProperties(props: Json, path: string[], depth: number, w: Walk): Json {
  const out: Json = {};
  for (const [name, sub] of Object.entries(props)) {
    const rule = w.tool !== undefined ? paramListing(w.tool, [...path, name]) : undefined;
    if (rule?.hidden === true) continue;
    let listed = outlineChild(sub, name, depth, w, [...path, name]);
    if (rule?.description !== undefined && isJson(listed)) {
      const { description: _wire, ...rest } = listed;
      listed = rule.description === '' ? rest : { ...rest, description: rule.description };
    }
    out[name] = listed;
  }
  return out;
}

function outlineChild(
  value: unknown,
  key: string,
  depth: number,
  w: Walk,
  path: string[],
): unknown {
  if (!isJson(value)) return value;
  if (key === 'additionalProperties' && !constrains(value)) return true;
  const listed = outline(value, depth + 1, w, path);
  // An array's own description covers its items.
  if (key === 'items') delete listed.description;
  return listed;
}

function outline(schema: Json, depth: number, w: Walk, path: string[] = []): Json {
  if (!constrains(schema)) return { ...ANY_VALUE, ...pick(schema, ['description']) };
  if (depth > w.maxDepth) return typeOnly(schema);
  let s = splitTypeArray(schema);
  if (Array.isArray(s.enum) && s.enum.length > LONG_ENUM) {
    const { enum: values, ...rest } = s;
    const description = typeof rest.description === 'string' ? rest.description : undefined;
    s = { ...rest, type: 'string', description: description ?? enumSummary(values as unknown[]) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(s)) {
    if (DROPPED.has(key) || (OUTPUT_DROPPED.has(key) && w.tool === undefined)) continue;
    if (key === 'default' && value === false) continue;
    if (key === 'additionalProperties' && value === false) continue;
    if (idleBound(key, value)) continue;
    if (key === 'properties' && isJson(value)) {
      out[key] = listedProperties(value, path, depth, w);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      out[key] = (value as unknown[]).map((b) => (isJson(b) ? outline(b, depth, w, path) : b));
    } else {
      out[key] = outlineChild(value, key, depth, w, path);
    }
  }
  return out;
}

function pick(s: Json, keys: string[]): Json {
  return Object.fromEntries(keys.filter((k) => k in s).map((k) => [k, s[k]]));
}

/** The listed form of a tool's input schema, trimmed by the parameter table. */
export function inputOutline(schema: Json, tool: { name: string; kind: ToolKind }): Json {
  return outline(schema, 0, { maxDepth: Infinity, tool });
}

/** The listed form of a tool's output schema: the answer's fields and their types. */
export function outputOutline(schema: Json): Json {
  return outline(schema, 0, { maxDepth: 0 });
}
