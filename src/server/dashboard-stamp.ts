/**
 * The dashboard bundle's freshness stamp: one hash over every source the bundle is built from
 * (the page, the client, the protocol and the locked dependency versions). The build writes it
 * beside the bundle; the server recomputes it at start and refuses to serve a bundle whose
 * stamp differs, so a stale dashboard can never be served from a checkout.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PACKAGE } from '../service/package-root.js';

/** The package root: a checkout, or an installed package (which ships the bundle, no sources). */
export const REPO_ROOT = PACKAGE.root;
export const DASHBOARD_DIST = join(REPO_ROOT, 'dashboard', 'dist');
export const STAMP_FILE = 'stamp.json';

const SOURCES = [
  'dashboard/src',
  'dashboard/static',
  'dashboard/build.ts',
  'clients/typescript',
  'protocol/src',
  'package-lock.json',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** Hash of the bundle's sources, or null where the sources are absent (an installed package). */
export function dashboardSourceHash(root: string = REPO_ROOT): string | null {
  if (!existsSync(join(root, 'dashboard', 'src'))) return null;
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of filesUnder(join(root, source))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** The hash the bundle in `dist` was built from, or null when there is no bundle. */
export function builtHash(dist: string = DASHBOARD_DIST): string | null {
  try {
    const stamp = JSON.parse(readFileSync(join(dist, STAMP_FILE), 'utf8')) as { hash?: unknown };
    return typeof stamp.hash === 'string' ? stamp.hash : null;
  } catch {
    return null;
  }
}
