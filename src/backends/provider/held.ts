/**
 * A provider node as the server holds it between fetches. The cache keeps its own full copy
 * (the cache is the truth), so this one is what the composite answers fetches from and kept
 * small: one object of a single shape per node, its states, patterns and empty children lists
 * shared between nodes (frozen, so sharing is safe), and the rectangle a frozen literal.
 * A 10,000-label app holds about 200 B per node here instead of about 400 B for the nodes as
 * parsed from the provider's messages.
 */
import type { ProviderNode, ProviderNodeId } from '../../../protocol/src/index.js';

type Rect = NonNullable<ProviderNode['rect']>;

export interface HeldNode {
  readonly id: ProviderNodeId;
  readonly parentId: ProviderNodeId | null;
  readonly children: readonly ProviderNodeId[];
  readonly controlType: ProviderNode['controlType'];
  readonly name: string;
  readonly automationId: string | undefined;
  readonly className: string | undefined;
  readonly value: string | undefined;
  readonly range: ProviderNode['range'];
  readonly rect: Readonly<Rect> | null;
  readonly states: readonly ProviderNode['states'][number][];
  readonly patterns: readonly ProviderNode['patterns'][number][];
}

const NO_CHILDREN: readonly ProviderNodeId[] = Object.freeze([]);

/** Shared lists by their joined items; a provider has a few dozen distinct ones at most. */
const lists = new Map<string, readonly string[]>();
/** Distinct lists kept before the table starts over (a hostile provider could vary them). */
const MAX_LISTS = 4096;

function shared<T extends string>(items: readonly T[]): readonly T[] {
  const key = items.join('\u0000');
  const known = lists.get(key);
  if (known !== undefined) return known as readonly T[];
  if (lists.size >= MAX_LISTS) lists.clear();
  const frozen = Object.freeze([...items]);
  lists.set(key, frozen);
  return frozen;
}

export function hold(n: ProviderNode): HeldNode {
  const r = n.rect;
  return {
    id: n.id,
    parentId: n.parentId,
    children: n.children.length === 0 ? NO_CHILDREN : n.children,
    controlType: n.controlType,
    name: n.name,
    automationId: n.automationId,
    className: n.className,
    value: n.value,
    // Copied: a provider's message is checked where it lies, extra keys and all.
    range: n.range === undefined ? undefined : rangeOf(n.range),
    rect: r === null ? null : Object.freeze({ x: r.x, y: r.y, width: r.width, height: r.height }),
    states: shared(n.states),
    patterns: shared(n.patterns),
  };
}

function rangeOf(r: NonNullable<ProviderNode['range']>): ProviderNode['range'] {
  return r.step === undefined
    ? { value: r.value, min: r.min, max: r.max }
    : { value: r.value, min: r.min, max: r.max, step: r.step };
}

/** The node's properties as a backend reports them (absent optional ones left out). */
export function propsOf(n: HeldNode): Omit<ProviderNode, 'id' | 'parentId' | 'children'> {
  const out: Omit<ProviderNode, 'id' | 'parentId' | 'children'> = {
    controlType: n.controlType,
    name: n.name,
    rect: n.rect,
    states: n.states as ProviderNode['states'],
    patterns: n.patterns as ProviderNode['patterns'],
  };
  if (n.automationId !== undefined) out.automationId = n.automationId;
  if (n.className !== undefined) out.className = n.className;
  if (n.value !== undefined) out.value = n.value;
  if (n.range !== undefined) out.range = n.range;
  return out;
}

export function sameChildren(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/** Everything but the children; shared lists compare by identity. */
export function sameProps(a: HeldNode, b: HeldNode): boolean {
  return (
    a.parentId === b.parentId &&
    a.controlType === b.controlType &&
    a.name === b.name &&
    a.automationId === b.automationId &&
    a.className === b.className &&
    a.value === b.value &&
    sameRange(a.range, b.range) &&
    sameRect(a.rect, b.rect) &&
    a.states === b.states &&
    a.patterns === b.patterns
  );
}

function sameRect(a: Rect | null, b: Rect | null): boolean {
  if (a === null || b === null) return a === b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

function sameRange(a: ProviderNode['range'], b: ProviderNode['range']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.value === b.value && a.min === b.min && a.max === b.max && a.step === b.step;
}
