/**
 * What can be launched on a Linux desktop: the desktop entries of `$XDG_DATA_HOME` and
 * `$XDG_DATA_DIRS` (`applications/`, an earlier directory's id hiding a later one's, as the
 * spec orders them) and the executables on `$PATH`. Read on demand; a launch is rare and a
 * fresh read sees an app installed a moment ago.
 */
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import type { InstalledApp } from '../apps.js';
import { desktopIdOf, parseDesktopEntry, type DesktopEntry } from './desktopEntry.js';
import { splitExec } from './execLine.js';

/** Entries read at most (a desktop has hundreds; a runaway directory must not stall a launch). */
const MAX_ENTRIES = 5_000;

/** The `applications` directories, most important first. */
export function applicationDirs(env: NodeJS.ProcessEnv): string[] {
  const home =
    env.XDG_DATA_HOME ?? (env.HOME === undefined ? undefined : join(env.HOME, '.local/share'));
  const dirs = (env.XDG_DATA_DIRS ?? '/usr/local/share:/usr/share')
    .split(':')
    .filter((d) => d !== '');
  return [...(home === undefined ? [] : [home]), ...dirs].map((d) => join(d, 'applications'));
}

function desktopFiles(dir: string, out: string[] = [], root = dir): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (out.length >= MAX_ENTRIES) break;
    const path = join(dir, name);
    if (name.endsWith('.desktop')) out.push(relative(root, path));
    else if (!name.includes('.') && isDirectory(path)) desktopFiles(path, out, root);
  }
  return out;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every application entry, each id once (the first directory's). */
export function readDesktopEntries(env: NodeJS.ProcessEnv): DesktopEntry[] {
  const seen = new Map<string, DesktopEntry | null>();
  for (const dir of applicationDirs(env)) {
    for (const rel of desktopFiles(dir)) {
      const id = desktopIdOf(rel);
      if (seen.has(id)) continue;
      const file = join(dir, rel);
      try {
        seen.set(id, parseDesktopEntry(readFileSync(file, 'utf8'), id, file));
      } catch {
        seen.set(id, null);
      }
    }
  }
  return [...seen.values()].filter((e): e is DesktopEntry => e !== null);
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A program name as the shell would find it on PATH (never through a shell), or undefined. */
export function findOnPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  if (program.includes('/')) return isExecutable(program) ? program : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The executables on PATH, each name once (the first directory's). */
export function pathPrograms(env: NodeJS.ProcessEnv): InstalledApp[] {
  const seen = new Map<string, InstalledApp>();
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name)) continue;
      const path = join(dir, name);
      seen.set(name, { id: path, name, executable: path, source: 'path' });
    }
  }
  return [...seen.values()];
}

/** A desktop entry as an installed app; its program is the first Exec word found on PATH. */
export function entryApp(entry: DesktopEntry, env: NodeJS.ProcessEnv): InstalledApp | null {
  const first = safeSplit(entry.exec)[0];
  if (first === undefined) return null;
  if (entry.tryExec !== undefined && findOnPath(entry.tryExec, env) === undefined) return null;
  const executable = findOnPath(first, env) ?? first;
  return { id: entry.id, name: entry.name, executable, source: 'desktop-entry' };
}

function safeSplit(exec: string): string[] {
  try {
    return splitExec(exec);
  } catch {
    return [];
  }
}
