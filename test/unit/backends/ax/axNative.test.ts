/**
 * The koffi declarations of the macOS backend, checked on any platform: every prototype parses
 * (koffi resolves each type name), and each sits under an Apple header line naming the same
 * function. The values themselves are reviewed against the SDK headers (docs/macos.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDeclarations } from '../../../../src/backends/ax/axNative.js';

const SOURCE = readFileSync(
  fileURLToPath(new URL('../../../../src/backends/ax/axNative.ts', import.meta.url)),
  'utf8',
);

describe('AX koffi declarations', () => {
  it('parse in koffi, each under the header line of the same function', () => {
    const prototypes = parseDeclarations();
    expect(prototypes.length).toBeGreaterThan(50);
    for (const prototype of prototypes) {
      const name = /\b(\w+)\(/.exec(prototype)?.[1] ?? '';
      const at = SOURCE.indexOf(`'${prototype.slice(0, 30)}`);
      expect(at, prototype).toBeGreaterThan(0);
      // The comment block right above the declaration quotes the header's own line.
      const above = SOURCE.slice(Math.max(0, at - 600), at);
      const header = above.slice(above.lastIndexOf('.h: `'));
      expect(header, prototype).toMatch(new RegExp(`\\b${name}\\s*\\(`));
    }
  });
});
