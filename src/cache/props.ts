/**
 * Property comparison and merging. An `update` patch carries only the properties that really
 * changed. JSON cannot say "this optional property is gone", so a string property that
 * disappears is kept as '' (cache and every mirror agree), and the consistency checker treats
 * a missing string and '' as equal.
 */
import type { ElementProps } from '../../protocol/src/index.js';
import type { BackendProps } from '../backends/backend.js';

type PropKey = keyof BackendProps;

/** Where an `update` patch's props keep the values they replaced (non-enumerable, so it never
 * reaches the wire or an equality check); the event log reads it to report `from`. */
const PREVIOUS = Symbol('previous');

/** The values an `update` patch's props replaced (empty when unknown). */
export function previousOf(changed: object): Record<string, unknown> {
  return (changed as { [PREVIOUS]?: Record<string, unknown> })[PREVIOUS] ?? {};
}

/** Optional string properties: absent and empty mean the same. */
const STRING_KEYS = ['name', 'automationId', 'className', 'value', 'app'] as const;
/** Every property the cache holds, in a fixed order. */
export const PROP_KEYS: readonly PropKey[] = [
  'controlType',
  'name',
  'automationId',
  'className',
  'value',
  'range',
  'rect',
  'states',
  'patterns',
  'pid',
  'app',
];

/** Structural equality for the small values props hold (strings, numbers, rects, arrays). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if ((a as Record<string, unknown>)[k] !== (b as Record<string, unknown>)[k]) return false;
  }
  return true;
}

/** A defensive copy of backend props (we never keep objects the backend may mutate). */
export function copyProps(p: BackendProps): BackendProps {
  const out: BackendProps = {
    controlType: p.controlType,
    name: p.name ?? '',
    rect: p.rect === null || p.rect === undefined ? null : frozenRect(p.rect),
    states: frozenList(p.states) as BackendProps['states'],
    patterns: frozenList(p.patterns) as BackendProps['patterns'],
  };
  if (p.automationId !== undefined) out.automationId = p.automationId;
  if (p.className !== undefined) out.className = p.className;
  if (p.value !== undefined) out.value = p.value;
  if (p.range !== undefined) out.range = Object.freeze({ ...p.range });
  if (p.pid !== undefined) out.pid = p.pid;
  if (p.app !== undefined) out.app = p.app;
  return out;
}

/**
 * Merge `next` (a full or partial set) into `props` IN PLACE (the reducer owns the state).
 * Answers the changed properties (null when nothing changed); their previous values are
 * attached (see previousOf). `full` means absent string keys were removed. Values are shared
 * between the state and the patch: patches are read-only for every consumer.
 */
export function mergeProps(
  props: BackendProps,
  next: Partial<BackendProps>,
  full: boolean,
): ElementProps | null {
  let changed: Record<string, unknown> | null = null;
  let previous: Record<string, unknown> | null = null;
  const target = props as unknown as Record<string, unknown>;
  const source = next as Record<string, unknown>;
  const keys = full ? PROP_KEYS : (Object.keys(next) as PropKey[]);
  for (const key of keys) {
    let value = source[key];
    if (value === undefined) {
      if (!full || !isStringKey(key) || !target[key]) continue;
      value = '';
    }
    if (!PROP_SET.has(key) || sameValue(target[key], value)) continue;
    const copied = copyValue(value);
    changed ??= {};
    previous ??= {};
    previous[key] = target[key];
    target[key] = copied;
    changed[key] = copied;
  }
  if (changed === null) return null;
  Object.defineProperty(changed, PREVIOUS, { value: previous });
  return changed;
}

const PROP_SET: ReadonlySet<string> = new Set(PROP_KEYS);

export function isStringKey(key: PropKey): key is (typeof STRING_KEYS)[number] {
  return (STRING_KEYS as readonly string[]).includes(key);
}

/**
 * Stored values are frozen copies: the state never changes one in place (a change replaces it),
 * so reads and patches can share them without copying, and a consumer that tries to modify one
 * fails loudly instead of corrupting the cache.
 */
function copyValue(v: unknown): unknown {
  if (Array.isArray(v)) return Object.freeze([...(v as unknown[])]);
  if (isRect(v)) return frozenRect(v);
  if (v !== null && typeof v === 'object') return Object.freeze({ ...v });
  return v;
}

type RectValue = NonNullable<BackendProps['rect']>;

function isRect(v: unknown): v is RectValue {
  return v !== null && typeof v === 'object' && 'width' in v && 'height' in v && 'x' in v;
}

/**
 * A frozen rectangle built as a literal: every one shares the literal's hidden class. A frozen
 * spread copy of a backend's object may not (V8 then gives each its own map, some 200 bytes
 * per element).
 */
function frozenRect(r: RectValue): RectValue {
  return Object.freeze({ x: r.x, y: r.y, width: r.width, height: r.height });
}

/** A frozen list is shared as it is (nobody can change it; a provider shares them per node). */
function frozenList<T>(items: readonly T[]): readonly T[] {
  return Object.isFrozen(items) ? items : Object.freeze([...items]);
}
