/**
 * How tool parameters show in tools/list, one table for every tool. Every parameter stays
 * accepted (the zod schemas are the contract, and an unknown key is answered with the accepted
 * ones); this table only decides what each listing spends tokens on. `hidden` parameters are
 * tuning knobs an agent rarely needs, documented in the README; `description` replaces a wire
 * description written for people with a shorter one (empty: none, the name says it).
 *
 * A key is a parameter's path from the root of the input (`waitMs`, `target.window`), optionally
 * scoped to one tool (`ui_click:target.x`) or to the acting tools (`action:waitMs`). The most
 * specific key wins.
 */
import type { ToolKind } from './types.js';

export interface ParamListing {
  hidden?: boolean;
  description?: string;
}

const hidden = { hidden: true } as const;
const shown = { hidden: false } as const;
const TARGET = 'Element: {ref} or {name, controlType, automationId, window}';

export const PARAM_LISTING: Readonly<Record<string, ParamListing>> = {
  // Action tuning: the defaults fit agents; harnesses set them by name.
  'action:timeoutMs': hidden,
  'action:waitMs': hidden,
  'action:dryRun': hidden,
  'action:settleMs': hidden,
  'action:allowInput': hidden,
  'action:includePatches': hidden,
  // Failure screenshots come by default; `screenshot: true` asks for one after success too.
  'action:screenshot': { description: 'Screenshot after success too' },
  'action:screenshotDelayMs': hidden,
  // A target is mostly a ref or a name; the rarer find filters stay accepted.
  'target.caseSensitive': hidden,
  'target.within': hidden,
  'target.maxDepth': hidden,
  'target.value': hidden,
  'target.nameMatch': hidden,
  'target.app': hidden,
  // Find tuning: contains-matching fits most searches.
  'ui_find:caseSensitive': hidden,
  'ui_find:maxDepth': hidden,
  'ui_find:within': hidden,
  // Snapshot tuning: compact mode and full depth fit agents.
  'ui_snapshot:mode': hidden,
  'ui_snapshot:maxDepth': hidden,
  'ui_text_attributes:maxRuns': hidden,
  'ui_ocr:language': hidden,
  'target.x': hidden,
  'target.y': hidden,
  'ui_click:target.x': { ...shown, description: '' },
  'ui_click:target.y': { ...shown, description: '' },
  // The target's own description names its fields, once, instead of one description each.
  target: { description: TARGET },
  'ui_click:target': { description: `${TARGET}, or a screen point {x, y}` },
  'target.ref': { description: '' },
  'target.name': { description: '' },
  'target.controlType': { description: '' },
  'target.window': { description: '' },
  'target.automationId': { description: '' },
  automationId: { description: 'Exact id' },
  name: { description: 'Name contains (nameMatch: equals, regex)' },
  nameMatch: { description: 'How name matches' },
  caseSensitive: { description: 'Case-sensitive name' },
  maxDepth: { description: 'Levels below the start' },
  maxResults: { description: 'At most this many' },
  timeoutMs: { description: 'Deadline, ms' },
  language: { description: 'OCR language (eng)' },
  padding: { description: 'Pixels around the element' },
  monitorIndex: { description: 'Monitor number' },
  rect: { description: 'Screen rect {x, y, width, height}, pixels' },
  'rect.x': { description: '' },
  'rect.y': { description: '' },
  'rect.width': { description: '' },
  'rect.height': { description: '' },
  // Per tool: what a parameter does there.
  'ui_snapshot:maxElements': { description: 'Lines per page' },
  'ui_snapshot:maxTokens': { description: 'Token budget per page' },
  'ui_snapshot:cursor': { description: 'From the previous page' },
  'ui_snapshot:includeHidden': { description: 'Also collapsed menus, hidden popovers, off-screen' },
  'ui_read:region': { description: 'Part of the window to read' },
  'ui_get_element:fields': { description: 'Properties to return (default: all)' },
  'ui_get_text:includeChildren': { description: 'With descendants’ text' },
  'ui_get_text:maxChars': { description: 'Cut after this many' },
  'ui_list_windows:includeMinimized': { description: 'List minimized ones too' },
  'ui_events:types': { description: 'Event types to keep' },
  'ui_events:windows': hidden,
  'ui_events:apps': hidden,
  'ui_events:waitMs': { description: 'Wait this long for a first event' },
  'ui_events:limit': hidden,
  'ui_screenshot:format': hidden,
  'ui_screenshot:maxWidth': { description: 'Width bound, pixels' },
  'ui_screenshot:maxImageTokens': { description: 'Image budget (w*h/750)' },
  'ui_type:text': { description: 'Text to type' },
  'ui_type:clearFirst': { description: 'Replace the current text' },
  'ui_press_keys:keys': { description: 'e.g. "Ctrl+S" or ["Tab", "Enter"]' },
  'ui_set_value:value': { description: 'The new value' },
  'ui_select:option': { description: 'Visible text of the option' },
  'ui_select:match': hidden,
  'ui_invoke:pattern': { description: 'Pattern to use' },
  'ui_invoke:value': { description: 'For Value and RangeValue' },
  'ui_click:button': { description: 'Mouse button' },
  'ui_click:clickCount': { description: '2: double click' },
  'ui_scroll:direction': { description: 'Omit to scroll the target into view' },
  'ui_scroll:amount': { description: 'Notches' },
  'ui_scroll:maxScrolls': hidden,
  'ui_scroll:container': { description: 'The list to scroll, when not the nearest' },
  'ui_wait_for:condition': { description: 'What to wait for' },
  'ui_wait_for:target': { description: TARGET },
  'ui_text_attributes:start': { description: 'First character' },
  'ui_text_attributes:end': { description: 'Stop before this character' },
  // The single-tool profile: its parameters serve several actions.
  'ui_automation:action': { description: 'What to do' },
  'ui_automation:maxScrolls': { description: 'scroll_into_view: give up after this many' },
  'ui_automation:text': { description: 'find_and_type: the text' },
  'ui_automation:clearFirst': { description: 'find_and_type: replace the current text' },
  'ui_automation:match': { description: 'find_and_select: how value matches' },
  'ui_automation:button': { description: 'find_and_click: mouse button' },
  'ui_automation:clickCount': { description: 'find_and_click: 2 double-clicks' },
  'ui_automation:includeChildren': { description: 'get_text: with descendants’ text' },
  'ui_automation:maxChars': { description: 'get_text: cut after this many' },
  'ui_automation:maxElements': { description: 'get_tree: at most this many lines' },
  'ui_automation:args': { description: 'launch_app: arguments' },
  'ui_automation:force': { description: 'close_app: kill if asking fails' },
  'ui_automation:desktopId': { description: 'launch_app: desktop entry id' },
  'ui_automation:path': { description: 'launch_app: program path' },
  // ui_app: one tool, its operations named in the description.
  'ui_app:op': { description: 'Operation' },
  'ui_app:name': { description: 'App to start' },
  'ui_app:desktopId': { description: 'Desktop entry id' },
  'ui_app:path': { description: 'Program' },
  'ui_app:args': { description: 'Arguments' },
  'ui_app:app': { description: 'App to close: name or pid' },
  'ui_app:force': { description: 'Kill if asking fails' },
  'ui_app:cwd': hidden,
  'ui_app:waitFor': hidden,
  ref: { description: 'Element ref (e12)' },
  root: { description: 'Element ref (e12) to start from' },
  window: { description: 'Window ref (w3) or part of its title' },
  within: { description: 'Only under this element ref' },
  app: { description: 'App name or pid' },
  // Image tuning: maxWidth bounds the size; the rest have sensible defaults.
  'ui_screenshot:quality': hidden,
  'ui_screenshot:scale': hidden,
  'ui_screenshot:padding': hidden,
  'ui_ocr:padding': hidden,
  'ui_ocr:name': { description: 'Element name contains' },
  'ui_ocr:controlType': { description: 'e.g. Button' },
  'ui_ocr:automationId': { description: 'Exact id' },
  'ui_ocr:timeoutMs': hidden,
  'ui_find:visual': { description: 'OCR fallback' },
  'ui_events:controlTypes': hidden,
  'ui_events:within': hidden,
  // A drag's ends: a ref or a point; the locator fields and the tuning stay accepted, unlisted.
  ...dragEnds(),
  'ui_drag:button': hidden,
  'ui_drag:screenshot': hidden,
  'ui_drag:modifiers': hidden,
  'ui_drag:holdMs': hidden,
  'ui_drag:steps': hidden,
  // Documented (docs/desktop-operations.md); agents rarely need it, so it costs no listing.
  'action:focusPolicy': hidden,
};

function dragEnds(): Record<string, ParamListing> {
  const locator = ['name', 'nameMatch', 'caseSensitive', 'automationId', 'controlType'];
  const more = ['window', 'app', 'within', 'maxDepth', 'value'];
  const out: Record<string, ParamListing> = {};
  for (const end of ['from', 'to']) {
    for (const field of [...locator, ...more, 'x', 'y']) out[`ui_drag:${end}.${field}`] = hidden;
    out[`ui_drag:${end}`] = { description: '{ref} or a screen point {x, y}' };
    out[`ui_drag:${end}.ref`] = { description: 'e12' };
  }
  return out;
}

/** The listing rule of the parameter at `path` of `tool`'s input, if any. */
export function paramListing(
  tool: { name: string; kind: ToolKind },
  path: readonly string[],
): ParamListing | undefined {
  const key = path.join('.');
  return (
    PARAM_LISTING[`${tool.name}:${key}`] ??
    PARAM_LISTING[`${tool.kind}:${key}`] ??
    PARAM_LISTING[key]
  );
}
