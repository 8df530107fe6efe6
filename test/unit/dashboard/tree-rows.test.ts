/**
 * The incremental row index must always show what the reference (visibleRows over the whole
 * mirror) shows: checked after every batch of a seeded random run of adds, removes, reorders,
 * updates and folds.
 */
import { describe, expect, it } from 'vitest';
import type { ElementNode, Patch } from '../../../protocol/src/index.js';
import { PatchMirror } from '../../../protocol/src/index.js';
import { visibleRows } from '../../../dashboard/src/tree-model.js';
import { TreeRows } from '../../../dashboard/src/tree-rows.js';

function node(ref: string, parent: string | null, name = ref): ElementNode {
  return {
    ref,
    parent,
    window: 'w1',
    controlType: 'Pane',
    name,
    rect: null,
    states: [],
    patterns: [],
    childCount: 0,
  };
}

/** A small seeded generator, so a failure replays exactly. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const shape = (rows: TreeRows) =>
  Array.from({ length: rows.length }, (_, i) => rows.at(i)!).map((r) => [
    r.node.ref,
    r.node.name,
    r.depth,
    r.hasChildren,
    r.expanded,
  ]);

function randomBatch(mirror: PatchMirror, next: () => number, serial: { n: number }): Patch[] {
  const batch: Patch[] = [];
  for (let k = 0; k < 1 + Math.floor(next() * 3); k++) {
    const refs = mirror.list().map((n) => n.ref);
    const roll = next();
    const ref = refs[Math.floor(next() * refs.length)]!;
    if (roll < 0.35) {
      const id = `n${serial.n++}`;
      const kids = mirror.childrenOf(ref).length;
      batch.push({
        op: 'add',
        parent: ref,
        index: Math.floor(next() * (kids + 1)),
        nodes: [node(id, ref), node(`${id}c`, id)],
      });
    } else if (roll < 0.5 && ref !== mirror.root) {
      const sub = [ref];
      for (const n of mirror.list())
        if (n.parent !== null && sub.includes(n.parent)) sub.push(n.ref);
      batch.push({ op: 'remove', ref, parent: mirror.node(ref)!.parent, refs: sub });
    } else if (roll < 0.65) {
      const kids = [...mirror.childrenOf(ref)].reverse();
      batch.push({ op: 'reorder', parent: ref, children: kids });
    } else {
      batch.push({ op: 'update', ref, props: { name: `${ref}@${serial.n++}` } });
    }
    mirror.apply(batch.slice(-1));
  }
  return batch;
}

describe('TreeRows', () => {
  it('matches visibleRows after every batch of a random run, folds included', () => {
    const initial = [node('w', 'desktop'), node('a', 'w'), node('a1', 'a'), node('b', 'w')];
    for (const seed of [1, 7, 42]) {
      const next = random(seed);
      const mirror = new PatchMirror('w', initial, 1);
      const collapsed = new Set<string>();
      const rows = new TreeRows(mirror, collapsed);
      const serial = { n: 0 };
      for (let step = 0; step < 150; step++) {
        const batch = randomBatch(mirror, next, serial);
        rows.applied(batch);
        if (next() < 0.2) {
          const refs = mirror.list().map((n) => n.ref);
          rows.toggle(refs[Math.floor(next() * refs.length)]!);
        }
        expect(shape(rows), `seed ${seed} step ${step}`).toEqual(
          visibleRows(mirror.list(), collapsed).map((r) => [
            r.node.ref,
            r.node.name,
            r.depth,
            r.hasChildren,
            r.expanded,
          ]),
        );
        const last = rows.at(rows.length - 1)!;
        expect(rows.indexOf(last.node.ref)).toBe(rows.length - 1);
      }
    }
  });

  it('unfolds the ancestors of a revealed node and keeps the others folded', () => {
    const mirror = new PatchMirror(
      'w',
      [
        node('w', null),
        node('a', 'w'),
        node('a1', 'a'),
        node('a1x', 'a1'),
        node('b', 'w'),
        node('b1', 'b'),
      ],
      1,
    );
    const rows = new TreeRows(mirror, new Set(['a', 'a1', 'b']));
    expect(rows.indexOf('a1x')).toBe(-1);
    rows.reveal('a1x');
    expect(shape(rows).map((r) => r[0])).toEqual(['w', 'a', 'a1', 'a1x', 'b']);
  });

  it('replaces only the updated row and keeps the others as they were', () => {
    const mirror = new PatchMirror('w', [node('w', null), node('a', 'w'), node('b', 'w')], 1);
    const rows = new TreeRows(mirror);
    const before = rows.at(2);
    const patch: Patch = { op: 'update', ref: 'a', props: { name: 'renamed' } };
    mirror.apply([patch], 2);
    rows.applied([patch]);
    expect(rows.at(1)?.node.name).toBe('renamed');
    expect(rows.at(2)).toBe(before);
  });
});
