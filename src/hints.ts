/**
 * Recovery hints as data. A hint that names a call carries it as `{method, params}`; each
 * transport names the call in its own vocabulary (a WebSocket method, an MCP tool of the
 * active profile) when it renders the hint, so no transport rewrites another's text.
 */
import type { CallHint } from '../protocol/src/index.js';

/** A suggestion that names a call: `text` holds `{call}` where the call's name goes. */
export interface Hint {
  readonly text: string;
  readonly call: CallHint;
}

/** One recovery suggestion: plain advice, or advice that names a call. */
export type Recovery = string | Hint;

/** How a transport names a method. */
export type CallNamer = (method: string) => string;

/** The method table's own names (WebSocket and fleet clients call methods by name). */
export const wsCallName: CallNamer = (method) => method;

/** A hint naming `method` (with `params` when they matter) inside `text` at `{call}`. */
export function hint(text: string, method: string, params?: Record<string, unknown>): Hint {
  return { text, call: params === undefined ? { method } : { method, params } };
}

/** `tree.snapshot with root=e5`, or the transport's own name for it. */
export function renderCall(call: CallHint, name: CallNamer): string {
  const params = Object.entries(call.params ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return params.length === 0 ? name(call.method) : `${name(call.method)} with ${params.join(', ')}`;
}

export function renderRecovery(recovery: readonly Recovery[], name: CallNamer): string[] {
  return recovery.map((r) =>
    typeof r === 'string' ? r : r.text.replace('{call}', renderCall(r.call, name)),
  );
}

/** What a read left out: how many lines (of them hidden ones), and the call that reads them. */
export interface MoreLines {
  omitted: number;
  hidden?: number | undefined;
  next: CallHint;
}

/** The last line of a read that left lines out, its call named by `name`. */
export function moreLine(more: MoreLines, name: CallNamer): string {
  const hidden = more.hidden === undefined ? '' : `, ${more.hidden} hidden: includeHidden: true`;
  return `- … ${more.omitted} more (use ${renderCall(more.next, name)}${hidden})`;
}
