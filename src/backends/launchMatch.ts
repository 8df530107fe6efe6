/**
 * Finding an installed app by name or id, shared by every backend's apps capability: exact
 * (case-insensitive) first, then a unique name part; nothing found answers `app_not_found`
 * with the closest names, so a caller can correct a typo without listing everything.
 */
import { MultipleMatchesError, UiError } from '../errors.js';
import type { InstalledApp } from './apps.js';

/** Edit distance (insert, delete, substitute), for "did you mean". */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((row[j - 1] ?? 0) + 1, (previous[j] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** The `limit` names closest to `query` (a name containing it counts as close). */
export function closestNames(query: string, names: readonly string[], limit = 5): string[] {
  const q = query.toLowerCase();
  const scored = [...new Set(names)].map((name) => {
    const n = name.toLowerCase();
    // A name holding the query is close; a short name inside the query only when not tiny.
    const inside = q.includes(n) && n.length >= 3 && n.length >= q.length * 0.6;
    const score = n.includes(q) ? 0 : inside ? 0.1 : editDistance(q, n) / Math.max(n.length, 1);
    return { name, score };
  });
  return scored
    .filter((s) => s.score < 0.6)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((s) => s.name);
}

function notFound(what: string, query: string, candidates: readonly string[]): UiError {
  const closest = closestNames(query, candidates);
  const hint = closest.length === 0 ? '' : ` (closest: ${closest.join(', ')})`;
  return new UiError('app_not_found', `no installed app has the ${what} "${query}"${hint}`, {
    details: { query, closest },
    recovery: ['Use one of details.closest, or give the program path'],
  });
}

/** An id with or without its `.desktop` suffix, case-insensitive. */
function sameId(id: string, query: string): boolean {
  const strip = (s: string): string => s.toLowerCase().replace(/\.desktop$/, '');
  return strip(id) === strip(query);
}

/** The installed app a desktop id names. */
export function byDesktopId(installed: readonly InstalledApp[], id: string): InstalledApp {
  const hit = installed.find((a) => a.source !== 'path' && sameId(a.id, id));
  if (hit !== undefined) return hit;
  throw notFound(
    'id',
    id,
    installed.filter((a) => a.source !== 'path').map((a) => a.id),
  );
}

/**
 * The installed app a name names: an entry's display name or id, else a program's file name;
 * a name part only when exactly one app has it.
 */
export function byName(installed: readonly InstalledApp[], name: string): InstalledApp {
  const q = name.trim().toLowerCase();
  const entries = installed.filter((a) => a.source !== 'path');
  const exact = entries.find((a) => a.name.toLowerCase() === q || sameId(a.id, q));
  if (exact !== undefined) return exact;
  // A program name: the one entry that runs it, else the program itself.
  const runs = entries.filter((a) => (a.executable.split(/[\\/]/).pop() ?? '').toLowerCase() === q);
  if (runs.length === 1 && runs[0] !== undefined) return runs[0];
  const program = installed.find((a) => a.source === 'path' && a.name.toLowerCase() === q);
  if (program !== undefined) return program;
  const partial = installed.filter((a) => a.source !== 'path' && a.name.toLowerCase().includes(q));
  if (partial.length === 1 && partial[0] !== undefined) return partial[0];
  if (partial.length > 1) {
    throw new MultipleMatchesError(`${partial.length} installed apps match "${name}"`, {
      details: {
        query: name,
        candidates: partial.slice(0, 10).map((a) => ({ id: a.id, name: a.name })),
      },
    });
  }
  throw notFound(
    'name',
    name,
    installed.map((a) => a.name),
  );
}
