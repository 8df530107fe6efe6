/**
 * The one table of parameters behind both tool profiles. Each `ui_automation` action stands for
 * a default-profile tool; each flat parameter of `ui_automation` takes its schema from that
 * tool's input and says where it goes in it (`target.name`, `ref`, `option`...). What a default
 * tool accepts and `ui_automation` does not is listed with the reason, so the profiles cannot
 * drift apart unnoticed (test/unit/mcp/automation-params.test.ts checks both directions).
 */
import { z } from 'zod';
import {
  actionsClick,
  ActionOptions,
  actionsScrollIntoView,
  actionsSelect,
  actionsType,
  ElementQuery,
  ElementRef,
  elementsFind,
  elementsText,
  registry,
  treeSnapshot,
  WindowStateName,
} from '../../../protocol/src/index.js';
import { AppToolInput } from './app.js';
import { AUTOMATION_ACTIONS, AutomationAction } from './automation-shape.js';
import { ClipboardToolInput } from './clipboard.js';

/** Each action, and the default tool it does the work of: the first method bound to both. */
export const AUTOMATION_TOOLS: Readonly<Record<AutomationAction, string>> = Object.fromEntries(
  AUTOMATION_ACTIONS.map((action) => {
    const def = registry.methods.find((m) => m.mcp?.automation === action);
    if (def?.mcp === undefined) throw new Error(`no method declares ui_automation ${action}`);
    return [action, def.mcp.tool];
  }),
) as Record<AutomationAction, string>;

/** Actions whose element is found first, then acted on by ref (the locator is `target.*`). */
const TARGETED = [
  'find_and_click',
  'find_and_type',
  'find_and_select',
  'invoke',
  'wait_for',
  'scroll_into_view',
  'focus',
] as const satisfies readonly AutomationAction[];

export interface AutomationParam {
  schema: z.ZodType;
  /** Where the parameter goes in the input of each action's default tool. */
  to: Partial<Record<AutomationAction, string>>;
}

type Paths = AutomationParam['to'];
const targeted = (path: string): Paths => Object.fromEntries(TARGETED.map((a) => [a, path]));
/** A find filter: top level for find, inside the target for the acting actions. */
const locator = (field: string, more: Paths = {}): Paths => ({
  find: field,
  ...targeted(`target.${field}`),
  drag: `from.${field}`,
  ...more,
});
/** The acting actions, which take the acting options. */
const ACTING = [
  'find_and_click',
  'find_and_type',
  'find_and_select',
  'invoke',
  'scroll_into_view',
  'focus',
  'drag',
] as const satisfies readonly AutomationAction[];
const acting = (path: string): Paths => Object.fromEntries(ACTING.map((a) => [a, path]));

const q = ElementQuery.shape;
const app = AppToolInput.shape;
const textShape = elementsText.params.shape;

/** The parameters of ui_automation besides `action`. */
export const AUTOMATION_PARAMS = {
  elementId: {
    schema: ElementRef.describe('A ref from an earlier answer'),
    to: { ...targeted('target.ref'), get_text: 'ref', get_tree: 'root', drag: 'from.ref' },
  },
  dropOnId: {
    schema: ElementRef.describe('drag: the ref to drop the found element on'),
    to: { drag: 'to.ref' },
  },
  focusPolicy: { schema: ActionOptions.shape.focusPolicy, to: acting('focusPolicy') },
  name: { schema: q.name, to: locator('name', { launch_app: 'name' }) },
  nameMatch: { schema: q.nameMatch, to: locator('nameMatch') },
  caseSensitive: { schema: q.caseSensitive, to: locator('caseSensitive') },
  automationId: { schema: q.automationId, to: locator('automationId') },
  controlType: { schema: q.controlType, to: locator('controlType') },
  window: {
    schema: q.window,
    to: locator('window', { get_text: 'window', get_tree: 'window', window_state: 'window' }),
  },
  app: {
    schema: q.app,
    to: locator('app', { get_text: 'app', get_tree: 'app', close_app: 'app' }),
  },
  desktopId: { schema: app.desktopId, to: { launch_app: 'desktopId' } },
  path: { schema: app.path, to: { launch_app: 'path' } },
  args: { schema: app.args, to: { launch_app: 'args' } },
  force: { schema: app.force, to: { close_app: 'force' } },
  within: { schema: q.within, to: locator('within') },
  maxDepth: { schema: q.maxDepth, to: locator('maxDepth', { get_tree: 'maxDepth' }) },
  containerId: {
    schema: actionsScrollIntoView.params.shape.container.describe('The list to scroll'),
    to: { scroll_into_view: 'container' },
  },
  maxScrolls: {
    schema: actionsScrollIntoView.params.shape.maxScrolls,
    to: { scroll_into_view: 'maxScrolls' },
  },
  text: {
    schema: actionsType.params.shape.text.describe('Text to type; clipboard: text to copy'),
    to: { find_and_type: 'text', clipboard: 'text' },
  },
  format: { schema: ClipboardToolInput.shape.format, to: { clipboard: 'format' } },
  clearFirst: { schema: actionsType.params.shape.clearFirst, to: { find_and_type: 'clearFirst' } },
  submit: { schema: actionsType.params.shape.submit, to: { find_and_type: 'submit' } },
  value: {
    schema: actionsSelect.params.shape.option.describe('find_and_select: the option to select'),
    to: { find_and_select: 'option' },
  },
  match: { schema: actionsSelect.params.shape.match, to: { find_and_select: 'match' } },
  button: {
    schema: actionsClick.params.shape.button,
    to: { find_and_click: 'button', drag: 'button' },
  },
  clickCount: {
    schema: actionsClick.params.shape.clickCount,
    to: { find_and_click: 'clickCount' },
  },
  maxResults: { schema: elementsFind.params.shape.maxResults, to: { find: 'maxResults' } },
  includeChildren: { schema: textShape.includeChildren, to: { get_text: 'includeChildren' } },
  maxChars: { schema: textShape.maxChars, to: { get_text: 'maxChars' } },
  maxElements: {
    schema: treeSnapshot.params.unwrap().shape.maxElements,
    to: { get_tree: 'maxElements' },
  },
  state: {
    schema: WindowStateName.describe('window_state: normal, minimized, maximized, fullscreen'),
    to: { window_state: 'state' },
  },
  timeoutMs: {
    // One budget in this contract: the wait for the element, then the action's deadline.
    schema: z.number().int().min(0).max(120_000).default(5_000),
    to: {
      find: 'timeoutMs',
      ...targeted('timeoutMs'),
      drag: 'timeoutMs',
      launch_app: 'timeoutMs',
      close_app: 'timeoutMs',
    },
  },
} satisfies Record<string, AutomationParam>;

const TUNING = 'tuning of the default tools; the contract has one timeoutMs for wait and deadline';
const SHOTS =
  'the contract answers text; a failure still brings its screenshot, ui_screenshot takes one';
const NO_POINT = 'the contract acts on a found element, never on a screen point';
const WINDOW = 'window_state sets the state; ui_window also moves, resizes, activates, closes';
const VALUE = '`value` is the option of find_and_select in this contract';
const DRAG_TUNING = 'drag in this contract is a plain left drag; ui_drag takes the tuning';
const DROP_ON = 'drag drops on an element found earlier (dropOnId)';

/** What a default tool accepts that ui_automation leaves out, and why. */
export const AUTOMATION_LEFT_OUT: Readonly<Record<string, string>> = {
  waitMs: TUNING,
  settleMs: TUNING,
  dryRun: TUNING,
  allowInput: TUNING,
  includePatches: TUNING,
  screenshot: SHOTS,
  screenshotDelayMs: SHOTS,
  fresh: 'the contract answers from the cache; the default read tools take fresh',
  'find:visual': 'find looks in the accessibility tree; ui_find with visual looks by OCR',
  'target.x': NO_POINT,
  'target.y': NO_POINT,
  'target.value': VALUE,
  'find:value': VALUE,
  'invoke:pattern': 'invoke uses the element’s natural pattern (Invoke, Toggle, SelectionItem...)',
  'invoke:op': 'invoke uses the element’s natural pattern',
  'invoke:value': 'invoke uses the element’s natural pattern',
  'wait_for:condition': 'wait_for waits for the element to appear (contract)',
  'wait_for:value': 'wait_for waits for the element to appear (contract)',
  'wait_for:title': 'wait_for waits for the element to appear (contract)',
  'scroll_into_view:direction':
    'scroll_into_view scrolls until the target shows; ui_scroll also scrolls by notches',
  'scroll_into_view:amount':
    'scroll_into_view scrolls until the target shows; ui_scroll also scrolls by notches',
  'get_tree:mode': 'get_tree answers the compact snapshot text',
  'get_tree:maxTokens': 'get_tree bounds by maxElements; page with ui_snapshot elsewhere',
  'get_tree:cursor': 'get_tree answers one page (contract)',
  'get_tree:since': 'get_tree answers the tree, not changes (contract)',
  'get_tree:includeHidden': 'get_tree shows what is visible; ui_snapshot shows hidden subtrees',
  'drag:from.x': NO_POINT,
  'drag:from.y': NO_POINT,
  'drag:from.value': VALUE,
  'drag:modifiers': DRAG_TUNING,
  'drag:holdMs': DRAG_TUNING,
  'drag:steps': DRAG_TUNING,
  ...Object.fromEntries(
    [...Object.keys(ElementQuery.shape), 'x', 'y'].map((f) => [`drag:to.${f}`, DROP_ON]),
  ),
  op: 'the action names the operation',
  cwd: 'launch_app starts in the server’s directory; ui_app takes cwd',
  waitFor: 'launch_app waits for the window (contract)',
  'launch_app:app': 'launch_app names what to start by name, desktopId or path',
  'launch_app:force': 'force is for close_app',
  ...Object.fromEntries(
    ['name', 'desktopId', 'path', 'args'].map((k) => [
      `close_app:${k}`,
      'close_app names the app by app',
    ]),
  ),
  'clipboard:op': 'clipboard writes when text is given and reads otherwise',
  'clipboard:html': 'the contract copies text; ui_clipboard writes HTML and images',
  'clipboard:image': 'the contract copies text; ui_clipboard writes HTML and images',
  'window_state:x': WINDOW,
  'window_state:y': WINDOW,
  'window_state:width': WINDOW,
  'window_state:height': WINDOW,
};

/** Why `path` of `action`'s default tool is left out, if it is. */
export function leftOut(action: AutomationAction, path: string): string | undefined {
  return AUTOMATION_LEFT_OUT[`${action}:${path}`] ?? AUTOMATION_LEFT_OUT[path];
}

/** The flat input schema of ui_automation, built from the table. */
export const AutomationInput = z.object({
  action: AutomationAction,
  ...(Object.fromEntries(
    Object.entries(AUTOMATION_PARAMS).map(([name, p]) => [name, optionalUnlessDefaulted(p.schema)]),
  ) as {
    [K in keyof typeof AUTOMATION_PARAMS]: OptionalOf<(typeof AUTOMATION_PARAMS)[K]['schema']>;
  }),
});
export type AutomationInput = z.output<typeof AutomationInput>;

type OptionalOf<S extends z.ZodType> = S extends z.ZodDefault
  ? S
  : S extends z.ZodOptional
    ? S
    : z.ZodOptional<S>;

function optionalUnlessDefaulted(s: z.ZodType): z.ZodType {
  return s instanceof z.ZodDefault || s instanceof z.ZodOptional ? s : s.optional();
}

/** The values of the given parameters bound for `action`, keyed by their path in its tool. */
export function paramsFor(
  action: AutomationAction,
  input: AutomationInput,
  names: readonly (keyof typeof AUTOMATION_PARAMS)[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const path = (AUTOMATION_PARAMS[name].to as Paths)[action];
    const value = input[name];
    if (path !== undefined && value !== undefined) out[path] = value;
  }
  return out;
}
