/**
 * `uistream record` flags. Pure, like args.ts: a parsed command or a RecordUsageError (args.ts
 * turns it into its UsageError; importing that here would be a cycle).
 */
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCombo } from '../input/keys.js';
import { chordName } from '../recorder/steps.js';

export const RECORD_USAGE = `
Record (uistream record [--app NAME] [--out FILE] [--format pytest|typescript|mcp]):
  Watch a person use the app (docs/recorder.md); --assert-key (default Ctrl+Alt+A) asserts on
  the focused element; Ctrl+C writes test_x.py, x.test.ts or x.json (default: pytest to stdout)
`;

export class RecordUsageError extends Error {
  override readonly name = 'UsageError';
}

export type RecordFormat = 'pytest' | 'typescript' | 'mcp';

export interface RecordCommand {
  app?: string;
  out?: string;
  format: RecordFormat;
  /** The assertion chord, as chordName() spells what the backend reports. */
  assertKey: string;
  backend?: string;
  scene?: string;
  seed?: number;
}

const OPTIONS = {
  app: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  'assert-key': { type: 'string' },
  backend: { type: 'string' },
  scene: { type: 'string' },
  seed: { type: 'string' },
} as const;

const BY_EXTENSION: Readonly<Record<string, RecordFormat>> = {
  '.py': 'pytest',
  '.ts': 'typescript',
  '.json': 'mcp',
};

function formatOf(out: string | undefined, flag: string | undefined): RecordFormat {
  if (flag !== undefined) {
    if (flag === 'pytest' || flag === 'typescript' || flag === 'mcp') return flag;
    throw new RecordUsageError(`--format must be pytest, typescript or mcp, got "${flag}"`);
  }
  if (out === undefined) return 'pytest';
  const format = BY_EXTENSION[extname(out).toLowerCase()];
  if (format === undefined) {
    throw new RecordUsageError(`--out ${out}: end it in .py, .ts or .json, or give --format`);
  }
  return format;
}

function assertKeyOf(raw: string): string {
  try {
    const combo = parseCombo(raw);
    return chordName(combo.key, combo.modifiers);
  } catch {
    throw new RecordUsageError(`--assert-key: "${raw}" is not a key combo such as Ctrl+Alt+A`);
  }
}

/** Parse `record ...` (argv[0] is "record"). Throws RecordUsageError on bad input. */
export function parseRecordCli(argv: readonly string[]): RecordCommand {
  let values;
  try {
    ({ values } = parseArgs({ args: argv.slice(1), options: OPTIONS, strict: true }));
  } catch (err) {
    throw new RecordUsageError((err as Error).message);
  }
  const seed = values.seed;
  if (seed !== undefined && !/^\d+$/.test(seed)) {
    throw new RecordUsageError(`--seed needs a whole number, got "${seed}"`);
  }
  const command: RecordCommand = {
    format: formatOf(values.out, values.format),
    assertKey: assertKeyOf(values['assert-key'] ?? 'Ctrl+Alt+A'),
  };
  if (values.app !== undefined) command.app = values.app;
  if (values.out !== undefined) command.out = values.out;
  if (values.backend !== undefined) command.backend = values.backend;
  if (values.scene !== undefined) command.scene = values.scene;
  if (seed !== undefined) command.seed = Number(seed);
  return command;
}
