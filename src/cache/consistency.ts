/**
 * The consistency checker: compares the cached tree with the backend's truth (a fresh
 * `fetchSubtree`, or the sim's `groundTruth()`) and reports every difference: elements missing
 * from the cache, elements the cache holds but the desktop does not, children in another order,
 * and properties that differ (a missing string and '' count as equal, see props.ts). An element
 * its toolkit makes anew on every read is matched by its place (BackendNode.transient).
 */
import type {
  BackendId,
  BackendNode,
  BackendProps,
  AccessibilityBackend,
} from '../backends/backend.js';
import { isStringKey, PROP_KEYS, sameValue } from './props.js';
import type { CachedNode, TreeState } from './tree.js';

export type Difference =
  | { kind: 'missing'; id: BackendId; controlType: string; name: string }
  | { kind: 'extra'; id: BackendId; ref: string }
  | { kind: 'children'; id: BackendId; ref: string; cached: BackendId[]; truth: BackendId[] }
  | { kind: 'prop'; id: BackendId; ref: string; prop: string; cached: unknown; truth: unknown };

/** Compare the cached subtree rooted at truth[0] with `truth` (pre-order, as fetched). */
export function compareWithTruth(state: TreeState, truth: readonly BackendNode[]): Difference[] {
  const diffs: Difference[] = [];
  const truthIds = new Set(truth.map((n) => n.id));
  const alias = transientAliases(state, truth, truthIds);
  const cachedOf = (id: BackendId): CachedNode | undefined => state.byId.get(id) ?? alias.get(id);
  for (const t of truth) {
    const cached = cachedOf(t.id);
    if (cached === undefined) {
      diffs.push({
        kind: 'missing',
        id: t.id,
        controlType: t.props.controlType,
        name: t.props.name,
      });
      continue;
    }
    comparePropsInto(cached, t.props, diffs);
    const cachedIds = cached.children.map((c) => c.id);
    const truthChildren = t.children.map((id) => alias.get(id)?.id ?? id);
    const complete = t.children.every((id) => truthIds.has(id));
    if (complete && !sameValue(cachedIds, truthChildren)) {
      diffs.push({
        kind: 'children',
        id: t.id,
        ref: cached.ref,
        cached: cachedIds,
        truth: [...t.children],
      });
    }
  }
  const top = truth[0] === undefined ? undefined : state.byId.get(truth[0].id);
  const aliased = new Set(alias.values());
  if (top !== undefined) {
    state.walk(top, (n) => {
      if (!truthIds.has(n.id) && !aliased.has(n))
        diffs.push({ kind: 'extra', id: n.id, ref: n.ref });
    });
  }
  return diffs;
}

/**
 * Elements the toolkit makes anew on every read (BackendNode.transient) have another id in each
 * read: such an element is the cached one at its place under its parent, when that one is not
 * in the read itself and has its control type (as the cache's diff matches them).
 */
function transientAliases(
  state: TreeState,
  truth: readonly BackendNode[],
  truthIds: ReadonlySet<BackendId>,
): Map<BackendId, CachedNode> {
  const alias = new Map<BackendId, CachedNode>();
  const byId = new Map(truth.map((n) => [n.id, n]));
  for (const t of truth) {
    const parent = state.byId.get(t.id) ?? alias.get(t.id);
    if (parent === undefined) continue;
    t.children.forEach((id, index) => {
      const child = byId.get(id);
      const at = parent.children[index];
      if (child?.transient !== true || at === undefined || state.byId.has(id)) return;
      if (truthIds.has(at.id) || at.props.controlType !== child.props.controlType) return;
      alias.set(id, at);
    });
  }
  return alias;
}

function comparePropsInto(cached: CachedNode, truth: BackendProps, diffs: Difference[]): void {
  for (const key of PROP_KEYS) {
    let a: unknown = cached.props[key];
    let b: unknown = truth[key];
    if (isStringKey(key)) {
      a = a ?? '';
      b = b ?? '';
    }
    if (!sameValue(a, b))
      diffs.push({ kind: 'prop', id: cached.id, ref: cached.ref, prop: key, cached: a, truth: b });
  }
}

/** Fetch the truth of a subtree (default: the whole desktop) and compare. */
export async function checkConsistency(
  state: TreeState,
  backend: AccessibilityBackend,
  signal: AbortSignal,
  rootId: BackendId = backend.rootId,
): Promise<Difference[]> {
  const truth = await backend.fetchSubtree(rootId, { signal });
  return compareWithTruth(state, truth);
}
