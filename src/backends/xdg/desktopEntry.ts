/**
 * Desktop entries (freedesktop Desktop Entry Specification 1.5): the `[Desktop Entry]` group of
 * a `.desktop` file, its string escapes, and the desktop file id a file's path gives it. Pure:
 * reading the directories is catalog.ts's job.
 */

export interface DesktopEntry {
  /** Desktop file id: the path below `applications/` with `/` as `-` (`kde-foo.desktop`). */
  id: string;
  /** The file it was read from (the `%k` field code). */
  file: string;
  name: string;
  exec: string;
  tryExec?: string;
  /** Working directory to start in. */
  path?: string;
  icon?: string;
}

/** Undo the string escapes of a value (`\s \n \t \r \\`); a lone backslash stays. */
export function unescapeValue(value: string): string {
  return value.replace(/\\([sntr\\])/g, (_m, c: string) =>
    c === 's' ? ' ' : c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : '\\',
  );
}

/** The keys of the `[Desktop Entry]` group (first occurrence wins; localized keys ignored). */
export function entryGroup(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  let inEntry = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      if (inEntry) break;
      inEntry = line === '[Desktop Entry]';
      continue;
    }
    if (!inEntry) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    if (!keys.has(key)) keys.set(key, line.slice(eq + 1).trim());
  }
  return keys;
}

/**
 * A launchable application entry, or null: not `Type=Application`, `Hidden`, without `Exec`,
 * or `NoDisplay` (kept out of menus, still launchable: `includeHidden` keeps those).
 */
export function parseDesktopEntry(
  text: string,
  id: string,
  file: string,
  includeNoDisplay = true,
): DesktopEntry | null {
  const g = entryGroup(text);
  const exec = g.get('Exec');
  const name = g.get('Name');
  if (g.get('Type') !== 'Application' || exec === undefined || name === undefined) return null;
  if (g.get('Hidden') === 'true') return null;
  if (!includeNoDisplay && g.get('NoDisplay') === 'true') return null;
  const entry: DesktopEntry = { id, file, name: unescapeValue(name), exec: unescapeValue(exec) };
  const tryExec = g.get('TryExec');
  if (tryExec !== undefined) entry.tryExec = unescapeValue(tryExec);
  const path = g.get('Path');
  if (path !== undefined && path !== '') entry.path = unescapeValue(path);
  const icon = g.get('Icon');
  if (icon !== undefined && icon !== '') entry.icon = unescapeValue(icon);
  return entry;
}

/** The desktop file id of a file at `relative` below an `applications` directory. */
export function desktopIdOf(relative: string): string {
  return relative
    .split(/[\\/]/)
    .filter((p) => p !== '')
    .join('-');
}
