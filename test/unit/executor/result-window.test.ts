/**
 * The window an action's result names agrees with its `changes`: a dialog the action opened
 * is named even while the cache cannot resolve its ref yet, and a window that opened and closed
 * again within the action is not.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSummary, Patch, WindowInfo } from '../../../protocol/src/index.js';
import { emptyChanges } from '../../../src/executor/changes.js';
import { nameResultWindow, type WindowLookup } from '../../../src/executor/result-window.js';

function win(ref: string, title: string, foreground: boolean): WindowInfo {
  return {
    ref,
    element: `e${ref.slice(1)}`,
    title,
    app: 'qt-dialogs',
    rect: { x: 0, y: 0, width: 300, height: 200 },
    minimized: false,
    maximized: false,
    foreground,
    modal: false,
  };
}

const main = win('w1', 'Qt dialogs fixture', true);
const details = win('w9', 'Details', true);

/** The cache as the result is composed: `held` windows resolve, focus sits in `focusedIn`. */
function lookup(held: WindowInfo[], focusedIn: WindowInfo | undefined): WindowLookup {
  const byRef = new Map(held.map((w) => [w.ref, w]));
  return {
    window: (ref) => (ref === null ? undefined : byRef.get(ref)),
    focusedWindow: () => focusedIn,
    foreground: () => held.find((w) => w.foreground),
  };
}

function changesOf(patches: Patch[]): ChangeSummary {
  const changes = emptyChanges();
  for (const p of patches) {
    if (p.op === 'window.opened') changes.opened.push({ ref: p.window.ref, title: p.window.title });
    if (p.op === 'window.closed') changes.closed.push({ ref: p.window, title: p.title });
  }
  return changes;
}

describe('the window an action result names', () => {
  it('names the dialog it announced opened while its ref does not resolve yet', () => {
    const patches: Patch[] = [{ op: 'window.opened', window: details }];
    // The main window still holds focus and the foreground in the cache at this moment.
    const named = nameResultWindow(lookup([main], main), 'w1', changesOf(patches), patches);
    expect(named?.ref).toBe('w9');
    expect(named?.title).toBe('Details');
  });

  it('prefers what the cache holds now to what the announcement said', () => {
    const patches: Patch[] = [{ op: 'window.opened', window: { ...details, foreground: false } }];
    const named = nameResultWindow(
      lookup([main, details], main),
      'w1',
      changesOf(patches),
      patches,
    );
    expect(named).toEqual(details);
  });

  it('names the last opened window that is still open', () => {
    const about = win('w10', 'About', false);
    const patches: Patch[] = [
      { op: 'window.opened', window: details },
      { op: 'window.opened', window: about },
      { op: 'window.closed', window: 'w10', title: 'About' },
    ];
    const named = nameResultWindow(lookup([main], main), 'w1', changesOf(patches), patches);
    expect(named?.title).toBe('Details');
  });

  it('names where focus is when every window it opened closed again', () => {
    const patches: Patch[] = [
      { op: 'window.opened', window: details, partial: true },
      { op: 'window.closed', window: 'w9', title: 'Details' },
    ];
    const named = nameResultWindow(lookup([main], main), 'w1', changesOf(patches), patches);
    expect(named?.ref).toBe('w1');
  });

  it('names its own window when nothing opened, closed or moved focus', () => {
    const other = win('w3', 'Other', true);
    const named = nameResultWindow(lookup([main, other], other), 'w1', emptyChanges(), []);
    expect(named?.ref).toBe('w1');
  });
});
