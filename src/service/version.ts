/** The server's version, read once from the package manifest so it never drifts. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'uistream' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // No manifest at this level: keep walking up.
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export const SERVER_VERSION = findVersion();
