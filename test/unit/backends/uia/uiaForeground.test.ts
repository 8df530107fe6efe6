import { describe, expect, it } from 'vitest';
import { bringToFront, type ForegroundApi } from '../../../../src/backends/uia/uiaForeground.js';
import { isUiError } from '../../../../src/errors.js';

/** A desktop whose foreground lock gives way only to the listed ways. */
function desktop(front: bigint, yieldsTo: string[]) {
  const calls: string[] = [];
  let mode = 'plain';
  const api: ForegroundApi = {
    foreground: () => front,
    isMinimized: () => false,
    restore: () => calls.push('restore'),
    setForeground: (h) => {
      calls.push(`set:${mode}`);
      if (yieldsTo.includes(mode)) front = h;
    },
    altTap: () => {
      calls.push('alt');
      mode = 'alt-tap';
    },
    withAttachedInput: (_front, fn) => {
      calls.push('attach');
      mode = 'attach-thread-input';
      fn();
      calls.push('detach');
    },
    bringToTop: () => calls.push('top'),
  };
  return { api, calls };
}

describe('foreground lock', () => {
  it('takes the plain call when it works, with no Alt tap (it would open a menu bar)', () => {
    const d = desktop(1n, ['plain']);
    expect(bringToFront(d.api, 9n)).toBe('plain');
    expect(d.calls).toEqual(['set:plain']);
  });

  it('goes on to the Alt tap, then to AttachThreadInput, judging each by the foreground', () => {
    const d = desktop(1n, ['attach-thread-input']);
    expect(bringToFront(d.api, 9n)).toBe('attach-thread-input');
    expect(d.calls).toEqual([
      'set:plain',
      'alt',
      'set:alt-tap',
      'attach',
      'top',
      'set:attach-thread-input',
      'detach',
    ]);
  });

  it('reports foreground_lock with the window that stayed in front when nothing works', () => {
    const d = desktop(5n, []);
    try {
      bringToFront(d.api, 9n);
      expect.unreachable();
    } catch (err) {
      expect(isUiError(err) && err.code).toBe('action_failed');
      expect(isUiError(err) && err.details).toEqual({
        reason: 'foreground_lock',
        foreground: 5,
        tried: ['plain', 'alt-tap', 'attach-thread-input'],
      });
    }
  });

  it('does nothing to a window already in front', () => {
    const d = desktop(9n, []);
    expect(bringToFront(d.api, 9n)).toBe('already');
    expect(d.calls).toEqual([]);
  });
});
