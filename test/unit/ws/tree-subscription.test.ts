import { describe, expect, it } from 'vitest';
import type { ElementNode, Patch } from '../../../protocol/src/index.js';
import { TreeSubscription } from '../../../src/ws/tree-subscription.js';
import { makeQueue } from './fakes.js';

function node(ref: string, parent: string | null, childCount = 0): ElementNode {
  return {
    ref,
    parent,
    window: 'w1',
    controlType: 'Pane',
    name: ref,
    rect: null,
    states: [],
    patterns: [],
    childCount,
  };
}

// e1 (root) > e2 > e3 ; e1 > e4        and e9 lives elsewhere
const initial = [node('e1', 'e0', 2), node('e2', 'e1', 1), node('e3', 'e2'), node('e4', 'e1')];

interface Note {
  method?: string;
  params?: { patches?: Patch[]; revision?: number; reason?: string };
}

function setup(depth = 256, desktop = false, cap = 100_000) {
  const { socket, out } = makeQueue(cap);
  const sub = new TreeSubscription('tr1', 'e1', depth, initial, 10, desktop, out);
  sub.release();
  const patches = (): Patch[] =>
    (socket.messages() as Note[]).flatMap((m) =>
      m.method === 'tree.patch' ? (m.params?.patches ?? []) : [],
    );
  return { socket, sub, patches };
}

describe('TreeSubscription', () => {
  it('forwards only patches that touch the subtree', () => {
    const { sub, patches } = setup();
    sub.push({
      revision: 11,
      patches: [
        { op: 'update', ref: 'e3', props: { name: 'in' } },
        { op: 'update', ref: 'e9', props: { name: 'out' } },
        { op: 'add', parent: 'e9', index: 0, nodes: [node('e10', 'e9')] },
        { op: 'reorder', parent: 'e1', children: ['e4', 'e2'] },
      ],
    });
    sub.flush();
    expect(patches().map((p) => p.op)).toEqual(['update', 'reorder']);
  });

  it('follows adds and removes, so later patches of new nodes are forwarded', () => {
    const { sub, patches } = setup();
    sub.push({
      revision: 11,
      patches: [{ op: 'add', parent: 'e4', index: 0, nodes: [node('e5', 'e4'), node('e6', 'e5')] }],
    });
    sub.push({ revision: 12, patches: [{ op: 'update', ref: 'e6', props: { name: 'new' } }] });
    sub.push({
      revision: 13,
      patches: [{ op: 'remove', ref: 'e2', parent: 'e1', refs: ['e2', 'e3'] }],
    });
    sub.push({ revision: 14, patches: [{ op: 'update', ref: 'e3', props: { name: 'gone' } }] });
    sub.flush();
    expect(patches().map((p) => p.op)).toEqual(['add', 'update', 'remove']);
  });

  it('leaves out nodes below the depth limit', () => {
    const { sub, patches } = setup(1);
    sub.push({
      revision: 11,
      patches: [
        { op: 'add', parent: 'e2', index: 1, nodes: [node('e7', 'e2')] },
        { op: 'add', parent: 'e1', index: 2, nodes: [node('e8', 'e1', 1), node('e9', 'e8')] },
      ],
    });
    sub.flush();
    const adds = patches().filter((p) => p.op === 'add');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.op === 'add' && adds[0].nodes.map((n) => n.ref)).toEqual(['e8']);
  });

  it('ignores batches it already reflects', () => {
    const { sub, patches } = setup();
    sub.push({ revision: 9, patches: [{ op: 'update', ref: 'e2', props: { name: 'old' } }] });
    sub.flush();
    expect(patches()).toHaveLength(0);
  });

  it('forwards window patches only when mirroring the desktop', () => {
    const win = { op: 'window.closed', window: 'w2', title: 'x' } as const;
    const plain = setup();
    plain.sub.push({ revision: 11, patches: [win] });
    plain.sub.flush();
    expect(plain.patches()).toHaveLength(0);
    const desktop = setup(256, true);
    desktop.sub.push({ revision: 11, patches: [win] });
    desktop.sub.flush();
    expect(desktop.patches()).toHaveLength(1);
  });

  it('asks for a resync when its root goes away', () => {
    const { socket, sub } = setup();
    sub.push({
      revision: 11,
      patches: [{ op: 'remove', ref: 'e1', parent: 'e0', refs: ['e1', 'e2', 'e3', 'e4'] }],
    });
    sub.flush();
    const notes = socket.messages() as Note[];
    expect(notes.at(-1)?.method).toBe('tree.resync');
    expect(sub.resyncSent).toBe(true);
  });

  it('asks for a resync instead of holding more than the cap for a slow reader', () => {
    const { socket, sub } = setup(256, false, 16_384);
    const big = 'x'.repeat(6_000);
    for (let r = 11; r < 20; r++) {
      sub.push({
        revision: r,
        patches: [{ op: 'update', ref: 'e2', props: { name: `${big}${r}` } }],
      });
      sub.flush();
    }
    const methods = (socket.messages() as Note[]).map((m) => m.method);
    expect(methods).toContain('tree.resync');
    expect(methods.filter((m) => m === 'tree.patch').length).toBeLessThan(9);
  });
});
