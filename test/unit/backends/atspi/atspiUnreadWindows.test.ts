import { describe, expect, it } from 'vitest';
import type { BackendNode } from '../../../../src/backends/backend.js';
import { carryUnreadWindows } from '../../../../src/backends/atspi/atspiUnreadWindows.js';
import type { AccessibleTopLevel } from '../../../../src/backends/x11/index.js';

const desktop = (children: string[]): BackendNode => ({
  id: 'desktop',
  parentId: null,
  children,
  props: { controlType: 'Pane', name: 'Desktop', rect: null, states: [], patterns: [] },
});
const win = (id: string, name: string): AccessibleTopLevel => ({
  id,
  name,
  pid: 1,
  rect: null,
  shown: true,
});
const EDITOR = ':1.5:/org/a11y/atspi/accessible/3';
const DIALOG = ':1.5:/org/a11y/atspi/accessible/9';
const OTHER = ':1.7:/org/a11y/atspi/accessible/2';

describe('carryUnreadWindows', () => {
  it('carries the last listing windows of an app the listing could not read', () => {
    const previous = [win(EDITOR, 'Editor'), win(DIALOG, 'Details'), win(OTHER, 'Other')];
    const { nodes, carried } = carryUnreadWindows([desktop([OTHER])], previous, [':1.5']);
    expect(carried.map((w) => w.id)).toEqual([EDITOR, DIALOG]);
    expect(nodes[0]).toMatchObject({
      children: [OTHER, EDITOR, DIALOG],
      unreadChildren: [EDITOR, DIALOG],
    });
  });

  it('carries nothing for an app that was read, even when its windows are gone', () => {
    const previous = [win(EDITOR, 'Editor'), win(OTHER, 'Other')];
    const listing = [desktop([OTHER])];
    const { nodes, carried } = carryUnreadWindows(listing, previous, [':1.9']);
    expect(carried).toEqual([]);
    expect(nodes).toBe(listing);
  });

  it('leaves a window the listing did read as it read it', () => {
    const previous = [win(EDITOR, 'Editor')];
    const { carried } = carryUnreadWindows([desktop([EDITOR])], previous, [':1.5']);
    expect(carried).toEqual([]);
  });
});
