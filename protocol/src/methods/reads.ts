/**
 * Reads: every one is answered from the cache and carries the revision it reflects and how
 * fresh its data is; `fresh: true` re-reads the target's window from the app first.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { BackendStatus } from '../events.js';
import { AppInfo, ElementField, ElementNode, TreeNode, WindowInfo } from '../element.js';
import { CallHint } from '../errors.js';
import { ControlType, ElementRef, MatchMode, Revision, WindowSelector } from '../primitives.js';
import { VisualMatch } from './screen.js';

export const ReadFreshness = z.object({
  ageMs: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'Age of the oldest confirmation from the app behind this answer: ms since its windows were last read whole',
    ),
  status: BackendStatus.describe(
    'Backend status when answered; anything but ok: data may be stale',
  ),
  reason: z.string().optional().describe('Why the backend is not ok'),
});
export type ReadFreshness = z.infer<typeof ReadFreshness>;

const rev = {
  revision: Revision,
  freshness: ReadFreshness.optional(),
};

/** Ask the app before answering: for callers that must not act on anything older than now. */
const fresh = {
  fresh: z.boolean().optional().describe('Re-read the window from the app first'),
};

export const windowsList = defineMethod({
  name: 'windows.list',
  kind: 'read',
  mcp: { tool: 'ui_list_windows' },
  summary: 'Top-level windows, optionally of one app.',
  params: z
    .object({
      app: z.string().max(256).optional().describe('App name, pid or id'),
      includeMinimized: z.boolean().default(true),
      ...fresh,
    })
    .default({ includeMinimized: true }),
  result: z.object({ ...rev, windows: z.array(WindowInfo) }),
});

/** An app named by name, pid or id, as windows.list takes it. */
export const AppSelector = z.string().min(1).max(256).describe('App name, pid or id');

/** Filters shared by find, waits and locators. */
export const ElementQuery = z.object({
  name: z.string().max(1024).optional(),
  nameMatch: MatchMode.default('contains'),
  caseSensitive: z.boolean().default(false),
  controlType: ControlType.optional(),
  automationId: z.string().max(512).optional(),
  value: z.string().max(4096).optional().describe('Value contains (case-insensitive)'),
  window: WindowSelector.optional(),
  app: AppSelector.optional(),
  within: ElementRef.optional().describe('Search only under this element'),
  maxDepth: z.number().int().min(0).max(256).optional(),
});
export type ElementQuery = z.infer<typeof ElementQuery>;

export const elementsFind = defineMethod({
  name: 'elements.find',
  kind: 'read',
  mcp: { tool: 'ui_find', automation: 'find' },
  summary: 'Find elements by name, control type, automation id or value.',
  params: ElementQuery.extend({
    maxResults: z.number().int().min(1).max(1000).default(50),
    timeoutMs: z
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(0)
      .describe('Wait up to this long for a first match (event-driven)'),
    visual: z.boolean().optional().describe('No match in the tree: look for the name by OCR'),
    ...fresh,
  }),
  result: z.object({
    ...rev,
    elements: z.array(ElementNode),
    hasMore: z.boolean(),
    scanned: z.number().int(),
    visual: z
      .array(VisualMatch)
      .optional()
      .describe('Read from pixels (OCR), not the tree: text to act on by point'),
  }),
});

export const elementsGet = defineMethod({
  name: 'elements.get',
  kind: 'read',
  mcp: { tool: 'ui_get_element', automation: 'find' },
  summary: 'One element by ref, optionally only some fields.',
  params: z.object({ ref: ElementRef, fields: z.array(ElementField).optional(), ...fresh }),
  result: z.object({ ...rev, element: ElementNode.partial() }),
});

export const elementsText = defineMethod({
  name: 'elements.text',
  kind: 'read',
  mcp: { tool: 'ui_get_text', automation: 'get_text' },
  summary: 'Text of an element or a window, with its descendants by default.',
  params: z
    .object({
      ref: ElementRef.optional(),
      window: WindowSelector.optional(),
      app: AppSelector.optional(),
      includeChildren: z.boolean().default(true),
      maxChars: z.number().int().min(1).max(1_000_000).default(20_000),
      ...fresh,
    })
    .refine((p) => p.ref !== undefined || p.window !== undefined || p.app !== undefined, {
      message: 'give ref, window or app',
    }),
  result: z.object({ ...rev, text: z.string(), truncated: z.boolean() }),
});

export const elementsAt = defineMethod({
  name: 'elements.at',
  kind: 'read',
  summary: 'The deepest element at a screen point.',
  params: z.object({ x: z.number(), y: z.number(), ...fresh }),
  result: z.object({ ...rev, element: ElementNode.nullable() }),
});

export const focusGet = defineMethod({
  name: 'focus.get',
  kind: 'read',
  // MCP: ui_read's `focused` region.
  mcp: { tool: 'ui_read' },
  summary: 'The focused element, desktop-wide or within one app.',
  params: z.object({ app: z.string().max(256).optional(), ...fresh }).default({}),
  result: z.object({
    ...rev,
    hasFocus: z.boolean(),
    element: ElementNode.nullable(),
    window: WindowInfo.nullable(),
  }),
});

export const Region = z.enum(['focused', 'menu', 'status', 'dialog', 'titlebar', 'toolbar']);
export type Region = z.infer<typeof Region>;

export const regionsRead = defineMethod({
  name: 'regions.read',
  kind: 'read',
  mcp: { tool: 'ui_read' },
  summary: 'A small, token-cheap read of one region of a window (max 50 elements).',
  params: z.object({
    region: Region,
    window: WindowSelector.optional(),
    app: AppSelector.optional(),
    ...fresh,
  }),
  result: z.object({
    ...rev,
    region: Region,
    found: z.boolean(),
    window: z.string().nullable(),
    text: z.string().describe('Compact snapshot lines of the region'),
    elements: z.array(ElementNode),
    more: z
      .object({
        omitted: z.number().int(),
        hidden: z.number().int().optional().describe('Of them, hidden ones (includeHidden)'),
        next: CallHint,
      })
      .optional()
      .describe('Lines left out (the last line of `text` says so), and the call that reads them'),
  }),
});

export const treeGet = defineMethod({
  name: 'tree.get',
  kind: 'read',
  summary: 'A nested subtree: a window, an element, or the whole desktop.',
  params: z
    .object({
      window: WindowSelector.optional(),
      app: AppSelector.optional(),
      root: ElementRef.optional(),
      depth: z.number().int().min(0).max(256).default(64),
      controlTypes: z.array(ControlType).optional(),
      ...fresh,
    })
    .default({ depth: 64 }),
  result: z.object({ ...rev, tree: TreeNode }),
});

export const SnapshotLine = z.object({
  ref: ElementRef,
  depth: z.number().int(),
  role: z.string(),
  name: z.string(),
  value: z.string().optional(),
  states: z.array(z.string()),
});

export const treeSnapshot = defineMethod({
  name: 'tree.snapshot',
  kind: 'read',
  mcp: { tool: 'ui_snapshot', automation: 'get_tree' },
  summary: 'Compact LLM snapshot: one line per element, stable refs, budgets and paging.',
  params: z
    .object({
      window: WindowSelector.optional(),
      app: AppSelector.optional(),
      root: ElementRef.optional(),
      mode: z.enum(['compact', 'full']).default('compact'),
      maxDepth: z.number().int().min(0).max(256).optional(),
      maxElements: z.number().int().min(1).max(20_000).default(400),
      maxTokens: z.number().int().min(50).max(200_000).optional(),
      cursor: z.string().max(256).optional(),
      since: Revision.optional().describe('Only what changed after this revision'),
      includeHidden: z
        .boolean()
        .optional()
        .describe('Keep collapsed menus, hidden popovers and off-screen subtrees'),
      ...fresh,
    })
    .default({ mode: 'compact', maxElements: 400 }),
  result: z.object({
    ...rev,
    text: z.string(),
    lines: z.array(SnapshotLine),
    total: z.number().int(),
    truncated: z.boolean(),
    cursor: z.string().optional(),
    since: Revision.optional(),
    removed: z.array(ElementRef).optional(),
    hidden: z
      .number()
      .int()
      .optional()
      .describe('Elements left out as not visible (includeHidden: true keeps them)'),
  }),
});

export const appsResolve = defineMethod({
  name: 'apps.resolve',
  kind: 'read',
  summary: 'Resolve an app by name, pid or id.',
  params: z.object({ query: z.string().min(1).max(256), ...fresh }),
  result: z.object({ ...rev, app: AppInfo }),
});

export const readMethods = [
  windowsList,
  elementsFind,
  elementsGet,
  elementsText,
  elementsAt,
  focusGet,
  regionsRead,
  treeGet,
  treeSnapshot,
  appsResolve,
] as const;
