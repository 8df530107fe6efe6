/**
 * Hints name the call of the transport in use. The method table's answers and errors speak
 * the WebSocket vocabulary ("use tree.snapshot with root=e5", "Use actions.setValue"); inside
 * an MCP answer those hints must name the MCP tool of the active profile instead. In an
 * answer only a method name in hint form (after "use" or "call") is rewritten, so element
 * names and values that happen to contain such a word pass through untouched; in an error's
 * text (message and recovery) every method name the table knows is.
 */
import type { MethodName } from '../../protocol/src/index.js';
import type { Config } from '../config.js';

type Profile = Config['mcp']['tools'];

/** The default profile's tool for each method a hint can name. */
export const DEFAULT_PROFILE_TOOLS: Partial<Record<MethodName, string>> = {
  'tree.snapshot': 'ui_snapshot',
  'regions.read': 'ui_read',
  'elements.find': 'ui_find',
  'elements.get': 'ui_get_element',
  'elements.text': 'ui_get_text',
  'focus.get': 'ui_focused',
  'windows.list': 'ui_list_windows',
  'session.hello': 'ui_status',
  'events.read': 'ui_events',
  'actions.click': 'ui_click',
  'actions.type': 'ui_type',
  'actions.keys': 'ui_press_keys',
  'actions.setValue': 'ui_set_value',
  'actions.select': 'ui_select',
  'actions.invoke': 'ui_invoke',
  'actions.focus': 'ui_focus',
  'actions.scroll': 'ui_scroll',
  'actions.scrollIntoView': 'ui_scroll_into_view',
  'actions.waitFor': 'ui_wait_for',
  'actions.batch': 'ui_batch',
};

/** The single-tool profile: the ui_automation action closest to each method. */
export const AUTOMATION_PROFILE_ACTIONS: Partial<Record<MethodName, string>> = {
  'tree.snapshot': 'get_tree',
  'elements.find': 'find',
  'elements.get': 'find',
  'elements.text': 'get_text',
  'actions.click': 'find_and_click',
  'actions.type': 'find_and_type',
  'actions.setValue': 'find_and_type',
  'actions.select': 'find_and_select',
  'actions.invoke': 'invoke',
  'actions.focus': 'focus',
  'actions.scrollIntoView': 'scroll_into_view',
  'actions.waitFor': 'wait_for',
};

const HINT = /\b(use|Use|call|Call) ([a-z]+\.[a-zA-Z]+)\b/g;
const METHOD = /\b([a-z]+\.[a-zA-Z]+)\b/g;

function toolFor(method: string, profile: Profile): string | undefined {
  const name = method as MethodName;
  if (profile === 'default') return DEFAULT_PROFILE_TOOLS[name];
  const action = AUTOMATION_PROFILE_ACTIONS[name];
  return action === undefined ? 'ui_automation' : `ui_automation (action "${action}")`;
}

/** `text` with every WebSocket method named in a hint replaced by the profile's tool. */
export function mcpHints(text: string, profile: Profile): string {
  return text.replace(HINT, (whole, verb: string, method: string) => {
    const tool = toolFor(method, profile);
    return tool === undefined ? whole : `${verb} ${tool}`;
  });
}

/** An error's text with every method the table knows replaced by the profile's tool. */
export function mcpErrorHints(text: string, profile: Profile): string {
  return text.replace(METHOD, (whole, method: string) => {
    const known = DEFAULT_PROFILE_TOOLS[method as MethodName] !== undefined;
    return known ? (toolFor(method, profile) ?? whole) : whole;
  });
}
