/**
 * Compact text renderings for the model. Every answer is a few short lines in the snapshot's
 * own style (`button "Save" [ref=e12]`), so an action result stays well under 150 tokens.
 */
import type {
  ActionResult,
  ElementNode,
  ElementSummary,
  TextChange,
  UiEvent,
  WindowInfo,
} from '../../protocol/src/index.js';

/** States worth telling the model about; the rest (enabled, focusable...) are the default. */
const SHOWN_STATES = new Set([
  'focused',
  'selected',
  'checked',
  'mixed',
  'expanded',
  'collapsed',
  'offscreen',
  'readonly',
  'modal',
  'active',
  'minimized',
  'busy',
]);

/** Shorten a string for display, marking the cut. */
export function clip(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** `at 12 -0 +"hello" (40 chars)`: where the text changed, what went and came, its new length. */
export function textChangeLine(change: TextChange, length: number): string {
  const cut = change.truncated === true ? '…(cut)' : '';
  const inserted = `+${JSON.stringify(clip(change.inserted, 60))}${cut}`;
  return `at ${change.start} -${change.removed} ${inserted} (${length} chars)`;
}

function roleOf(controlType: string): string {
  return controlType.toLowerCase();
}

/** `button "Save" [ref=e12]` for a summary. */
export function summaryLine(el: ElementSummary): string {
  return `${roleOf(el.controlType)} "${clip(el.name)}" [ref=${el.ref}]`;
}

/** A node with its notable states and value: `edit "Name" [ref=e3] [disabled] value="x"`. */
export function nodeLine(el: ElementNode): string {
  const marks: string[] = [];
  if (!el.states.includes('enabled')) marks.push('[disabled]');
  for (const s of el.states) if (SHOWN_STATES.has(s)) marks.push(`[${s}]`);
  const value = el.value !== undefined && el.value !== '' ? ` value="${clip(el.value, 80)}"` : '';
  const win = el.window !== null ? ` in ${el.window}` : '';
  return `${roleOf(el.controlType)} "${clip(el.name)}" [ref=${el.ref}]${marks.map((m) => ` ${m}`).join('')}${value}${win}`;
}

/** `"Untitled - Editor" [w1] app=editor [foreground]`. */
export function windowLine(w: WindowInfo): string {
  const marks = [
    w.foreground ? '[foreground]' : '',
    w.minimized ? '[minimized]' : '',
    w.maximized ? '[maximized]' : '',
    w.modal ? '[modal]' : '',
  ].filter((m) => m !== '');
  return `"${clip(w.title)}" [${w.ref}] app=${w.app}${marks.map((m) => ` ${m}`).join('')}`;
}

/** One changed property, the way a person would say it: `value="x"`, `[checked]`, `moved`. */
function propText([key, value]: [string, unknown]): string {
  if (key === 'rect') return 'moved';
  if (key === 'states' && Array.isArray(value)) {
    const shown = value.filter((v): v is string => typeof v === 'string' && SHOWN_STATES.has(v));
    const disabled = value.includes('enabled') ? [] : ['disabled'];
    const marks = [...disabled, ...shown].map((m) => `[${m}]`).join('');
    return marks === '' ? 'states' : marks;
  }
  if (typeof value === 'string') return `${key}="${clip(value, 30)}"`;
  return `${key}=${clip(JSON.stringify(value) ?? 'null', 20)}`;
}

function changeLines(changes: ActionResult['changes']): string[] {
  const parts: string[] = [];
  for (const w of changes.opened.slice(0, 3))
    parts.push(`opened "${clip(w.title, 40)}" [${w.ref}]`);
  for (const w of changes.closed.slice(0, 3))
    parts.push(`closed "${clip(w.title, 40)}" [${w.ref}]`);
  if (changes.focus !== null) parts.push(`focus -> ${summaryLine(changes.focus)}`);
  for (const c of changes.changed.slice(0, 3)) {
    const props = Object.entries(c.props).slice(0, 3).map(propText).join(' ');
    parts.push(`${c.ref} "${clip(c.name, 30)}" ${props}`);
  }
  const more = changes.changed.length - 3;
  if (more > 0) parts.push(`+${more} more changed`);
  if (changes.added > 0 || changes.removed > 0) {
    parts.push(`elements +${changes.added} -${changes.removed}`);
  }
  return parts;
}

/** Characters the change line may use, so an action result stays under ~150 tokens. */
const CHANGES_BUDGET_CHARS = 320;

/** Keep parts while they fit in `budget` characters, then say how many were left out. */
function withinBudget(parts: string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const part of parts) {
    if (used + part.length > budget) {
      kept.push(`+${parts.length - kept.length} more`);
      break;
    }
    kept.push(part);
    used += part.length + 2;
  }
  return kept;
}

/** The action result in three short lines. */
export function actionText(r: ActionResult): string {
  const target = r.element !== null ? ` ${summaryLine(r.element)}` : '';
  const how = r.dryRun ? 'dry run' : `via ${r.method}`;
  const lines = [
    `${r.action.replace(/^actions\./, '')}${target} ${how} in ${Math.round(r.durationMs)}ms (rev ${r.revision})${focusUse(r)}`,
  ];
  if (r.window !== null) {
    const fg = r.window.foreground ? ' [foreground]' : '';
    lines.push(`window "${clip(r.window.title, 50)}" [${r.window.ref}]${fg}`);
  }
  if (r.blockedBy !== undefined) {
    lines.push(
      `modal "${clip(r.blockedBy.title, 50)}" [${r.blockedBy.ref}] opened and waits: act on it`,
    );
  }
  const changes = withinBudget(changeLines(r.changes), CHANGES_BUDGET_CHARS);
  lines.push(changes.length === 0 ? 'no visible change' : `changes: ${changes.join('; ')}`);
  return lines.join('\n');
}

/** `; took focus, moved pointer (put back: focus)`, or nothing for a background action. */
function focusUse(r: ActionResult): string {
  const used = [r.tookFocus ? 'took focus' : '', r.movedPointer ? 'moved pointer' : ''];
  const said = used.filter((u) => u !== '').join(', ');
  if (said === '') return '';
  const back =
    r.restored !== undefined && r.restored.length > 0
      ? ` (put back: ${r.restored.join(', ')})`
      : '';
  return `; ${said}${back}`;
}

/** One line per event: `#12 focus.changed edit "Name" [ref=e3]`. */
export function eventLine(e: UiEvent): string {
  const head = `#${e.seq} ${e.type}`;
  switch (e.type) {
    case 'focus.changed':
      return `${head} ${e.element === null ? 'none' : summaryLine(e.element)}`;
    case 'window.opened':
      return `${head} ${windowLine(e.window)}`;
    case 'window.closed':
    case 'window.activated':
      return `${head} "${clip(e.title)}" [${e.window}]`;
    case 'structure.changed':
      return `${head} under ${e.parent ?? 'desktop'} +${e.added.length} -${e.removed.length}`;
    case 'property.changed':
      return `${head} ${summaryLine(e.element)} ${Object.keys(e.changes).join(',')}`;
    case 'text.changed':
      return `${head} ${summaryLine(e.element)} ${textChangeLine(e.change, e.length)}`;
    case 'backend.status':
      return `${head} ${e.backend} ${e.status}${e.reason !== undefined ? ` (${e.reason})` : ''}`;
    case 'clipboard.changed':
      return `${head} ${e.formats.join(',') || 'empty'} owner=${e.owner?.app ?? e.owner?.pid ?? '-'}`;
  }
}
