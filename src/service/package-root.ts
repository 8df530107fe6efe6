/**
 * Where the uistream package lives: the nearest folder above this module whose package.json is
 * uistream's. The same module runs from the TypeScript sources (src/service/) and from the build
 * (dist/src/service/), so a fixed relative path would be wrong in one of them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageManifest {
  root: string;
  version: string;
}

function findManifest(): PackageManifest {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'uistream' && typeof pkg.version === 'string') {
        return { root: dir, version: pkg.version };
      }
    } catch {
      // No manifest at this level: keep walking up.
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  // Bundled or copied away from its manifest: the checkout layout (src/service/) is the guess.
  return { root: fileURLToPath(new URL('../../', import.meta.url)), version: '0.0.0' };
}

/** The package's root folder and version, found once. */
export const PACKAGE = findManifest();
