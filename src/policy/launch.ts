/**
 * The launch rules of the access policy: launching on or off (`--no-launch`), limited to
 * `--allow-launch` globs, and the deny list applied to what a launch would start. Pure
 * functions; AccessPolicy.checkLaunch is the one caller.
 */
import { UiError } from '../errors.js';

/** What a launch would start, as the rules look at it. */
export interface LaunchSubject {
  id: string;
  name: string;
  executable: string;
}

export interface LaunchRules {
  launchEnabled: boolean;
  allowLaunch: readonly string[];
}

/** A glob (`*` any run, `?` one character) as an anchored regular expression. */
export function globToRegExp(glob: string, caseInsensitive: boolean): RegExp {
  const body = glob
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, caseInsensitive ? 'i' : '');
}

/** True when a pattern names the subject: its id (with or without .desktop), name or program. */
export function launchPatternMatches(pattern: string, subject: LaunchSubject): boolean {
  const loose = globToRegExp(pattern, true);
  const strict = globToRegExp(pattern, false);
  const bareId = subject.id.replace(/\.desktop$/i, '');
  return (
    loose.test(subject.id) ||
    loose.test(bareId) ||
    loose.test(subject.name) ||
    strict.test(subject.executable)
  );
}

/** The names the deny list is checked against: display name, id and the program's file name. */
export function launchNames(subject: LaunchSubject): string[] {
  const file = subject.executable.split(/[\\/]/).pop() ?? subject.executable;
  return [
    subject.name,
    subject.id,
    subject.id.replace(/\.desktop$/i, ''),
    file,
    file.replace(/\.exe$/i, ''),
  ];
}

/** Refuse a launch the rules do not allow (launch_not_allowed). */
export function checkLaunchRules(rules: LaunchRules, subject: LaunchSubject): void {
  if (!rules.launchEnabled) {
    throw new UiError('launch_not_allowed', 'launching apps is turned off on this server', {
      details: { app: subject.name },
    });
  }
  if (rules.allowLaunch.length === 0) return;
  if (rules.allowLaunch.some((p) => launchPatternMatches(p, subject))) return;
  throw new UiError(
    'launch_not_allowed',
    `${subject.executable} is outside what this server may launch`,
    {
      details: {
        app: subject.name,
        id: subject.id,
        program: subject.executable,
        allowed: [...rules.allowLaunch],
      },
    },
  );
}
