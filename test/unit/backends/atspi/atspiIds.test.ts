import { describe, expect, it } from 'vitest';
import { mapDbusError } from '../../../../src/backends/atspi/atspiBus.js';
import { DESKTOP_ID, idOf, isAppRoot, refOf } from '../../../../src/backends/atspi/atspiIds.js';
import { InvalidParamsError } from '../../../../src/errors.js';

describe('atspi ids', () => {
  it('round-trips bus name and path, including unique names that contain a colon', () => {
    const ref: [string, string] = [':1.23', '/org/a11y/atspi/accessible/42'];
    expect(idOf(ref)).toBe(':1.23:/org/a11y/atspi/accessible/42');
    expect(refOf(idOf(ref))).toEqual(ref);
    expect(refOf(DESKTOP_ID)).toEqual([
      'org.a11y.atspi.Registry',
      '/org/a11y/atspi/accessible/root',
    ]);
  });

  it('rejects ids that never named an element with invalid_params', () => {
    expect(() => refOf('no-such-element-42')).toThrow(InvalidParamsError);
    expect(() => refOf(':/x')).toThrow(InvalidParamsError);
  });

  it('recognises app roots but not the desktop root', () => {
    expect(isAppRoot([':1.5', '/org/a11y/atspi/accessible/root'])).toBe(true);
    expect(isAppRoot(refOf(DESKTOP_ID))).toBe(false);
  });
});

describe('D-Bus error mapping', () => {
  const dbusError = (type: string): Error => Object.assign(new Error('boom'), { type });

  it('maps vanished apps and objects to element_stale', () => {
    for (const name of ['NoReply', 'ServiceUnknown', 'UnknownObject']) {
      expect(mapDbusError(dbusError(`org.freedesktop.DBus.Error.${name}`), 'x').code).toBe(
        'element_stale',
      );
    }
  });

  it('maps missing methods to pattern_not_supported and anything else to backend_unavailable', () => {
    expect(mapDbusError(dbusError('org.freedesktop.DBus.Error.UnknownMethod'), 'x').code).toBe(
      'pattern_not_supported',
    );
    expect(mapDbusError(dbusError('org.example.Weird'), 'x').code).toBe('backend_unavailable');
  });

  it('maps an Accessible method unknown to the object (GTK 4, destroyed) to element_stale', () => {
    const unknown = dbusError('org.freedesktop.DBus.Error.UnknownMethod');
    expect(mapDbusError(unknown, 'Accessible.GetRole').code).toBe('element_stale');
    expect(mapDbusError(unknown, 'Action.DoAction').code).toBe('pattern_not_supported');
  });
});
