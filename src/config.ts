/**
 * Every limit and default in one zod-validated object. The CLI and tests build it with
 * `loadConfig(partial)`; nothing else hard-codes a limit.
 */
import { z } from 'zod';

export const BackendChoice = z.enum(['auto', 'sim', 'atspi', 'uia', 'ax']);
export type BackendChoice = z.infer<typeof BackendChoice>;

export const CacheConfig = z.object({
  /** Quiet period that coalesces structure events of one window into one re-fetch. */
  coalesceMs: z.number().int().min(0).max(5_000).default(25),
  /** Bulk fetches in flight at once. */
  fetchConcurrency: z.number().int().min(1).max(64).default(4),
  /** Deadline of one bulk fetch. */
  fetchTimeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /**
   * Period of the background reconcile (src/cache/reconciler.ts): each tick re-lists the top
   * level and re-reads the window in use and one more visible window; 0 turns it off.
   */
  reconcileMs: z.number().int().min(0).max(3_600_000).default(1_000),
  /** Greatest share of the time the reconcile's re-reads may keep the desktop busy. */
  reconcileDuty: z.number().min(0.01).max(1).default(0.2),
  /** Deadline of one reconcile re-read (never retried; the next tick asks again). */
  reconcileTimeoutMs: z.number().int().min(50).max(60_000).default(2_000),
  /** Deadline of the re-read a read with `fresh: true` waits for. */
  freshTimeoutMs: z.number().int().min(50).max(60_000).default(3_000),
  /** Events kept for `since` replay and `events.read`. */
  eventReplay: z.number().int().min(100).max(1_000_000).default(10_000),
  /** Bytes the event log and the patch history may each hold at most (besides the counts). */
  eventReplayBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  /** Bytes the locators of vanished refs (for element_stale answers) may hold at most. */
  tombstoneBytes: z
    .number()
    .int()
    .min(16 * 1024)
    .max(1024 * 1024 * 1024)
    .default(4 * 1024 * 1024),
});

export const ExecutorConfig = z.object({
  queueLimit: z.number().int().min(1).max(100_000).default(1_000),
  defaultTimeoutMs: z.number().int().min(1).max(300_000).default(10_000),
  settleMs: z.number().int().min(0).max(10_000).default(150),
  /** App names or process names no action may touch. */
  denyApps: z.array(z.string().min(1)).default([]),
  /** Actions per second per client. */
  rateLimitPerSec: z.number().min(0.1).max(100_000).default(100),
  /** JSON-lines audit log path; none when unset. */
  auditLog: z.string().optional(),
  dryRun: z.boolean().default(false),
  /** False: apps.launch answers launch_not_allowed (--no-launch). */
  launch: z.boolean().default(true),
  /** When set, only apps whose id, name or program matches one of these globs may be launched. */
  allowLaunch: z.array(z.string().min(1).max(4_096)).default([]),
  /**
   * Re-fetch the windows an action touched, in the background, so events the platform lost
   * cannot leave the cache wrong where actions happen: the acted-on and previously focused
   * windows and the other windows of their apps (a dialog answers for its owner). Costs one
   * bulk fetch per such window.
   */
  refreshAfterAction: z.boolean().default(true),
});

export const WsConfig = z.object({
  maxPayloadBytes: z
    .number()
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  sendQueueBytes: z
    .number()
    .int()
    .min(16_384)
    .max(1024 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  requestsPerSecond: z.number().min(1).max(1_000_000).default(500),
  heartbeatMs: z.number().int().min(100).max(600_000).default(30_000),
  /** Requests one connection may have unanswered at once (long waits included). */
  maxInFlight: z.number().int().min(1).max(100_000).default(256),
  /** Extra allowed Origins besides loopback ones. */
  allowedOrigins: z.array(z.string()).default([]),
});

export const McpConfig = z.object({
  tools: z.enum(['default', 'ui_automation']).default('default'),
  /**
   * Declare output schemas and send structuredContent beside the text. Off by default: a host
   * that forwards both to the model pays for the answer twice (the JSON is ~2.4x the text).
   */
  structured: z.boolean().default(false),
  /** Accept the token as `?token=` on loopback (for clients that cannot send headers). */
  allowQueryToken: z.boolean().default(true),
});

/** Joining a NATS fleet (`--nats`): off while `url` is unset. */
export const FleetConfig = z.strictObject({
  /** NATS server URL(s), comma-separated. */
  url: z.string().min(1).optional(),
  /** A NATS .creds file (JWT + seed), an nkey seed file, or a `user:password` line. */
  credsFile: z.string().min(1).optional(),
  /** Node name; the host name (made subject-safe) when absent. */
  node: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a node name is 1-64 of A-Z a-z 0-9 - _')
    .optional(),
  /** Presence heartbeat period. */
  heartbeatMs: z.number().int().min(100).max(600_000).default(5_000),
  /** A node whose heartbeat is older than this is marked gone by a peer. */
  goneAfterMs: z.number().int().min(300).max(3_600_000).default(15_000),
  /**
   * Batches of events awaiting their stream acknowledgement at once (each up to 256 KiB): what
   * the log produces while they are in flight leaves as the next batch.
   */
  publishWindow: z.number().int().min(1).max(256).default(8),
  /** Stream limits (applied when the stream is created). */
  streamMaxAgeMs: z
    .number()
    .int()
    .min(1_000)
    .default(7 * 24 * 3_600_000),
  streamMaxBytes: z
    .number()
    .int()
    .min(1_048_576)
    .default(1024 * 1024 * 1024),
  /** Window in which a re-sent event (same Nats-Msg-Id) is dropped by the stream. */
  duplicateWindowMs: z.number().int().min(1_000).max(3_600_000).default(120_000),
  /** Longest an RPC call through NATS may run before it is aborted. */
  callTimeoutMs: z.number().int().min(100).max(600_000).default(60_000),
});

export type FleetConfig = z.infer<typeof FleetConfig>;

export const ScreenshotMode = z.enum(['off', 'after-actions', 'on-failure']);
export type ScreenshotMode = z.infer<typeof ScreenshotMode>;

export const PixelsConfig = z.object({
  /** False (--no-screenshots): every capture and OCR answers capture_disabled. */
  enabled: z.boolean().default(true),
  /** Post-action screenshots; unset = each transport's default (MCP on-failure, WS off). */
  screenshots: ScreenshotMode.optional(),
  /** MCP writes screenshots here and answers a path and a ui://screenshot/{id} resource. */
  screenshotDir: z.string().min(1).optional(),
  /** At most one failure screenshot per this period. */
  failureCooldownMs: z.number().int().min(0).max(3_600_000).default(5_000),
  /** OCR workers; default: the machine's cores minus one, 1..4. */
  ocrWorkers: z.number().int().min(1).max(16).optional(),
});

export const ClipboardConfig = z.object({
  /** False (--no-clipboard): clipboard reads, writes and change events are refused. */
  enabled: z.boolean().default(true),
});

export const Config = z.object({
  backend: BackendChoice.default('auto'),
  /** macOS: let the system ask for Accessibility / Screen Recording (never asked otherwise). */
  promptPermissions: z.boolean().default(false),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(0).max(65_535).default(7878),
  /** Bearer token; generated at start when absent. */
  token: z.string().min(16, 'a token needs at least 16 characters').optional(),
  /** Host header values accepted besides loopback ones (DNS-rebinding protection). */
  allowHosts: z.array(z.string().min(1).max(253)).default([]),
  /** Disable auth entirely: only allowed with a loopback bind. */
  noAuth: z.boolean().default(false),
  readOnly: z.boolean().default(false),
  /** Accept in-app providers (apps that connect to /provider and send their own tree). */
  providers: z.boolean().default(true),
  scene: z.string().optional(),
  demo: z.boolean().default(false),
  /** Seed of the simulated desktop; the scene's own seed (default 1) when absent. */
  seed: z.number().int().optional(),
  cache: CacheConfig.default(CacheConfig.parse({})),
  executor: ExecutorConfig.default(ExecutorConfig.parse({})),
  ws: WsConfig.default(WsConfig.parse({})),
  mcp: McpConfig.default(McpConfig.parse({})),
  fleet: FleetConfig.default(FleetConfig.parse({})),
  pixels: PixelsConfig.default(PixelsConfig.parse({})),
  clipboard: ClipboardConfig.default(ClipboardConfig.parse({})),
});
export type Config = z.infer<typeof Config>;
export type ConfigInput = z.input<typeof Config>;

export function loadConfig(input: ConfigInput = {}): Config {
  return Config.parse(input);
}
