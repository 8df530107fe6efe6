import { describe, expect, it } from 'vitest';
import type { BackendEvent, BackendNode } from '../../../../src/backends/backend.js';
import {
  AppCoordinates,
  scaleOf,
  type MatchedWindow,
} from '../../../../src/backends/atspi/atspiCoordinates.js';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

function pair(bus: string, acc: ReturnType<typeof rect>, x: ReturnType<typeof rect>, pid = 7) {
  const win: MatchedWindow = {
    acc: { id: `${bus}:/w`, pid, name: 'W', rect: acc, shown: true },
    x: { xid: 1, pid, title: 'W', rect: x, popup: false },
    active: false,
  };
  return win;
}

function node(id: string, r: ReturnType<typeof rect>): BackendNode {
  return {
    id,
    parentId: 'parent',
    children: [],
    props: { controlType: 'Edit', name: 'e', rect: r, states: [], patterns: [] },
  } as unknown as BackendNode;
}

describe('scaleOf', () => {
  it('reads the X size over the accessible size, in quarter steps', () => {
    // Measured: GTK 3 at GDK_SCALE=2 counts its decorations in its frame (361x331 vs 720x640).
    expect(scaleOf(rect(700, 50, 361, 331), rect(1401, 116, 720, 640))).toBe(2);
    expect(scaleOf(rect(933, 67, 360, 320), rect(1400, 100, 540, 480))).toBe(1.5);
    expect(scaleOf(rect(0, 0, 361, 331), rect(1, 20, 360, 320))).toBe(1);
  });

  it('says nothing when width and height disagree or a side is empty', () => {
    expect(scaleOf(rect(0, 0, 100, 100), rect(0, 0, 200, 100))).toBeUndefined();
    expect(scaleOf(rect(0, 0, 0, 100), rect(0, 0, 200, 100))).toBeUndefined();
  });
});

describe('AppCoordinates', () => {
  it('maps a scaled app to X pixels and re-reads its windows once its map changes', () => {
    const emitted: BackendEvent[] = [];
    const coords = new AppCoordinates(new Set(), (e) => emitted.push(...e));
    const listing = [
      { ...node('reg:/root', rect(0, 0, 1, 1)), parentId: null, children: [':1.5:/w', ':1.6:/w'] },
      node(':1.5:/w', rect(933, 67, 360, 320)),
      node(':1.6:/w', rect(10, 10, 100, 100)),
    ];
    const truth = {
      filterDesktop: (n: BackendNode[]) => n,
      pairs: () => [
        pair(':1.5', rect(933, 67, 360, 320), rect(1400, 100, 540, 480)),
        pair(':1.6', rect(10, 10, 100, 100), rect(10, 10, 100, 100)),
      ],
    };
    const mapped = coords.remeasure(truth, listing);
    expect(mapped[1]?.props.rect).toEqual(rect(1400, 101, 540, 480));
    expect(mapped[2]?.props.rect).toEqual(rect(10, 10, 100, 100));
    expect(emitted).toEqual([{ type: 'structure', change: 'invalidated', id: ':1.5:/w' }]);
    expect(coords.scaleOf(':1.5')).toBe(1.5);
    coords.remeasure(truth, listing);
    expect(emitted).toHaveLength(1);
  });

  it('adds the X origin for a toolkit counting from its window corner, on events too', () => {
    const coords = new AppCoordinates(new Set([9]), () => undefined);
    coords.learn([pair(':1.7', rect(0, 0, 360, 320), rect(1401, 116, 720, 640), 9)]);
    const [event] = coords.events([
      { type: 'property', id: ':1.7:/row', props: { rect: rect(10, 52, 340, 16) } },
    ]);
    expect(event).toEqual({
      type: 'property',
      id: ':1.7:/row',
      props: { rect: rect(1421, 220, 680, 32) },
    });
    const unknown: BackendEvent = {
      type: 'property',
      id: ':1.8:/x',
      props: { rect: rect(1, 2, 3, 4) },
    };
    expect(coords.events([unknown])).toEqual([unknown]);
  });
});
