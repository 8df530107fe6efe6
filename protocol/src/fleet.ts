/**
 * The fleet wire contract on NATS: subject layout, header names, the JetStream stream and
 * key-value bucket names, the node presence record and the gap record. Nodes (src/fleet/) and
 * the fleet client (clients/typescript/) both build their subjects from here.
 */
import { z } from 'zod';
import { WireError } from './errors.js';
import { UiEvent } from './events.js';

/** A node name is one NATS subject token: letters, digits, `-` and `_`. */
export const NodeName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a node name is 1-64 of A-Z a-z 0-9 - _');
export type NodeName = z.infer<typeof NodeName>;

/** The stream that holds every node's events (and gap records). */
export const FLEET_STREAM = 'UISTREAM_EVENTS';
/** The key-value bucket of node presence records, one key per node. */
export const FLEET_BUCKET = 'uistream_nodes';
/** The NATS micro service name every node registers (one instance per node). */
export const FLEET_SERVICE = 'uistream';

/** The token under `events.` that carries gap records (no event type starts with `_`). */
export const GAP_TOKEN = '_gap';
/** The token under `events.` that carries batches of events (a FleetBatch each). */
export const BATCH_TOKEN = '_batch';
/**
 * The token under `events.` of a node's questions whether the stream holds a batch whose
 * acknowledgement was lost in an outage: body-less, answered by the stream, never stored
 * (consumers of the stream never see them; a plain subscription to `events.>` does).
 */
export const STORED_TOKEN = '_stored';

export const fleetSubjects = {
  /** Every subject the stream captures. */
  stream: 'uistream.*.events.>',
  /** Everything one node puts in the stream (its batches and gap records). */
  events: (node: string): string => `uistream.${node}.events.>`,
  /** One subject per node for its events: a batch holds events of several types. */
  batch: (node: string): string => `uistream.${node}.events.${BATCH_TOKEN}`,
  gap: (node: string): string => `uistream.${node}.events.${GAP_TOKEN}`,
  stored: (node: string): string => `uistream.${node}.events.${STORED_TOKEN}`,
  /** `uistream.<node>.rpc.<method>` (methods keep their dots: `rpc.actions.click`). */
  rpc: (node: string, method: string): string => `uistream.${node}.rpc.${method}`,
  /** Live tree patches of one window, published while someone asked for them. */
  tree: (node: string, window: string): string => `uistream.${node}.tree.${window}`,
  /** Ask a node to publish a window's tree patches (fleet-only control endpoint). */
  treeWatch: (node: string): string => `uistream.${node}.ctl.tree`,
} as const;

/** Parse `uistream.<node>.events.<token>` (BATCH_TOKEN or GAP_TOKEN); null for anything else. */
export function parseEventSubject(subject: string): { node: string; type: string } | null {
  const parts = subject.split('.');
  if (parts.length < 4 || parts[0] !== 'uistream' || parts[2] !== 'events') return null;
  return { node: parts[1] as string, type: parts.slice(3).join('.') };
}

export const FLEET_HEADERS = {
  node: 'Uistream-Node',
  /** Boot id of the node process: seq restarts at 1 in a new epoch. */
  epoch: 'Uistream-Epoch',
  /** The first seq a batch holds (the node's seqs are gapless within its epoch). */
  firstSeq: 'Uistream-First-Seq',
  /** The last seq a batch holds; the batch holds every seq from the first to it. */
  seq: 'Uistream-Seq',
  /** Wall clock (ms, fractional) when the node's log emitted the batch's first event. */
  emitted: 'Uistream-Emitted',
  /** The event types a batch holds, comma-separated: a reader filtering by type skips the rest unread. */
  types: 'Uistream-Types',
  /** Caller identity on RPC requests: rate limits, cancel and the audit log are per caller. */
  client: 'Uistream-Client',
} as const;

/** Presence and status of one node, the value of its key in FLEET_BUCKET. */
export const NodeStatus = z.strictObject({
  node: NodeName,
  state: z.enum(['up', 'gone']),
  /** Why a node is gone: `stopped` (it said so) or `stale` (heartbeats stopped). */
  goneReason: z.enum(['stopped', 'stale']).optional(),
  epoch: z.number().int(),
  version: z.string(),
  backend: z.string(),
  backendStatus: z.string(),
  windows: z.number().int().min(0),
  elements: z.number().int().min(0),
  revision: z.number().int().min(0),
  /** Newest event seq of the node's log. */
  seq: z.number().int().min(0),
  /** Newest seq stored in the stream. */
  published: z.number().int().min(0),
  /** Events lost to buffer overflow while NATS was unreachable, this epoch. */
  lostEvents: z.number().int().min(0),
  heartbeatMs: z.number().int().min(1),
  startedAt: z.string(),
  heartbeatAt: z.string(),
});
export type NodeStatus = z.infer<typeof NodeStatus>;

/**
 * The body of a message on `batch(node)`: consecutive events of one node (seqs first..last of
 * the headers, in order) and, for each, the node's wall clock (ms, fractional) when its log
 * emitted it. One message per flush, not per event: one body, one set of headers and one
 * acknowledgement for everything the log produced since the last one.
 */
export const FleetBatch = z.strictObject({
  emitted: z.array(z.number()),
  events: z.array(UiEvent),
});
export type FleetBatch = z.infer<typeof FleetBatch>;

/** Published to `gap(node)` when events were lost before reaching the stream. */
export const FleetGap = z.strictObject({
  node: NodeName,
  epoch: z.number().int(),
  /** First and last lost seq (inclusive). */
  from: z.number().int().min(1),
  to: z.number().int().min(1),
  reason: z.enum(['buffer_overflow']),
});
export type FleetGap = z.infer<typeof FleetGap>;

/** The body of an RPC reply: a result or a wire error (never both). */
export const FleetReply = z.union([
  z.strictObject({ result: z.unknown() }),
  z.strictObject({ error: WireError }),
]);
export type FleetReply = z.infer<typeof FleetReply>;

/** Request of the tree control endpoint: publish patches of a window for `leaseMs`. */
export const TreeWatchParams = z.strictObject({
  window: z.string().min(1),
  leaseMs: z.number().int().min(1_000).max(600_000).default(60_000),
});
export type TreeWatchParams = z.infer<typeof TreeWatchParams>;
