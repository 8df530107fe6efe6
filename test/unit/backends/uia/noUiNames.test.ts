/**
 * No English assumptions in the Windows backend: nothing in src/backends/uia matches a
 * localized UI name (a button caption, a dialog title, a menu name). It decides by control
 * types, patterns, class names and ids only, so it works the same on a German or Japanese
 * Windows. The detector itself is checked on lines that must be caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('../../../../src/backends/uia/', import.meta.url));

/** Captions and titles Windows localizes; a literal equal to one is a UI-name assumption. */
const LOCALIZED_WORDS = [
  'OK',
  'Cancel',
  'Yes',
  'No',
  'Apply',
  'Save',
  'Save As',
  'Open',
  'File',
  'Help',
  'Close',
  'Minimize',
  'Maximize',
  'Restore',
  'Untitled',
  'Desktop',
  'Start',
  'Taskbar',
  'Notepad',
];
const NAME = String.raw`\b(?:name|title|caption|label|Name|Title|windowText)\b`;
const RULES: { why: string; pattern: RegExp }[] = [
  {
    why: 'a name compared with a literal',
    pattern: new RegExp(`(?<!typeof\\s+)${NAME}\\s*[!=]==?\\s*['"\`]`),
  },
  {
    why: 'a literal compared with a name',
    pattern: new RegExp(`['"\`]\\s*[!=]==?\\s*[\\w.?]*${NAME}`),
  },
  {
    why: 'a name searched for a literal',
    pattern: new RegExp(
      `${NAME}[\\w.?()]*\\.(?:includes|startsWith|endsWith|indexOf|match)\\(\\s*['"\`/]`,
    ),
  },
  {
    why: 'a regular expression tested on a name',
    pattern: new RegExp(`\\.(?:test|exec)\\([\\w.?]*${NAME}`),
  },
  {
    why: 'a localized caption as a literal',
    pattern: new RegExp(`(['"\`])(?:${LOCALIZED_WORDS.join('|')})\\1`),
  },
];

/** Source without comments, so prose about captions does not count. */
function code(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'));
}

function findings(file: string, text: string): string[] {
  const out: string[] = [];
  code(text).forEach((line, i) => {
    for (const rule of RULES)
      if (rule.pattern.test(line)) out.push(`${file}:${i + 1}: ${rule.why}: ${line.trim()}`);
  });
  return out;
}

describe('no English assumptions in the UIA backend', () => {
  it('catches what it is meant to catch', () => {
    const bad = [
      "if (node.name === 'OK') click(node);",
      "const isSave = 'Save' === el.props.name;",
      "if (title.startsWith('Untitled')) return;",
      'if (/^Open/.test(props.name)) return;',
      "const button = find({ text: 'Cancel' });",
    ];
    for (const line of bad) expect(findings('sample.ts', line).length, line).toBeGreaterThan(0);
    const fine = "if (typeof name === 'string' && type === 'Edit') return; // the 'OK' button";
    expect(findings('sample.ts', fine)).toEqual([]);
  });

  it('finds none in src/backends/uia', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) => findings(f, readFileSync(DIR + f, 'utf8')));
    expect(found).toEqual([]);
  });
});
