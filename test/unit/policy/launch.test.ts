import { describe, expect, it } from 'vitest';
import { AccessPolicy } from '../../../src/policy/access.js';
import { globToRegExp, launchPatternMatches } from '../../../src/policy/launch.js';
import { codeOf } from '../../support/errors.js';

const EDITOR = {
  id: 'org.gnome.TextEditor.desktop',
  name: 'Text Editor',
  executable: '/usr/bin/gnome-text-editor',
};
const policy = (rules: Partial<ConstructorParameters<typeof AccessPolicy>[0]>) =>
  new AccessPolicy({
    readOnly: false,
    dryRun: false,
    denyApps: [],
    captureEnabled: true,
    ...rules,
  });

describe('launch rules', () => {
  it('reads globs with * and ? and nothing else special', () => {
    expect(globToRegExp('/usr/bin/*', false).test('/usr/bin/xterm')).toBe(true);
    expect(globToRegExp('a?c', false).test('abc')).toBe(true);
    expect(globToRegExp('a.c', false).test('abc')).toBe(false);
  });

  it('matches a pattern against the id, the bare id, the name and the program', () => {
    expect(launchPatternMatches('org.gnome.*', EDITOR)).toBe(true);
    expect(launchPatternMatches('org.gnome.TextEditor', EDITOR)).toBe(true);
    expect(launchPatternMatches('text editor', EDITOR)).toBe(true);
    expect(launchPatternMatches('/usr/bin/gnome-*', EDITOR)).toBe(true);
    expect(launchPatternMatches('/usr/local/*', EDITOR)).toBe(false);
  });

  it('allows by default, refuses when off or outside the allow list, and applies the deny list', () => {
    expect(codeOf(() => policy({}).checkLaunch(EDITOR))).toBeUndefined();
    expect(codeOf(() => policy({ launchEnabled: false }).checkLaunch(EDITOR))).toBe(
      'launch_not_allowed',
    );
    expect(codeOf(() => policy({ allowLaunch: ['/opt/*'] }).checkLaunch(EDITOR))).toBe(
      'launch_not_allowed',
    );
    expect(
      codeOf(() => policy({ allowLaunch: ['/opt/*', '*text*'] }).checkLaunch(EDITOR)),
    ).toBeUndefined();
    expect(codeOf(() => policy({ denyApps: ['gnome-text-editor'] }).checkLaunch(EDITOR))).toBe(
      'forbidden_target',
    );
    expect(codeOf(() => policy({ denyApps: ['TEXT EDITOR'] }).checkLaunch(EDITOR))).toBe(
      'forbidden_target',
    );
  });
});
