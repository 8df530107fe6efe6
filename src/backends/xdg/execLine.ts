/**
 * The Exec key of a desktop entry, turned into an argv without a shell: split into arguments
 * by the spec's quoting rules (double quotes, inside which `\"`, `` \` ``, `\$` and `\\` are
 * escapes), then field codes expanded. The caller's arguments are the files or URLs: `%f`/`%u`
 * take the first, `%F`/`%U` all of them; an Exec without such a code gets them appended.
 */
import { InvalidParamsError } from '../../errors.js';

/** Split an Exec value into arguments (quoting as the spec says; no shell expansion ever). */
export function splitExec(exec: string): string[] {
  const args: string[] = [];
  let current = '';
  let started = false;
  let quoted = false;
  for (let i = 0; i < exec.length; i++) {
    const c = exec[i] ?? '';
    if (quoted) {
      if (c === '\\' && i + 1 < exec.length && '"`$\\'.includes(exec[i + 1] ?? '')) {
        current += exec[++i];
      } else if (c === '"') {
        quoted = false;
      } else {
        current += c;
      }
    } else if (c === '"') {
      quoted = true;
      started = true;
    } else if (c === ' ' || c === '\t') {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += c;
      started = true;
    }
  }
  if (quoted) throw new InvalidParamsError(`unterminated quote in Exec: ${exec}`);
  if (started) args.push(current);
  return args;
}

export interface ExecContext {
  /** Files or URLs to open. */
  args: readonly string[];
  /** The entry's Name (`%c`). */
  name: string;
  /** The entry's Icon (`%i` gives `--icon <icon>`). */
  icon?: string | undefined;
  /** The desktop file (`%k`). */
  file: string;
}

const LIST_CODES = new Set(['%F', '%U']);

/** Expand the field codes of split Exec arguments into the argv to run. */
export function expandExec(split: readonly string[], ctx: ExecContext): string[] {
  const argv: string[] = [];
  let used = false;
  for (const token of split) {
    if (LIST_CODES.has(token)) {
      argv.push(...ctx.args);
      used = true;
      continue;
    }
    if (token === '%i') {
      if (ctx.icon !== undefined) argv.push('--icon', ctx.icon);
      continue;
    }
    if (token === '%f' || token === '%u') {
      used = true;
      if (ctx.args[0] !== undefined) argv.push(ctx.args[0]);
      continue;
    }
    const expanded = token.replace(/%%|%[a-zA-Z]/g, (code) => {
      if (code === '%%') return '%';
      if (code === '%c') return ctx.name;
      if (code === '%k') return ctx.file;
      if (code === '%f' || code === '%u') {
        used = true;
        return ctx.args[0] ?? '';
      }
      // Deprecated (%d %D %n %N %v %m), lists inside a word, and unknown codes: dropped.
      return '';
    });
    if (expanded !== '' || token === '') argv.push(expanded);
  }
  if (!used) argv.push(...ctx.args);
  return argv;
}
