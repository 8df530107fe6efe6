/**
 * The in-app provider protocol: an app connects out to the server's `/provider` WebSocket
 * (bearer token, subprotocol `uistream.provider.v1`), says hello, then waits. The server asks
 * for its tree (`subscribe`); the app answers with a snapshot and then ordered deltas keyed by
 * its own stable node ids, each numbered. A gap makes the server ask again (`resync`). The
 * server sends actions as requests with deadlines; the app answers each with a result.
 * Messages are JSON text frames. Everything a provider sends is untrusted and checked here.
 */
import { z } from 'zod';
import { RangeInfo } from './element.js';
import { ControlType, Pattern, Rect, State } from './primitives.js';

export const PROVIDER_SUBPROTOCOL = 'uistream.provider.v1';
export const PROVIDER_PATH = '/provider';
/** Most nodes one provider may hold; a larger tree is refused (close 4413). */
export const PROVIDER_MAX_NODES = 200_000;

/** Close codes a provider can be sent, with the reason as the close message. */
export const PROVIDER_CLOSE = {
  /** A message that is not JSON, not one of these schemas, or out of order. */
  badMessage: 4400,
  /** The tree or a message is over the limits. */
  tooLarge: 4413,
  /** The provider sent faster than the server could take for too long. */
  flooding: 4429,
  /** The server is stopping or no longer takes providers. */
  goingAway: 1001,
} as const;

export const ProviderNodeId = z.string().min(1).max(512);
export type ProviderNodeId = z.infer<typeof ProviderNodeId>;

/** One node as the app describes it. `parentId` null marks a top-level window. */
export const ProviderNode = z.object({
  id: ProviderNodeId,
  parentId: ProviderNodeId.nullable(),
  children: z.array(ProviderNodeId).max(100_000),
  controlType: ControlType,
  name: z.string().max(8192),
  automationId: z.string().max(1024).optional(),
  className: z.string().max(1024).optional(),
  value: z.string().max(1_000_000).optional(),
  range: RangeInfo.optional(),
  rect: Rect.nullable().describe('Screen rectangle in physical pixels'),
  states: z.array(State).max(64),
  patterns: z.array(Pattern).max(32),
});
export type ProviderNode = z.infer<typeof ProviderNode>;

/** What the app can be asked to do. */
export const PROVIDER_ACTIONS = [
  'focus',
  'click',
  'typeText',
  'setText',
  'pressKey',
  'scroll',
  'invoke',
  'toggle',
  'expand',
  'collapse',
  'select',
  'setRange',
  'scrollIntoView',
  'activate',
] as const;
export const ProviderActionKind = z.enum(PROVIDER_ACTIONS);
export type ProviderActionKind = z.infer<typeof ProviderActionKind>;

export const ProviderHello = z.object({
  type: z.literal('hello'),
  protocol: z.literal(1),
  app: z.string().min(1).max(256),
  pid: z.number().int().positive(),
  toolkit: z.string().min(1).max(64),
  toolkitVersion: z.string().max(64),
  capabilities: z.object({ actions: z.array(ProviderActionKind).max(PROVIDER_ACTIONS.length) }),
});
export type ProviderHello = z.infer<typeof ProviderHello>;

const Seq = z.number().int().nonnegative();

/**
 * The whole tree: every window and node, the focus. Resets the sequence to `seq`. `parts`:
 * how many `snapshotPart` messages came ahead of it with the rest of its nodes (none: all
 * nodes are here).
 */
export const ProviderSnapshot = z.object({
  type: z.literal('snapshot'),
  seq: Seq,
  windows: z.array(ProviderNodeId).max(1000),
  nodes: z.array(ProviderNode).max(PROVIDER_MAX_NODES),
  focus: ProviderNodeId.nullable(),
  parts: z.number().int().nonnegative().optional(),
});
export type ProviderSnapshot = z.infer<typeof ProviderSnapshot>;

/**
 * Nodes of a snapshot sent ahead of it, so the server takes them in while the app still
 * describes the rest. `part` counts from 0; a part 0 starts a new snapshot (one under way is
 * dropped); the parts and their snapshot share its `seq`, and nothing else comes between them.
 */
export const ProviderSnapshotPart = z.object({
  type: z.literal('snapshotPart'),
  seq: Seq,
  part: z.number().int().nonnegative(),
  nodes: z.array(ProviderNode).max(PROVIDER_MAX_NODES),
});
export type ProviderSnapshotPart = z.infer<typeof ProviderSnapshotPart>;

/**
 * Changes since the previous message, numbered `seq` = previous + 1. `upsert` nodes replace
 * what the server holds (their children lists included); `remove` drops nodes and their
 * descendants; `windows`, when present, is the new list of top-level windows.
 */
export const ProviderDelta = z.object({
  type: z.literal('delta'),
  seq: Seq,
  upsert: z.array(ProviderNode).max(PROVIDER_MAX_NODES).default([]),
  remove: z.array(ProviderNodeId).max(PROVIDER_MAX_NODES).default([]),
  windows: z.array(ProviderNodeId).max(1000).optional(),
  focus: ProviderNodeId.nullable().optional(),
});
export type ProviderDelta = z.infer<typeof ProviderDelta>;

/** Error codes a provider may answer a request with. */
export const ProviderErrorCode = z.enum([
  'element_stale',
  'action_failed',
  'not_supported',
  'pattern_not_supported',
  'timeout',
]);
export type ProviderErrorCode = z.infer<typeof ProviderErrorCode>;

export const ProviderResult = z.union([
  z.object({
    type: z.literal('result'),
    requestId: z.number().int().positive(),
    ok: z.literal(true),
    via: z.enum(['pattern', 'input']).optional(),
  }),
  z.object({
    type: z.literal('result'),
    requestId: z.number().int().positive(),
    ok: z.literal(false),
    error: z.object({ code: ProviderErrorCode, message: z.string().max(2048) }),
  }),
]);
export type ProviderResult = z.infer<typeof ProviderResult>;

/** Anything after the hello. */
export const ProviderMessage = z.union([
  ProviderSnapshot,
  ProviderSnapshotPart,
  ProviderDelta,
  ProviderResult,
]);
export type ProviderMessage = z.infer<typeof ProviderMessage>;

const Target = { id: ProviderNodeId };
/** One action the server asks for. */
export const ProviderAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('focus'), ...Target }),
  z.object({ kind: z.literal('click'), ...Target }),
  z.object({ kind: z.literal('typeText'), id: ProviderNodeId.optional(), text: z.string() }),
  z.object({ kind: z.literal('setText'), ...Target, text: z.string() }),
  z.object({
    kind: z.literal('pressKey'),
    key: z.string().min(1).max(32),
    modifiers: z.array(z.enum(['ctrl', 'alt', 'shift', 'meta'])),
  }),
  z.object({
    kind: z.literal('scroll'),
    ...Target,
    direction: z.enum(['up', 'down', 'left', 'right']),
    amount: z.number(),
  }),
  z.object({ kind: z.literal('invoke'), ...Target }),
  z.object({ kind: z.literal('toggle'), ...Target }),
  z.object({ kind: z.literal('expand'), ...Target }),
  z.object({ kind: z.literal('collapse'), ...Target }),
  z.object({ kind: z.literal('select'), ...Target }),
  z.object({ kind: z.literal('setRange'), ...Target, value: z.number() }),
  z.object({ kind: z.literal('scrollIntoView'), ...Target }),
  z.object({ kind: z.literal('activate'), ...Target }),
]);
export type ProviderAction = z.infer<typeof ProviderAction>;

/** What the server sends a provider. */
export const ServerToProvider = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), session: z.string() }),
  z.object({ type: z.literal('subscribe') }),
  z.object({ type: z.literal('resync'), reason: z.string() }),
  z.object({
    type: z.literal('request'),
    requestId: z.number().int().positive(),
    deadlineMs: z.number().int().positive(),
    action: ProviderAction,
  }),
]);
export type ServerToProvider = z.infer<typeof ServerToProvider>;
