/**
 * Property comparison and merging. An `update` patch carries only the properties that really
 * changed. JSON cannot say "this optional property is gone", so a string property that
 * disappears is kept as '' (cache and every mirror agree), and the consistency checker treats
 * a missing string and '' as equal.
 */
import type { ElementProps } from '../../protocol/src/index.js';
import type { BackendProps } from '../backends/backend.js';

type PropKey = keyof BackendProps;

/**
 * The values an `update` patch replaced, keyed by the patch's props object, so the event log
 * can report `from` and `to` without widening the wire patch. Entries vanish with the patch.
 */
export const previousValues = new WeakMap<object, Record<string, unknown>>();

const STRING_KEYS = ['name', 'automationId', 'className', 'value', 'app'] as const;
const PROP_KEYS: readonly PropKey[] = [
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
    rect: p.rect === null || p.rect === undefined ? null : { ...p.rect },
    states: [...p.states],
    patterns: [...p.patterns],
  };
  if (p.automationId !== undefined) out.automationId = p.automationId;
  if (p.className !== undefined) out.className = p.className;
  if (p.value !== undefined) out.value = p.value;
  if (p.range !== undefined) out.range = { ...p.range };
  if (p.pid !== undefined) out.pid = p.pid;
  if (p.app !== undefined) out.app = p.app;
  return out;
}

/**
 * Merge `next` (a full or partial set) over `before`. Returns the merged props and the changed
 * ones (null when nothing changed). `full` means absent string keys were removed.
 */
export function mergeProps(
  before: BackendProps,
  next: Partial<BackendProps>,
  full: boolean,
): { props: BackendProps; changed: ElementProps | null } {
  const props: BackendProps = { ...before };
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  let any = false;
  const target = props as unknown as Record<string, unknown>;
  for (const key of PROP_KEYS) {
    let value = (next as Record<string, unknown>)[key];
    if (value === undefined) {
      if (!full || !isStringKey(key) || !before[key]) continue;
      value = '';
    }
    if (sameValue(target[key], value)) continue;
    const copied = copyValue(value);
    previous[key] = target[key];
    target[key] = copied;
    changed[key] = copyValue(copied);
    any = true;
  }
  if (any) previousValues.set(changed, previous);
  return { props, changed: any ? changed : null };
}

function isStringKey(key: PropKey): key is (typeof STRING_KEYS)[number] {
  return (STRING_KEYS as readonly string[]).includes(key);
}

function copyValue(v: unknown): unknown {
  if (Array.isArray(v)) return [...(v as unknown[])];
  if (v !== null && typeof v === 'object') return { ...v };
  return v;
}
