/** Bulk fetch: one call returns a consistent pre-order subtree equal to the ground truth. */
import { expect } from 'vitest';
import { PATTERNS, STATES } from '../../../protocol/src/index.js';
import type { BackendNode } from '../../../src/backends/backend.js';
import type { ConformanceSpec } from '../fixture.js';

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

export const fetchSpecs: ConformanceSpec[] = [
  {
    id: 'fetch.root-equals-ground-truth',
    title: 'a bulk fetch of the root equals the ground truth',
    async run(fx, signal) {
      const fetched = await fx.backend.fetchSubtree(fx.backend.rootId, { signal });
      const truth = await fx.groundTruth(signal);
      expect(fetched.length).toBeGreaterThan(10);
      expect(fetched[0]?.id).toBe(fx.backend.rootId);
      expect(fetched).toEqual(truth);
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
      const fetched = await fx.backend.fetchSubtree(windowId, { signal });
      const truth = await fx.groundTruth(signal);
      const start = truth.findIndex((n) => n.id === windowId);
      expect(start).toBeGreaterThan(0);
      expect(fetched).toEqual(truth.slice(start, start + fetched.length));
      expect(fetched[0]?.props.controlType).toBe('Window');
    },
  },
];
