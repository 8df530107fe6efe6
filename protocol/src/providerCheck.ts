/**
 * The provider messages' rules (provider.ts) checked by hand, for the server's hot path: a
 * zod parse of a 10,000-node snapshot built a second copy of every node and, cold, cost the
 * server half a second of a sync. Nodes are checked where they lie and handed on as they came
 * (extra keys are left for the reader to ignore); only the envelope is rebuilt. Answers the
 * message, or the first problem found. The equivalence with the schemas is tested
 * (test/unit/protocol/providerCheck.test.ts).
 */
import { CONTROL_TYPES, PATTERNS, STATES } from './primitives.js';
import {
  PROVIDER_MAX_NODES,
  ProviderResult,
  type ProviderDelta,
  type ProviderMessage,
  type ProviderNode,
  type ProviderSnapshot,
  type ProviderSnapshotPart,
} from './provider.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const CONTROL_TYPE_SET: ReadonlySet<string> = new Set(CONTROL_TYPES);
const STATE_SET: ReadonlySet<string> = new Set(STATES);
const PATTERN_SET: ReadonlySet<string> = new Set(PATTERNS);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isSeq = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isStr = (v: unknown, min: number, max: number): v is string =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const isId = (v: unknown): v is string => isStr(v, 1, 512);
const optStr = (v: unknown, max: number): boolean => v === undefined || isStr(v, 0, max);

function idList(v: unknown, max: number): boolean {
  if (!Array.isArray(v) || v.length > max) return false;
  for (const id of v) if (!isId(id)) return false;
  return true;
}

function enumList(v: unknown, known: ReadonlySet<string>, max: number): boolean {
  if (!Array.isArray(v) || v.length > max) return false;
  for (const item of v) if (typeof item !== 'string' || !known.has(item)) return false;
  return true;
}

function isRect(v: unknown): boolean {
  return (
    isObj(v) &&
    isNum(v.x) &&
    isNum(v.y) &&
    isNum(v.width) &&
    v.width >= 0 &&
    isNum(v.height) &&
    v.height >= 0
  );
}

function isRange(v: unknown): boolean {
  return (
    isObj(v) &&
    isNum(v.value) &&
    isNum(v.min) &&
    isNum(v.max) &&
    (v.step === undefined || isNum(v.step))
  );
}

/** The first field of a node that breaks ProviderNode's rules; null when there is none. */
export function providerNodeProblem(v: unknown): string | null {
  if (!isObj(v)) return 'is not an object';
  if (!isId(v.id)) return 'id is not a node id';
  if (v.parentId !== null && !isId(v.parentId)) return 'parentId is not a node id or null';
  if (!idList(v.children, 100_000)) return 'children is not a list of node ids';
  if (typeof v.controlType !== 'string' || !CONTROL_TYPE_SET.has(v.controlType))
    return 'controlType is not a known control type';
  if (!isStr(v.name, 0, 8192)) return 'name is not a string of at most 8192 characters';
  if (!optStr(v.automationId, 1024)) return 'automationId is not a short string';
  if (!optStr(v.className, 1024)) return 'className is not a short string';
  if (!optStr(v.value, 1_000_000)) return 'value is not a string of at most 1,000,000 characters';
  if (v.range !== undefined && !isRange(v.range)) return 'range is not a range';
  if (v.rect !== null && !isRect(v.rect)) return 'rect is not a rectangle or null';
  if (!enumList(v.states, STATE_SET, 64)) return 'states is not a list of known states';
  if (!enumList(v.patterns, PATTERN_SET, 32)) return 'patterns is not a list of known patterns';
  return null;
}

function nodesProblem(v: unknown): string | null {
  if (!Array.isArray(v) || v.length > PROVIDER_MAX_NODES)
    return `nodes is not a list of at most ${PROVIDER_MAX_NODES}`;
  for (let i = 0; i < v.length; i++) {
    const problem = providerNodeProblem(v[i]);
    if (problem !== null) return `node ${i}: ${problem}`;
  }
  return null;
}

const fail = <T>(problem: string): Checked<T> => ({ ok: false, problem });

function checkSnapshot(v: Obj): Checked<ProviderSnapshot> {
  if (!isSeq(v.seq)) return fail('seq is not a sequence number');
  if (!idList(v.windows, 1000)) return fail('windows is not a list of node ids');
  if (v.focus !== null && !isId(v.focus)) return fail('focus is not a node id or null');
  if (v.parts !== undefined && !isSeq(v.parts)) return fail('parts is not a count');
  const problem = nodesProblem(v.nodes);
  if (problem !== null) return fail(problem);
  const snap: ProviderSnapshot = {
    type: 'snapshot',
    seq: v.seq,
    windows: v.windows as string[],
    nodes: v.nodes as ProviderNode[],
    focus: v.focus,
  };
  if (v.parts !== undefined) snap.parts = v.parts;
  return { ok: true, value: snap };
}

function checkPart(v: Obj): Checked<ProviderSnapshotPart> {
  if (!isSeq(v.seq)) return fail('seq is not a sequence number');
  if (!isSeq(v.part)) return fail('part is not a part number');
  const problem = nodesProblem(v.nodes);
  if (problem !== null) return fail(problem);
  const value = { type: 'snapshotPart' as const, seq: v.seq, part: v.part };
  return { ok: true, value: { ...value, nodes: v.nodes as ProviderNode[] } };
}

function checkDelta(v: Obj): Checked<ProviderDelta> {
  if (!isSeq(v.seq)) return fail('seq is not a sequence number');
  const upsert = v.upsert === undefined ? [] : v.upsert;
  const remove = v.remove === undefined ? [] : v.remove;
  const problem = nodesProblem(upsert);
  if (problem !== null) return fail(problem.replace(/^nodes/, 'upsert'));
  if (!idList(remove, PROVIDER_MAX_NODES)) return fail('remove is not a list of node ids');
  if (v.windows !== undefined && !idList(v.windows, 1000))
    return fail('windows is not a list of node ids');
  if (v.focus !== undefined && v.focus !== null && !isId(v.focus))
    return fail('focus is not a node id or null');
  const delta: ProviderDelta = {
    type: 'delta',
    seq: v.seq,
    upsert: upsert as ProviderNode[],
    remove: remove as string[],
  };
  if (v.windows !== undefined) delta.windows = v.windows as string[];
  if (v.focus !== undefined) delta.focus = v.focus;
  return { ok: true, value: delta };
}

/** A message after the hello, checked as ProviderMessage would be. */
export function checkProviderMessage(json: unknown): Checked<ProviderMessage> {
  if (!isObj(json)) return fail('a message is not an object');
  switch (json.type) {
    case 'snapshot':
      return checkSnapshot(json);
    case 'snapshotPart':
      return checkPart(json);
    case 'delta':
      return checkDelta(json);
    case 'result': {
      // Rare and small: the schema itself.
      const parsed = ProviderResult.safeParse(json);
      if (parsed.success) return { ok: true, value: parsed.data };
      return fail(parsed.error.issues[0]?.message ?? 'invalid result');
    }
    default:
      return fail('unknown message type');
  }
}
