/**
 * Strict parameters: a deep copy of a params schema in which every object refuses keys it does
 * not declare. Applied once, where methods and tools are declared, so a misspelt filter can
 * never widen a search or send an action elsewhere, and every method added later inherits it.
 * The refusal names the unknown keys and lists the accepted ones.
 */
import { z } from 'zod';

type Def = Record<string, unknown> & { type: string };

/** Wrapper kinds whose one inner schema sits in `def.innerType`. */
const WRAPPED = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
  'success',
]);

const strictCopies = new WeakMap<z.ZodType, z.ZodType>();

function shapeOf(inst: unknown): string[] {
  const def = (inst as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def;
  return Object.keys(def?.shape ?? {});
}

/** The message of an unknown-key issue; other issues keep zod's own message. */
function unknownKeyMessage(issue: { code?: string; keys?: string[]; inst?: unknown }) {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const keys = (issue.keys ?? []).map((k) => `"${k}"`).join(', ');
  const accepted = shapeOf(issue.inst);
  const list = accepted.length === 0 ? 'none' : accepted.join(', ');
  return `unknown key${(issue.keys?.length ?? 0) > 1 ? 's' : ''} ${keys}; accepted: ${list}`;
}

function rebuild(def: Def): Def | undefined {
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    const strictShape = Object.fromEntries(
      Object.entries(shape).map(([key, value]) => [key, strictParams(value)]),
    );
    return { ...def, shape: strictShape, catchall: z.never(), error: unknownKeyMessage };
  }
  if (WRAPPED.has(def.type)) return { ...def, innerType: strictParams(def.innerType as z.ZodType) };
  if (def.type === 'array') return { ...def, element: strictParams(def.element as z.ZodType) };
  if (def.type === 'union')
    return { ...def, options: (def.options as z.ZodType[]).map((o) => strictParams(o)) };
  if (def.type === 'pipe') return { ...def, in: strictParams(def.in as z.ZodType) };
  return undefined;
}

/**
 * The strict copy of `schema` (same types, same descriptions, unknown keys refused at every
 * depth). Records, intersections and leaves are kept as they are.
 */
export function strictParams<S extends z.ZodType>(schema: S): S {
  const known = strictCopies.get(schema);
  if (known !== undefined) return known as S;
  const def = rebuild(schema._zod.def as unknown as Def);
  const copy = def === undefined ? schema : schema.clone(def as never, { parent: true });
  strictCopies.set(schema, copy);
  return copy;
}
