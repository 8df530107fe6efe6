/**
 * The form of a window an action opened, carried in the action's answer: an agent that pressed
 * Save As needs the dialog's field and button refs next, and reading them is otherwise one more
 * call (and its tokens) after every opening action. Only the window the result names is read,
 * and only while it is open (a completion popup that came and went during typing is not).
 */
import type { ActionResult } from '../../protocol/src/index.js';
import { isUiError } from '../errors.js';
import { callMethod } from './call.js';
import type { ToolContext } from './types.js';

/** The opened window's form lines (the dialog region, ~200 tokens at most), or ''. */
export async function openedForm(r: ActionResult, ctx: ToolContext): Promise<string> {
  const win = r.window;
  if (win === null || !r.changes.opened.some((w) => w.ref === win.ref)) return '';
  if (r.changes.closed.some((w) => w.ref === win.ref)) return '';
  try {
    const form = await callMethod(ctx, 'regions.read', { region: 'dialog', window: win.ref });
    // A non-modal window's dialog region may be another (modal) window: not the one opened.
    if (!form.found || form.elements[0]?.window !== win.ref) return '';
    // The table's `more` marker names WebSocket methods; the ref on the first line says what
    // to snapshot for the rest.
    const lines = form.text.split('\n');
    return `\nform of ${win.ref}:\n${(form.more === undefined ? lines : lines.slice(0, -1)).join('\n')}`;
  } catch (err) {
    // The answer stands without its form: a policy that denies the read, a window gone since.
    if (isUiError(err)) return '';
    throw err;
  }
}
