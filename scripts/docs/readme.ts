/**
 * Writes the generated sections of README.md: the flags (from `uistream --help`) and the MCP
 * tools (from the tool registry). Each section sits between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->`; the text around them is left as written. `--check` fails when a
 * section on disk differs from what would be written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { USAGE } from '../../src/cli/args.js';
import { defaultTools } from '../../src/mcp/tools/index.js';
import { uiAutomation } from '../../src/mcp/tools/automation.js';

const README = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'README.md');

interface ToolRow {
  name: string;
  kind: string;
  description: string;
}

/** A description's first sentence, for a table cell (pipes escaped). */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return (end < 0 ? text : text.slice(0, end + 1)).replace(/\|/g, '\\|');
}

/** The flags section: the CLI's own help text, verbatim. */
export function flagsSection(usage: string): string {
  return ['```text', usage.trimEnd(), '```'].join('\n');
}

/** The tools section: one row per tool of the default profile, then the single-tool profile. */
export function toolsSection(tools: readonly ToolRow[], single: ToolRow): string {
  const row = (t: ToolRow): string =>
    `| \`${t.name}\` | ${t.kind === 'read' ? 'reads' : 'acts'} | ${firstSentence(t.description)} |`;
  return [
    '| Tool | Kind | What |',
    '| ---- | ---- | ---- |',
    ...tools.map(row),
    '',
    `With \`--tools ui_automation\` the server lists one tool instead, \`${single.name}\`, ` +
      'whose `action` names the operation.',
  ].join('\n');
}

/** The text with the section NAME replaced by `body`; throws when its markers are missing. */
export function replaceSection(text: string, name: string, body: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers of section ${name}`);
  return `${text.slice(0, start + open.length)}\n${body}\n${text.slice(end)}`;
}

/**
 * README.md as the generator writes it, from its current text, formatted as `prettier --check`
 * expects (the tables' columns padded), so the two checks agree.
 */
export async function generateReadme(text: string): Promise<string> {
  const withFlags = replaceSection(text, 'flags', flagsSection(USAGE));
  const withTools = replaceSection(withFlags, 'tools', toolsSection(defaultTools, uiAutomation));
  const options = (await resolveConfig(README)) ?? {};
  return format(withTools, { ...options, filepath: README });
}

async function main(): Promise<void> {
  const current = readFileSync(README, 'utf8');
  const generated = await generateReadme(current);
  if (process.argv.includes('--check')) {
    if (generated !== current) {
      console.error('README.md generated sections are stale (run npm run generate)');
      process.exit(1);
    }
    console.log('README.md generated sections are up to date');
  } else if (generated !== current) {
    writeFileSync(README, generated);
    console.log('wrote the generated sections of README.md');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
