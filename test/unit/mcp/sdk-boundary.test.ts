import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? sources(join(dir, d.name))
      : d.name.endsWith('.ts')
        ? [join(dir, d.name)]
        : [],
  );
}

describe('MCP SDK boundary', () => {
  it('imports the SDK from src/mcp/sdk.ts alone, so a major version touches one file', () => {
    const importers = sources('src')
      .filter((f) => /from '@modelcontextprotocol\/sdk/.test(readFileSync(f, 'utf8')))
      .map((f) => f.replaceAll('\\', '/'));
    expect(importers).toEqual(['src/mcp/sdk.ts']);
  });
});
