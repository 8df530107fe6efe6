/** Event and tree subscriptions, event reads by cursor, and the notifications they produce. */
import { z } from 'zod';
import { defineMethod, defineNotification } from '../define.js';
import { ElementNode } from '../element.js';
import { UiEvent, UiEventTypeSchema } from '../events.js';
import { Patch } from '../patch.js';
import { ControlType, ElementRef, Revision, WindowSelector } from '../primitives.js';

export const SubscriptionId = z.string().min(1).max(64);

/** Filters shared by `events.subscribe` and `events.read`. All given filters must match. */
export const EventFilter = z.object({
  types: z.array(UiEventTypeSchema).optional(),
  windows: z.array(WindowSelector).max(100).optional(),
  apps: z.array(z.string().max(256)).max(100).optional(),
  within: ElementRef.optional().describe('Only events about this element or its descendants'),
  controlTypes: z.array(ControlType).optional(),
});
export type EventFilter = z.infer<typeof EventFilter>;

const Seq = z.number().int().nonnegative();

export const eventsSubscribe = defineMethod({
  name: 'events.subscribe',
  kind: 'subscribe',
  summary: 'Subscribe to UI events; `since` replays from the ring buffer.',
  params: EventFilter.extend({ since: Seq.optional() }).default({}),
  result: z.object({ subscription: SubscriptionId, seq: Seq }),
});

export const eventsUnsubscribe = defineMethod({
  name: 'events.unsubscribe',
  kind: 'subscribe',
  summary: 'Stop an event subscription.',
  params: z.object({ subscription: SubscriptionId }),
  result: z.object({ ok: z.boolean() }),
});

export const eventsRead = defineMethod({
  name: 'events.read',
  kind: 'read',
  mcp: { tool: 'ui_events' },
  summary: 'Events after a cursor, waiting up to waitMs for the first one.',
  params: EventFilter.extend({
    after: Seq.optional().describe('Cursor: the last seq seen; omitted = from now'),
    waitMs: z.number().int().min(0).max(60_000).default(0),
    limit: z.number().int().min(1).max(1000).default(100),
  }).default({ waitMs: 0, limit: 100 }),
  result: z.object({ events: z.array(UiEvent), cursor: Seq, hasMore: z.boolean() }),
});

export const treeSubscribe = defineMethod({
  name: 'tree.subscribe',
  kind: 'subscribe',
  summary: 'Mirror a subtree: the nodes now, then tree.patch notifications.',
  params: z
    .object({
      window: WindowSelector.optional(),
      root: ElementRef.optional(),
      depth: z.number().int().min(0).max(256).optional(),
    })
    .default({}),
  result: z.object({
    subscription: SubscriptionId,
    revision: Revision,
    root: ElementRef,
    nodes: z.array(ElementNode).describe('The subtree in pre-order'),
  }),
});

export const treeUnsubscribe = defineMethod({
  name: 'tree.unsubscribe',
  kind: 'subscribe',
  summary: 'Stop a tree subscription.',
  params: z.object({ subscription: SubscriptionId }),
  result: z.object({ ok: z.boolean() }),
});

export const subscriptionMethods = [
  eventsSubscribe,
  eventsUnsubscribe,
  eventsRead,
  treeSubscribe,
  treeUnsubscribe,
] as const;

export const eventsEvent = defineNotification({
  name: 'events.event',
  summary: 'Events for a subscription, in seq order.',
  params: z.object({ subscription: SubscriptionId, seq: Seq, events: z.array(UiEvent) }),
});

export const eventsGap = defineNotification({
  name: 'events.gap',
  summary: 'Events from..to were dropped for this slow subscriber; replay or resync.',
  params: z.object({ subscription: SubscriptionId, from: Seq, to: Seq }),
});

export const treePatch = defineNotification({
  name: 'tree.patch',
  summary: 'Patches to apply to the mirrored subtree.',
  params: z.object({ subscription: SubscriptionId, revision: Revision, patches: z.array(Patch) }),
});

export const treeResync = defineNotification({
  name: 'tree.resync',
  summary: 'The mirror can no longer be patched; call tree.subscribe again.',
  params: z.object({ subscription: SubscriptionId, reason: z.string() }),
});

export const notifications = [eventsEvent, eventsGap, treePatch, treeResync] as const;
