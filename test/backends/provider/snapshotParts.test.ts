import { describe, expect, it } from 'vitest';
import {
  applySnapshot,
  EMPTY_TREE,
  subtreeOf,
} from '../../../src/backends/provider/providerTree.js';
import { addPart, type SnapshotParts } from '../../../src/backends/provider/snapshotParts.js';
import { demoTree, GREET, LABEL, WINDOW } from './fixture.js';

const [windowNode, greet, label] = demoTree();
const part = (n: number, nodes = [greet!], seq = 0) => ({
  type: 'snapshotPart' as const,
  seq,
  part: n,
  nodes,
});
const ending = (parts: number) => ({
  type: 'snapshot' as const,
  seq: 0,
  windows: [WINDOW],
  nodes: [windowNode!],
  focus: GREET,
  parts,
});

/** The parts in order, or the first refusal. */
function take(...parts: ReturnType<typeof part>[]): SnapshotParts | string {
  let taken: SnapshotParts | null = null;
  for (const p of parts) {
    const out = addPart(taken, p);
    if (!out.ok) return out.reason;
    taken = out.parts;
  }
  return taken ?? 'none';
}

describe('snapshot parts', () => {
  it('a snapshot in parts builds the same tree as one whole', () => {
    const parts = take(part(0, [greet!]), part(1, [label!]));
    if (typeof parts === 'string') throw new Error(parts);
    const out = applySnapshot(EMPTY_TREE, ending(2), parts);
    if (!out.ok) throw new Error('refused');
    expect(subtreeOf(out.state, WINDOW, undefined).map((n) => n.id)).toEqual([
      WINDOW,
      GREET,
      LABEL,
    ]);
    expect(out.state.focus).toBe(GREET);
  });

  it("groups each part's nodes by their window, as far as their parents came first", () => {
    const first = addPart(null, part(0, [greet!]));
    if (!first.ok) throw new Error(first.reason);
    // The window's own node comes after its child: the child cannot be placed yet.
    expect(first.byWindow.size).toBe(0);
    const second = addPart(first.parts, part(1, [windowNode!, label!]));
    if (!second.ok) throw new Error(second.reason);
    expect([...second.byWindow].map(([w, nodes]) => [w, nodes.map((n) => n.id)])).toEqual([
      [WINDOW, [WINDOW, LABEL]],
    ]);
  });

  it('a part out of order, or of another snapshot, is refused', () => {
    expect(take(part(1))).toMatch(/part 1 of seq 0 is out of order/);
    expect(take(part(0), part(2))).toMatch(/out of order/);
    expect(take(part(0), part(1, [greet!], 3))).toMatch(/out of order/);
  });

  it('a part 0 starts over: what came before it is dropped', () => {
    const parts = take(part(0, [label!]), part(0, [greet!]));
    expect(typeof parts !== 'string' && [...parts.nodes.keys()]).toEqual([GREET]);
  });

  it('a snapshot naming parts that did not all come is refused', () => {
    const parts = take(part(0));
    if (typeof parts === 'string') throw new Error(parts);
    expect(applySnapshot(EMPTY_TREE, ending(2), parts)).toEqual({
      ok: false,
      gap: false,
      reason: 'the snapshot names 2 parts; 1 came',
    });
    expect(applySnapshot(EMPTY_TREE, ending(1), null)).toMatchObject({ ok: false, gap: false });
  });
});
