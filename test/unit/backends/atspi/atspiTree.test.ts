/** Child lists put back as the app's tree has them (GTK 4's skipped GtkStackPage level). */
import { describe, expect, it } from 'vitest';
import type { ObjectRef } from '../../../../src/backends/atspi/atspiBus.js';
import { liftSkippedLevels } from '../../../../src/backends/atspi/atspiTree.js';

const ref = (path: string): ObjectRef => [':1.2', path];

describe('liftSkippedLevels', () => {
  const parents: Record<string, string> = {
    '/page1': '/stack',
    '/page2': '/stack',
    '/box1': '/page1',
    '/box2': '/page2',
    '/sibling': '/stack',
    '/deep': '/inner',
    '/inner': '/page2',
  };
  const parentOf = (r: ObjectRef): Promise<ObjectRef | undefined> => {
    const p = parents[r[1]];
    return Promise.resolve(p === undefined ? undefined : ref(p));
  };

  it('puts each listed child back under the level its Parent names', async () => {
    const listed = [ref('/box1'), ref('/sibling'), ref('/box2')];
    expect(await liftSkippedLevels(ref('/stack'), listed, parentOf)).toEqual([
      ref('/page1'),
      ref('/sibling'),
      ref('/page2'),
    ]);
  });

  it('climbs more than one skipped level and lists a shared ancestor once', async () => {
    const listed = [ref('/deep'), ref('/box2')];
    expect(await liftSkippedLevels(ref('/stack'), listed, parentOf)).toEqual([ref('/page2')]);
  });

  it('reads one Parent for a list whose first child is a direct child', async () => {
    let reads = 0;
    const counting = (r: ObjectRef): Promise<ObjectRef | undefined> => {
      reads++;
      return parentOf(r);
    };
    const listed = [ref('/page1'), ref('/page2'), ref('/sibling')];
    expect(await liftSkippedLevels(ref('/stack'), listed, counting)).toEqual(listed);
    expect(reads).toBe(1);
  });

  it('keeps a child as listed when its Parent chain does not lead to the element', async () => {
    const listed = [ref('/box1'), ref('/unknown')];
    expect(await liftSkippedLevels(ref('/elsewhere'), listed, parentOf)).toEqual(listed);
  });
});
