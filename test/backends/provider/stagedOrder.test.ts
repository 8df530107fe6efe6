/**
 * The staged order (stagedOrder.ts): the list a new window's `window.opened` hands over is the
 * one a walk of the provider's tree gives, made of the very nodes staged with the parts, however
 * the parts cut the tree; a snapshot that repeats a node falls back to the walk.
 */
import { describe, expect, it } from 'vitest';
import type { ProviderNode } from '../../../protocol/src/index.js';
import type { ProviderSession } from '../../../src/backends/provider/providerSession.js';
import { applySnapshot, EMPTY_TREE } from '../../../src/backends/provider/providerTree.js';
import { addPart, type SnapshotParts } from '../../../src/backends/provider/snapshotParts.js';
import { providerId } from '../../../src/backends/provider/providerIds.js';
import { StagedNodes } from '../../../src/backends/provider/stagedNodes.js';
import { subtreeOf } from '../../../src/backends/provider/providerTree.js';
import { node } from './fixture.js';

const ROOT = 'root';

/** A window of `rows` panes of three labels each, in pre-order. */
function windowTree(rows: number): ProviderNode[] {
  const panes = Array.from({ length: rows }, (_, i) => `p${i}`);
  const out = [node('w', null, panes, { controlType: 'Window', name: 'W' })];
  for (const p of panes) {
    const labels = [0, 1, 2].map((j) => `${p}.${j}`);
    out.push(node(p, 'w', labels, { controlType: 'Pane' }));
    for (const l of labels) out.push(node(l, p, [], { controlType: 'Text', name: l }));
  }
  return out;
}

/** Parts of `size` nodes each, the last `closing` nodes left to the snapshot itself. */
function sync(nodes: ProviderNode[], size: number, closing: number) {
  const session = { id: 's1', hello: null, tree: EMPTY_TREE } as unknown as ProviderSession;
  const staged = new StagedNodes();
  const stagedIds = new Map<string, unknown>();
  let parts: SnapshotParts | null = null;
  const body = nodes.slice(0, nodes.length - closing);
  let n = 0;
  for (let at = 0; at < body.length; at += size, n++) {
    const added = addPart(parts, {
      type: 'snapshotPart',
      seq: 0,
      part: n,
      nodes: body.slice(at, at + size),
    });
    if (!added.ok) throw new Error(added.reason);
    parts = added.parts;
    for (const [win, held] of added.byWindow) {
      const event = staged.stage(session, win, held, ROOT, parts);
      if (event.type === 'window.staged') for (const b of event.nodes) stagedIds.set(b.id, b);
    }
  }
  const end = {
    type: 'snapshot' as const,
    seq: 0,
    windows: ['w'],
    nodes: nodes.slice(nodes.length - closing),
    focus: null,
    parts: n,
  };
  const out = applySnapshot(EMPTY_TREE, end, parts);
  if (!out.ok) throw new Error('refused');
  session.tree = out.state;
  const walked = staged.nodesOf(session, subtreeOf(out.state, 'w', undefined), ROOT);
  return { handed: staged.opened(session, 'w', ROOT), walked, stagedIds };
}

describe('staged order', () => {
  it('hands over the walk of the tree, of the staged nodes, however the parts cut it', () => {
    const tree = windowTree(40);
    for (const [size, closing] of [
      [7, 0],
      [1, 3],
      [50, 11],
      [1000, 1],
    ] as const) {
      const { handed, walked, stagedIds } = sync(tree, size, closing);
      expect(handed.map((b) => b.id)).toEqual(walked.map((b) => b.id));
      expect(handed).toHaveLength(tree.length);
      expect(handed).toEqual(walked);
      expect(handed.filter((b) => stagedIds.get(b.id) === b)).toHaveLength(tree.length - closing);
    }
  });

  it('a child that comes before its parent is placed when the parent comes', () => {
    const tree = windowTree(5);
    // A pane's first label ahead of its pane, in another part.
    const moved = [tree[0]!, tree[2]!, tree[1]!, ...tree.slice(3)];
    const { handed, walked } = sync(moved, 2, 2);
    expect(handed.map((b) => b.id)).toEqual(walked.map((b) => b.id));
    expect(handed.map((b) => b.id)).toEqual(tree.map((n) => providerId('s1', n.id)));
  });

  it('a snapshot that sends a node twice hands over the walk of what it ended with', () => {
    const tree = windowTree(5);
    const renamed = { ...tree[3]!, name: 'second' };
    const { handed, walked } = sync([...tree, renamed], 4, 1);
    expect(handed.map((b) => b.id)).toEqual(walked.map((b) => b.id));
    const label = handed.find((b) => b.id.endsWith(tree[3]!.id));
    expect(label?.props.name).toBe('second');
  });
});
