/**
 * Client-supplied regular expressions. Every pattern a client sends (finds, waits, locators,
 * MCP tools) is compiled here, with an RE2 engine: matching runs in time linear in the text, so
 * no pattern can stall the server the way a backtracking engine can on nested quantifiers.
 * Syntax RE2 does not have (lookaround, backreferences) is refused as invalid_params.
 */
import { RE2JS } from 're2js';
import { InvalidParamsError } from '../../errors.js';

/** A compiled client pattern: only `test`, so callers cannot reach a backtracking engine. */
export interface ClientPattern {
  test(text: string): boolean;
}

/**
 * Compile a client's pattern. `field` names the parameter in the error, so the client knows
 * which one to fix.
 */
export function compileClientPattern(
  source: string,
  field: string,
  options: { caseSensitive?: boolean } = {},
): ClientPattern {
  const flags = options.caseSensitive === false ? RE2JS.CASE_INSENSITIVE : 0;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, flags);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new InvalidParamsError(`${field} is not a supported regular expression: ${reason}`, {
      details: { field, pattern: source, reason, engine: 'RE2 (no lookaround, no backreferences)' },
      recovery: [
        'Rewrite the pattern without lookaround or backreferences (RE2 syntax)',
        'Or use nameMatch "contains" / "equals"',
      ],
    });
  }
  return { test: (text) => compiled.test(text) };
}
