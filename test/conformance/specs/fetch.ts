/** Bulk fetch: one call returns a consistent pre-order subtree equal to the ground truth. */
import { expect } from 'vitest';
import { PATTERNS, STATES } from '../../../protocol/src/index.js';
import type { BackendNode } from '../../../src/backends/backend.js';
import type { ConformanceFixture, ConformanceSpec } from '../fixture.js';

function expectSorted<T extends string>(values: readonly T[], order: readonly T[]): void {
  const indexes = values.map((v) => order.indexOf(v));
  expect(indexes.every((i) => i >= 0)).toBe(true);
  expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
}

/** Every parent/children link agrees, ids are unique, and the order is pre-order. */
function expectConsistentPreOrder(nodes: BackendNode[], maxDepth = Infinity): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  expect(byId.size).toBe(nodes.length);
  const expected: string[] = [];
  const visit = (node: BackendNode, depth: number): void => {
    expected.push(node.id);
    if (depth >= maxDepth) return;
    for (const childId of node.children) {
      const child = byId.get(childId);
      expect(child, `child ${childId} of ${node.id} is missing`).toBeDefined();
      if (child === undefined) continue;
      expect(child.parentId).toBe(node.id);
      visit(child, depth + 1);
    }
  };
  const root = nodes[0];
  expect(root).toBeDefined();
  if (root !== undefined) visit(root, 0);
  expect(nodes.map((n) => n.id)).toEqual(expected);
  for (const node of nodes) {
    expectSorted(node.props.states, STATES);
    expectSorted(node.props.patterns, PATTERNS);
  }
}

/** The pre-order run of `nodes` that is the subtree rooted at `rootId` (empty when absent). */
function subtreeIn(nodes: BackendNode[], rootId: string): BackendNode[] {
  const start = nodes.findIndex((n) => n.id === rootId);
  if (start < 0) return [];
  const inside = new Set([rootId]);
  let end = start + 1;
  for (; end < nodes.length; end++) {
    const parentId = nodes[end]?.parentId;
    if (parentId == null || !inside.has(parentId)) break;
    inside.add(nodes[end]?.id ?? '');
  }
  return nodes.slice(start, end);
}

/**
 * Fetch the subtree at `rootId` and expect it to equal the ground truth. A live app may change
 * between two reads, so each fetched node is compared with the truth read just before and just
 * after the fetch, through the fixture's `steady` view. Returns the fetched nodes.
 */
async function expectFetchMatchesTruth(
  fx: ConformanceFixture,
  rootId: string,
  signal: AbortSignal,
): Promise<BackendNode[]> {
  const steady = (nodes: BackendNode[]): BackendNode[] => nodes.map((n) => fx.steady?.(n) ?? n);
  const before = steady(subtreeIn(await fx.groundTruth(signal), rootId));
  const fetched = await fx.backend.fetchSubtree(rootId, { signal });
  const after = steady(subtreeIn(await fx.groundTruth(signal), rootId));
  const ids = steady(fetched).map((n) => n.id);
  expect([before.map((n) => n.id), after.map((n) => n.id)]).toContainEqual(ids);
  steady(fetched).forEach((node, i) => expect([before[i], after[i]]).toContainEqual(node));
  return fetched;
}

export const fetchSpecs: ConformanceSpec[] = [
  {
    id: 'fetch.root-equals-ground-truth',
    title: 'a bulk fetch of the root equals the ground truth',
    async run(fx, signal) {
      const fetched = await expectFetchMatchesTruth(fx, fx.backend.rootId, signal);
      expect(fetched.length).toBeGreaterThan(10);
      expect(fetched[0]?.id).toBe(fx.backend.rootId);
    },
  },
  {
    id: 'fetch.pre-order-consistent',
    title: 'a bulk fetch is pre-order, with unique ids, agreeing links and sorted states/patterns',
    async run(fx, signal) {
      expectConsistentPreOrder(await fx.backend.fetchSubtree(fx.backend.rootId, { signal }));
    },
  },
  {
    id: 'fetch.max-depth',
    title: 'maxDepth limits the levels returned while nodes at the limit still list children',
    async run(fx, signal) {
      const { backend } = fx;
      const rootOnly = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 0 });
      expect(rootOnly).toHaveLength(1);
      expect(rootOnly[0]?.children.length).toBeGreaterThan(0);
      const twoLevels = await backend.fetchSubtree(backend.rootId, { signal, maxDepth: 1 });
      expect(twoLevels).toHaveLength(1 + (rootOnly[0]?.children.length ?? 0));
      expectConsistentPreOrder(twoLevels, 1);
      expect(twoLevels.slice(1).some((n) => n.children.length > 0)).toBe(true);
    },
  },
  {
    id: 'fetch.subtree-matches-ground-truth',
    title: 'a bulk fetch of a window equals that window in the ground truth',
    async run(fx, signal) {
      const windowId = await fx.target('closableWindow', signal);
      const fetched = await expectFetchMatchesTruth(fx, windowId, signal);
      expect(fetched[0]?.props.controlType).toBe('Window');
    },
  },
];
