/** App resolution by name, bundle id or pid, with the three typed failures of the steps. */
import { describe, expect, it } from 'vitest';
import { AppTracker } from '../../../../src/backends/ax/axApps.js';
import { isUiError } from '../../../../src/errors.js';
import { FakeAxSurface } from './fakeAx.js';
import { calculator, textEdit } from './axHarness.js';

function tracker() {
  const surface = new FakeAxSurface();
  textEdit(surface);
  calculator(surface);
  surface.addApp(503, 'Calculator', 'com.example.OtherCalc', [{ role: 'AXWindow' }]);
  return new AppTracker(surface, 2, 1);
}

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return isUiError(err) ? { code: err.code, details: err.details } : err;
  }
  throw new Error('did not fail');
};

describe('AX app resolution', () => {
  it('resolves by name (any case), bundle id and numeric pid', () => {
    const apps = tracker();
    expect(apps.resolve('textedit').pid).toBe(501);
    expect(apps.resolve('com.apple.calculator').pid).toBe(502);
    expect(apps.resolve(' 503 ').name).toBe('Calculator');
  });

  it('answers notRunning, multipleMatches and invalidIdentifier as typed errors', () => {
    const apps = tracker();
    expect(failure(() => apps.resolve('Mail'))).toMatchObject({
      code: 'app_not_found',
      details: { reason: 'notRunning' },
    });
    expect(failure(() => apps.resolve('999'))).toMatchObject({
      code: 'app_not_found',
      details: { reason: 'notRunning' },
    });
    const many = failure(() => apps.resolve('calculator')) as {
      code: string;
      details: { candidates: unknown[] };
    };
    expect(many.code).toBe('multiple_matches');
    expect(many.details.candidates).toHaveLength(2);
    for (const bad of ['', '   ', 'a\u0000b', 'x'.repeat(300)])
      expect(failure(() => apps.resolve(bad))).toMatchObject({
        code: 'invalid_params',
        details: { reason: 'invalidIdentifier' },
      });
  });

  it('tracks apps with normal windows, skips its own process, releases quitters', () => {
    const surface = new FakeAxSurface();
    textEdit(surface);
    surface.addApp(42, 'uistream-self', null, [{ role: 'AXWindow' }]);
    const apps = new AppTracker(surface, 2, 42);
    expect(apps.refresh().added.map((a) => a.pid)).toEqual([501]);
    expect(surface.liveRefs).toBe(1);
    // Minimized is off screen but not gone.
    surface.apps.get(501)?.windows[0]?.attrs.set('AXMinimized', true);
    expect(apps.refresh()).toEqual({ added: [], removed: [] });
    surface.apps.delete(501);
    expect(apps.refresh().removed).toEqual([501]);
    expect(surface.liveRefs).toBe(0);
  });

  it('switches on Chromium trees with AXManualAccessibility, never AXEnhancedUserInterface', () => {
    const surface = new FakeAxSurface();
    const plain = textEdit(surface);
    const electron = surface.addApp(800, 'Slack', 'com.tinyspeck.slackmacgap', [
      { role: 'AXWindow' },
    ]);
    electron.chromium = true;
    new AppTracker(surface, 2, 1).refresh();
    expect(electron.app.attrs.get('AXManualAccessibility')).toBe(true);
    expect(plain.app.attrs.has('AXManualAccessibility')).toBe(false);
    expect(surface.calls).not.toContain('SetAttributeValue(AXEnhancedUserInterface)');
  });
});
