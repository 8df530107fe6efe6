/**
 * Input with no target is checked against the deny list by what holds the keyboard: the focused
 * element when the cache knows it, and the foreground window in any case (a backend may not
 * report focus at all).
 */
import { describe, expect, it } from 'vitest';
import type { WindowInfo } from '../../../protocol/src/index.js';
import { checkKeyboardAllowed } from '../../../src/executor/actionability.js';
import type { ActionEnv } from '../../../src/executor/env.js';
import { AccessPolicy } from '../../../src/policy/access.js';

function window(app: string, foreground: boolean): WindowInfo {
  return {
    ref: app === 'vault' ? 'w2' : 'w1',
    element: 'e1',
    title: app,
    app,
    rect: { x: 0, y: 0, width: 100, height: 100 },
    minimized: false,
    maximized: false,
    foreground,
    modal: false,
  };
}

function env(windows: WindowInfo[]): ActionEnv {
  const policy = new AccessPolicy({
    readOnly: false,
    dryRun: false,
    denyApps: ['vault'],
    captureEnabled: true,
  });
  const cache = { windowsList: () => ({ revision: 1, windows }) };
  return { policy, cache } as unknown as ActionEnv;
}

describe('keyboard input with no target', () => {
  it('is refused when nothing is known to have focus but a denied app is in front', () => {
    const e = env([window('editor', false), window('vault', true)]);
    expect(() => checkKeyboardAllowed(e, null)).toThrow(
      expect.objectContaining({ code: 'forbidden_target' }),
    );
  });

  it('is allowed when an allowed app is in front', () => {
    const e = env([window('editor', true), window('vault', false)]);
    expect(() => checkKeyboardAllowed(e, null)).not.toThrow();
  });
});
