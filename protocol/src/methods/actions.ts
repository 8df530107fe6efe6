/**
 * Actions: the only methods that change the desktop. All run through the executor with a
 * deadline, actionability checks and a result that says what changed.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { ElementSummary } from '../element.js';
import { WireError } from '../errors.js';
import { ElementRef, MatchMode, Pattern, Revision, WindowRef } from '../primitives.js';
import { ActionResult } from './action-result.js';
import { ElementQuery } from './reads.js';

/**
 * What an action aims at: a ref, a locator (the find filters), or a screen point.
 * A locator must match exactly one element, else `multiple_matches`.
 */
export const Target = ElementQuery.partial()
  .extend({
    ref: ElementRef.optional(),
    x: z.number().optional(),
    y: z.number().optional(),
  })
  .refine(
    (t) =>
      t.ref !== undefined ||
      (t.x !== undefined && t.y !== undefined) ||
      t.name !== undefined ||
      t.automationId !== undefined ||
      t.controlType !== undefined,
    { message: 'a target needs a ref, a locator (name, automationId, controlType) or x and y' },
  );
export type Target = z.infer<typeof Target>;

/** Options every action accepts. */
export const ActionOptions = z.object({
  timeoutMs: z
    .number()
    .int()
    .min(1)
    .max(300_000)
    .optional()
    .describe('Deadline in ms (server default: 10,000, set by executor.defaultTimeoutMs)'),
  waitMs: z
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(0)
    .describe('Wait this long for a locator target to appear (event-driven)'),
  settleMs: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .optional()
    .describe('Quiet period after acting, to collect what changed (server default: 150)'),
  dryRun: z.boolean().default(false).describe('Validate and resolve, but do nothing'),
  allowInput: z
    .boolean()
    .default(true)
    .describe('Fall back to synthetic input when no pattern fits'),
  includePatches: z.boolean().default(false),
  focusPolicy: z
    .enum(['allow', 'keep'])
    .default('allow')
    .describe(
      'keep: refuse paths that need the keyboard focus, and put the foreground window and pointer back after input',
    ),
  screenshot: z.boolean().optional().describe('Screenshot after acting (default: server mode)'),
  screenshotDelayMs: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .optional()
    .describe('Wait before that screenshot (default 150)'),
});
export type ActionOptions = z.infer<typeof ActionOptions>;

const action = <S extends z.ZodRawShape>(shape: S) => ActionOptions.extend(shape);

export const actionsClick = defineMethod({
  name: 'actions.click',
  kind: 'act',
  mcp: { tool: 'ui_click', automation: 'find_and_click' },
  summary: 'Click an element (Invoke when possible) or a point.',
  params: action({
    target: Target,
    button: z.enum(['left', 'right', 'middle']).default('left'),
    clickCount: z.number().int().min(1).max(3).default(1),
  }),
  result: ActionResult,
});

export const actionsType = defineMethod({
  name: 'actions.type',
  kind: 'act',
  mcp: { tool: 'ui_type', automation: 'find_and_type' },
  summary: 'Type text into an element (focused first) or into whatever has focus.',
  params: action({
    target: Target.optional(),
    text: z.string().max(100_000),
    clearFirst: z.boolean().default(false),
    submit: z.boolean().default(false).describe('Press Enter afterwards'),
  }),
  result: ActionResult,
});

export const actionsKeys = defineMethod({
  name: 'actions.keys',
  kind: 'act',
  mcp: { tool: 'ui_press_keys' },
  summary: 'Press key combos such as Ctrl+S; space-separated or a list.',
  params: action({
    target: Target.optional(),
    keys: z.union([z.string().min(1).max(1000), z.array(z.string().min(1).max(100)).min(1)]),
  }),
  result: ActionResult,
});

export const actionsSetValue = defineMethod({
  name: 'actions.setValue',
  kind: 'act',
  mcp: { tool: 'ui_set_value', automation: 'find_and_type' },
  summary: 'Set the value of an edit, slider or spinner.',
  params: action({ target: Target, value: z.union([z.string().max(100_000), z.number()]) }),
  result: ActionResult,
});

export const actionsSelect = defineMethod({
  name: 'actions.select',
  kind: 'act',
  mcp: { tool: 'ui_select', automation: 'find_and_select' },
  summary: 'Select an option of a combo box or list by its visible text.',
  params: action({
    target: Target,
    option: z.string().min(1).max(1024),
    match: MatchMode.default('equals'),
  }),
  result: ActionResult,
});

export const InvokeOp = z.enum([
  'invoke',
  'toggle',
  'expand',
  'collapse',
  'select',
  'addToSelection',
  'removeFromSelection',
  'setValue',
]);

export const actionsInvoke = defineMethod({
  name: 'actions.invoke',
  kind: 'act',
  mcp: { tool: 'ui_invoke', automation: 'invoke' },
  summary: 'Use a control pattern directly.',
  params: action({
    target: Target,
    pattern: Pattern,
    op: InvokeOp.optional().describe('Defaults to the pattern’s natural operation'),
    value: z.union([z.string(), z.number()]).optional(),
  }),
  result: ActionResult,
});

export const actionsFocus = defineMethod({
  name: 'actions.focus',
  kind: 'act',
  mcp: { tool: 'ui_focus', automation: 'focus' },
  summary: 'Move keyboard focus to an element (and its window to the foreground).',
  params: action({ target: Target }),
  result: ActionResult,
});

export const ScrollDirection = z.enum(['up', 'down', 'left', 'right']);

export const actionsScroll = defineMethod({
  name: 'actions.scroll',
  kind: 'act',
  mcp: { tool: 'ui_scroll' },
  summary: 'Scroll an element or the point under the mouse by notches.',
  params: action({
    target: Target.optional(),
    direction: ScrollDirection,
    amount: z.number().int().min(1).max(100).default(3),
  }),
  result: ActionResult,
});

export const actionsScrollIntoView = defineMethod({
  name: 'actions.scrollIntoView',
  kind: 'act',
  mcp: { tool: 'ui_scroll', automation: 'scroll_into_view' },
  summary: 'Scroll a (virtualized) container until the target exists and is visible.',
  params: action({
    target: Target,
    container: ElementRef.optional(),
    maxScrolls: z.number().int().min(1).max(10_000).default(500),
  }),
  result: ActionResult,
});

export const PointerButton = z.enum(['left', 'right', 'middle']);
export const HeldModifier = z.enum(['ctrl', 'alt', 'shift', 'meta']);

export const actionsDrag = defineMethod({
  name: 'actions.drag',
  kind: 'act',
  mcp: { tool: 'ui_drag', automation: 'drag' },
  summary: 'Drag with real input from an element or point to another, moving in steps.',
  params: action({
    from: Target,
    to: Target,
    button: PointerButton.default('left'),
    modifiers: z.array(HeldModifier).max(4).default([]).describe('Keys held during the drag'),
    holdMs: z
      .number()
      .int()
      .min(0)
      .max(5_000)
      .default(150)
      .describe('Pause after pressing, and before releasing, so the app starts the drag'),
    steps: z.number().int().min(1).max(200).default(12).describe('Intermediate pointer moves'),
  }),
  result: ActionResult,
});

export const WaitCondition = z.enum([
  'appear',
  'disappear',
  'enabled',
  'valueEquals',
  'nameMatches',
  'windowOpened',
  'windowClosed',
]);

export const actionsWaitFor = defineMethod({
  name: 'actions.waitFor',
  kind: 'read',
  mcp: { tool: 'ui_wait_for', automation: 'wait_for' },
  summary: 'Wait, driven by events, until a condition holds.',
  params: z.object({
    condition: WaitCondition,
    target: Target.optional(),
    value: z.string().max(100_000).optional().describe('For valueEquals / nameMatches (regex)'),
    title: z.string().max(1024).optional().describe('For windowOpened / windowClosed'),
    timeoutMs: z.number().int().min(0).max(300_000).default(10_000),
  }),
  result: z.object({
    satisfied: z.literal(true),
    condition: WaitCondition,
    element: ElementSummary.nullable(),
    window: z.object({ ref: WindowRef, title: z.string() }).nullable(),
    waitedMs: z.number(),
    revision: Revision,
  }),
});

export const BATCHABLE = [
  'actions.click',
  'actions.type',
  'actions.keys',
  'actions.setValue',
  'actions.select',
  'actions.invoke',
  'actions.focus',
  'actions.scroll',
  'actions.scrollIntoView',
  'actions.drag',
  'actions.waitFor',
] as const;

export const actionsBatch = defineMethod({
  name: 'actions.batch',
  kind: 'act',
  mcp: { tool: 'ui_batch' },
  summary: 'Run steps in order; stop at the first failure.',
  params: z.object({
    steps: z
      .array(z.object({ method: z.enum(BATCHABLE), params: z.record(z.string(), z.unknown()) }))
      .min(1)
      .max(100),
    dryRun: z.boolean().default(false),
  }),
  result: z.object({
    completed: z.number().int(),
    results: z.array(z.unknown()),
    failed: z.object({ index: z.number().int(), error: WireError }).nullable(),
  }),
});

export const actionsCancel = defineMethod({
  name: 'actions.cancel',
  kind: 'read',
  summary: 'Cancel this client’s pending and running actions.',
  params: z.object({}).default({}),
  result: z.object({ cancelled: z.number().int() }),
});

export const actionMethods = [
  actionsClick,
  actionsType,
  actionsKeys,
  actionsSetValue,
  actionsSelect,
  actionsInvoke,
  actionsFocus,
  actionsScroll,
  actionsScrollIntoView,
  actionsDrag,
  actionsWaitFor,
  actionsBatch,
  actionsCancel,
] as const;
