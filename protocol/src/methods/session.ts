import { z } from 'zod';
import { defineMethod } from '../define.js';
import { BackendStatus } from '../events.js';
import { Pattern, Rect } from '../primitives.js';

export const Monitor = z.object({
  index: z.number().int(),
  rect: Rect,
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

export const sessionHello = defineMethod({
  name: 'session.hello',
  kind: 'session',
  summary: 'Server and protocol version, backend, capabilities and limits.',
  params: z.object({ client: z.string().max(200).optional() }).default({}),
  result: z.object({
    server: z.literal('uistream'),
    version: z.string(),
    protocol: z.string(),
    backend: z.string(),
    status: BackendStatus,
    capabilities: Capabilities,
    limits: Limits,
    revision: z.number().int(),
    seq: z.number().int().describe('Sequence number of the newest event'),
    monitors: z.array(Monitor).describe('Empty when the backend cannot capture'),
  }),
});

export const sessionMethods = [sessionHello] as const;
