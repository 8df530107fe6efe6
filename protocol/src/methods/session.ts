import { z } from 'zod';
import { defineMethod } from '../define.js';
import { BackendStatus } from '../events.js';
import { Pattern, Rect } from '../primitives.js';

export const Monitor = z.object({
  index: z.number().int(),
  rect: Rect.describe('Physical pixels of the desktop space'),
  workArea: Rect.optional().describe('rect minus panels and task bars'),
  scale: z.number().describe('Device pixels per logical pixel'),
  primary: z.boolean(),
});

export const PROTOCOL_VERSION = '1.0';

export const Capabilities = z.object({
  events: z.array(z.string()).describe('Event kinds the backend really delivers'),
  patterns: z.array(Pattern).describe('Patterns the backend can perform'),
  input: z.object({ keyboard: z.boolean(), mouse: z.boolean() }),
  readOnly: z.boolean(),
});

export const Limits = z.object({
  maxPayloadBytes: z.number().int(),
  sendQueueBytes: z.number().int(),
  requestsPerSecond: z.number(),
  maxInFlight: z.number().int().describe('Requests one connection may have unanswered at once'),
  eventReplay: z.number().int().describe('Events held for `since` replay'),
});

export const QuarantinedApp = z.strictObject({
  app: z.string().describe('The app (its bus name or process)'),
  toolkit: z.string(),
  reason: z.string().describe('The call that got no reply'),
});

export const ForbiddenCall = z.strictObject({
  toolkit: z.string().describe('Toolkit name and version, as the app reports them'),
  call: z.string().describe('`Interface.Member` or `Interface.Property`'),
  reason: z.string().describe('What that call did to an app of this toolkit'),
});

export const RepairCounts = z.strictObject({
  checks: z.number().int().describe('Background re-reads made (top level and windows)'),
  drifted: z.number().int().describe('Re-reads that found the cache differing from the app'),
  repaired: z.number().int().describe('Changes those re-reads repaired'),
  failed: z.number().int().describe('Re-reads that failed or missed their deadline'),
  periodMs: z.number().int().describe('Current wait between passes (grows when apps are slow)'),
});

export const BackendHealth = z.strictObject({
  reason: z.string().optional().describe('Why the backend is in its status (the latest report)'),
  quarantined: z
    .array(QuarantinedApp)
    .describe('Apps that stopped answering: their calls fail fast as app_not_responding'),
  forbidden: z
    .array(ForbiddenCall)
    .describe('Calls never made again on a toolkit because they killed or hung an app'),
  repair: RepairCounts.optional().describe(
    'The background reconcile: drift between cache and app it found and repaired',
  ),
});
export type BackendHealth = z.infer<typeof BackendHealth>;

export const sessionHello = defineMethod({
  name: 'session.hello',
  kind: 'read',
  mcp: { tool: 'ui_status' },
  summary: 'Server and protocol version, backend, capabilities and limits.',
  params: z.object({ client: z.string().max(200).optional() }).default({}),
  result: z.object({
    server: z.literal('uistream'),
    version: z.string(),
    protocol: z.string(),
    backend: z.string(),
    status: BackendStatus,
    health: BackendHealth.describe('What keeps the backend from full health, and why'),
    capabilities: Capabilities,
    limits: Limits,
    revision: z.number().int(),
    seq: z.number().int().describe('Sequence number of the newest event'),
    monitors: z.array(Monitor).describe('Empty when the backend cannot capture'),
  }),
});

export const sessionMethods = [sessionHello] as const;
