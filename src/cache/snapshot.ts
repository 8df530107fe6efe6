/**
 * The LLM snapshot: one line per element, indented by depth, Playwright-MCP style
 * (`- button "Save" [ref=e12] [disabled]`), the same lines as structured data, budgets with an
 * explicit truncation marker and a cursor, and `since` answers with only what changed.
 * Compact mode folds noise (unnamed Pane/Group/Custom wrappers of a single child, unnamed Text)
 * but never an element that holds a value or text, is interactive, or has focus.
 * Order is the tree's pre-order, so equal trees render equal text.
 */
import type { MethodParams, MethodResult, Patch } from '../../protocol/src/index.js';
import { UiError } from '../errors.js';
import type { HiddenWindow } from './api.js';
import { scopeNode } from './queries/tree.js';
import type { CachedNode, TreeState } from './tree.js';
import { startsHidden, subtreeSize } from './visibility.js';

type SnapshotParams = MethodParams<'tree.snapshot'>;
type SnapshotResult = MethodResult<'tree.snapshot'>;
export type SnapshotLine = SnapshotResult['lines'][number];

const WRAPPERS = new Set(['Pane', 'Group', 'Custom']);
const VALUE_ROLES = new Set(['Edit', 'ComboBox', 'Document', 'Spinner']);

/** Cheap token estimate: about four characters per token. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** States worth a model's attention, in a fixed order. */
export function lineStates(node: CachedNode): string[] {
  const s = node.props.states;
  const out: string[] = [];
  if (!s.includes('enabled')) out.push('disabled');
  for (const state of [
    'focused',
    'checked',
    'mixed',
    'expanded',
    'collapsed',
    'selected',
    'required',
    'modal',
    'minimized',
  ] as const) {
    if (s.includes(state)) out.push(state);
  }
  if (s.includes('readonly') && VALUE_ROLES.has(node.props.controlType)) out.push('readonly');
  return out;
}

export function toLine(node: CachedNode, depth: number): SnapshotLine {
  const line: SnapshotLine = {
    ref: node.ref,
    depth,
    role: node.props.controlType.toLowerCase(),
    name: node.props.name,
    states: lineStates(node),
  };
  const { value, range } = node.props;
  if (VALUE_ROLES.has(node.props.controlType) && value !== undefined) line.value = value;
  else if (range !== undefined) line.value = String(range.value);
  // A read-only display or value-only field: its value is all it says.
  else if (value !== undefined && value !== '' && node.props.name === '') line.value = value;
  return line;
}

export function lineText(line: SnapshotLine): string {
  let text = `${'  '.repeat(line.depth)}- ${line.role}`;
  if (line.name !== '') text += ` ${JSON.stringify(line.name)}`;
  text += ` [ref=${line.ref}]`;
  for (const s of line.states) text += ` [${s}]`;
  if (line.value !== undefined) text += `: ${JSON.stringify(line.value)}`;
  return text;
}

/** Patterns that make an element something to act on, named or not. */
const INTERACTIVE = new Set([
  'Invoke',
  'Toggle',
  'Value',
  'RangeValue',
  'SelectionItem',
  'ExpandCollapse',
]);

/** Noise in compact mode: it renders nothing itself; its children take its depth. */
export function isNoise(node: CachedNode): boolean {
  const { name, value, range, patterns, states } = node.props;
  if (name !== '' || (value !== undefined && value !== '') || range !== undefined) return false;
  if (states.includes('focused') || patterns.some((p) => INTERACTIVE.has(p))) return false;
  if (node.props.controlType === 'Text') return true;
  return WRAPPERS.has(node.props.controlType) && node.children.length === 1;
}

export interface CollectOptions {
  compact: boolean;
  maxDepth: number;
  /** Windows of denied apps: left out without a trace. */
  denied?: HiddenWindow | undefined;
  /** Keep subtrees the user cannot see (collapsed menus, hidden popovers, off-screen rows). */
  includeHidden?: boolean | undefined;
}

/** Lines of a subtree in pre-order, and how many elements were left out as not visible. */
export function collectLines(
  root: CachedNode,
  o: CollectOptions,
): { lines: SnapshotLine[]; hiddenCount: number } {
  const lines: SnapshotLine[] = [];
  let hiddenCount = 0;
  const stack: [CachedNode, number, number][] = [[root, 0, 0]];
  while (stack.length > 0) {
    const [node, depth, level] = stack.pop() as [CachedNode, number, number];
    if (o.denied !== undefined && node !== root && o.denied(node.window)) continue;
    const unseen = node !== root && startsHidden(node, node.parent);
    if (unseen && o.includeHidden !== true) {
      hiddenCount += subtreeSize(node);
      continue;
    }
    const folded = o.compact && node !== root && isNoise(node);
    if (!folded) {
      const line = toLine(node, depth);
      if (unseen) line.states.push('hidden');
      lines.push(line);
    }
    if (level >= o.maxDepth) continue;
    const childDepth = folded ? depth : depth + 1;
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push([node.children[i] as CachedNode, childDepth, level + 1]);
    }
  }
  return { lines, hiddenCount };
}

interface Cursor {
  root: string;
  next: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<Cursor>;
    if (typeof c.root === 'string' && typeof c.next === 'string')
      return { root: c.root, next: c.next };
  } catch {
    // fall through to the typed error
  }
  throw new UiError('invalid_params', 'this snapshot cursor is not one the server issued', {
    details: { cursor: text },
  });
}

/** Render a snapshot. `history` answers the patches after a revision (null: no longer held). */
export function snapshot(
  state: TreeState,
  p: SnapshotParams,
  history: (revision: number) => Patch[] | null,
  hidden?: HiddenWindow,
): SnapshotResult {
  const root = scopeNode(state, p);
  if (root === null) throw new UiError('backend_unavailable', 'the cache holds no desktop yet');
  const collected = collectLines(root, {
    compact: p.mode !== 'full',
    maxDepth: p.maxDepth ?? Infinity,
    denied: hidden,
    includeHidden: p.includeHidden,
  });
  let lines = collected.lines;
  let removed: string[] | undefined;
  if (p.since !== undefined) {
    const changes = changedSince(state, p.since, history);
    lines = lines.filter((l) => changes.touched.has(l.ref));
    removed = changes.removed;
  }
  const total = lines.length;
  let start = 0;
  if (p.cursor !== undefined) {
    const cursor = decodeCursor(p.cursor);
    start = lines.findIndex((l) => l.ref === cursor.next);
    if (cursor.root !== root.ref || start < 0) {
      throw new UiError('cursor_expired', 'the element this cursor resumes at is gone', {
        details: { cursor: p.cursor },
      });
    }
  }
  const page = takeWithinBudget(lines, start, p.maxElements, p.maxTokens);
  const texts = page.map(lineText);
  const rest = total - start - page.length;
  const result: SnapshotResult = {
    revision: state.revision,
    text: '',
    lines: page,
    total,
    truncated: rest > 0,
  };
  if (collected.hiddenCount > 0) result.hidden = collected.hiddenCount;
  if (rest > 0) {
    const next = lines[start + page.length] as SnapshotLine;
    result.cursor = encodeCursor({ root: root.ref, next: next.ref });
    texts.push(`- … truncated: ${rest} more elements; pass cursor to continue`);
  }
  result.text = texts.join('\n');
  if (p.since !== undefined) {
    result.since = p.since;
    result.removed = removed ?? [];
  }
  return result;
}

function takeWithinBudget(
  lines: SnapshotLine[],
  start: number,
  maxElements: number,
  maxTokens?: number,
): SnapshotLine[] {
  const page: SnapshotLine[] = [];
  let tokens = 0;
  for (let i = start; i < lines.length && page.length < maxElements; i++) {
    const line = lines[i] as SnapshotLine;
    const cost = estimateTokens(lineText(line)) + 1;
    if (maxTokens !== undefined && page.length > 0 && tokens + cost > maxTokens) break;
    tokens += cost;
    page.push(line);
  }
  return page;
}

/** Refs added or updated after `revision` (still alive), and refs removed for good. */
function changedSince(
  state: TreeState,
  revision: number,
  history: (revision: number) => Patch[] | null,
): { touched: Set<string>; removed: string[] } {
  const patches = revision >= state.revision ? [] : history(revision);
  if (patches === null) {
    throw new UiError('cursor_expired', `revision ${revision} is older than the history kept`, {
      details: { since: revision, revision: state.revision },
    });
  }
  const touched = new Set<string>();
  const removed = new Set<string>();
  for (const patch of patches) {
    if (patch.op === 'add') for (const n of patch.nodes) touched.add(n.ref);
    else if (patch.op === 'update') touched.add(patch.ref);
    else if (patch.op === 'reorder') touched.add(patch.parent);
    else if (patch.op === 'remove') for (const r of patch.refs) removed.add(r);
  }
  const gone = [...removed].filter((r) => !state.byRef.has(r));
  return { touched, removed: gone.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))) };
}
