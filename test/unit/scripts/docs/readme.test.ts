import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  flagsSection,
  generateReadme,
  replaceSection,
  toolsSection,
} from '../../../../scripts/docs/readme.js';
import { USAGE } from '../../../../src/cli/args.js';

describe('README generator', () => {
  it('replaces only the text between a section’s markers', () => {
    const text = 'a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\nb\n';
    expect(replaceSection(text, 'x', 'new')).toBe(
      'a\n<!-- generated:x -->\nnew\n<!-- /generated:x -->\nb\n',
    );
  });

  it('refuses a README without the markers', () => {
    expect(() => replaceSection('no markers', 'flags', 'x')).toThrow(/markers of section flags/);
  });

  it('writes the help text verbatim and one row per tool', () => {
    expect(flagsSection('Usage: x\n')).toBe('```text\nUsage: x\n```');
    const rows = toolsSection(
      [
        { name: 'ui_a', kind: 'read', description: 'Reads a. More text.' },
        { name: 'ui_b', kind: 'action', description: 'Does b | c' },
      ],
      { name: 'ui_all', kind: 'action', description: 'All.' },
    );
    expect(rows).toContain('| `ui_a` | reads | Reads a. |');
    expect(rows).toContain('| `ui_b` | acts | Does b \\| c |');
    expect(rows).toContain('`ui_all`');
  });

  it('finds the checked-in README current', async () => {
    const text = readFileSync('README.md', 'utf8');
    expect(await generateReadme(text)).toBe(text);
    expect(text).toContain(USAGE.split('\n')[0]);
  });
});
