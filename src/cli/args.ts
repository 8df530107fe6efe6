/**
 * Command-line parsing: `uistream <serve|mcp> [flags]`. Pure: it returns a parsed command or a
 * typed usage error, and never exits or prints, so it is unit-tested directly.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, type Config, type ConfigInput } from '../config.js';
import { FLEET_USAGE, FleetUsageError, parseFleetCli, type FleetCommand } from './fleet-args.js';
import {
  RECORD_USAGE,
  RecordUsageError,
  parseRecordCli,
  type RecordCommand,
} from './record-args.js';

export const USAGE = `uistream: a live, event-fed desktop accessibility tree over WebSocket and MCP

Usage:
  uistream serve [flags]   Serve WebSocket (/ws), MCP over HTTP (/mcp) and /health
  uistream mcp [flags]     Serve MCP over stdio (for desktop MCP hosts)
  uistream fleet ...       Watch and drive a NATS fleet of nodes (see below)
  uistream record ...      Record a person's input into an app as a test (see below)
  uistream --help | --version

Flags:
  --backend auto|sim|atspi|uia|ax
                                 Accessibility backend (default auto: uia on Windows, ax on macOS,
                                 atspi when an accessibility bus is reachable, else the simulated
                                 desktop)
  --prompt-permissions           macOS: let the system ask for Accessibility and Screen Recording
                                 (without it uistream never prompts; /health names what is missing)
  --host ADDR                    Bind address (default 127.0.0.1)
  --port N                       Port (default 7878; 0 picks a free one)
  --token TOKEN                  Bearer token (default: generated and printed at start)
  --no-auth                      No token (refused unless bound to loopback)
  --allow-host NAME              Accept this Host header besides loopback ones (repeatable)
  --no-query-token               Refuse the token in the query (?token=), headers only
  --read-only                    Refuse every action (reads and subscriptions only)
  --dry-run                      Resolve and validate actions but do not perform them
  --deny-app NAME                Never act on or show this app (repeatable); blacked out in captures
  --no-launch                    Refuse launching apps (apps.launch answers launch_not_allowed)
  --allow-launch PATTERN         Launch only apps whose id, name or program matches (repeatable;
                                 * and ? wildcards)
  --no-screenshots               Refuse every screen capture and OCR (capture_disabled)
  --no-clipboard                 Refuse clipboard reads, writes and change events
  --no-providers                 Refuse in-app providers on /provider (apps that send their tree)
  --screenshots MODE             Screenshot after actions: off|after-actions|on-failure
                                 (default: on-failure for MCP, off for WebSocket)
  --screenshot-dir DIR           MCP: write screenshots here, answer a path and a resource
  --audit-log FILE               Append one JSON line per action to FILE
  --scene FILE                   Simulated desktop scene (JSON)
  --seed N                       Seed of the simulated desktop (default: the scene's, 1)
  --demo                         Scripted activity on the simulated desktop
  --tools default|ui_automation  MCP tool profile (default: one tool per operation)
  --structured-content           MCP: output schemas and structuredContent beside the text
  --quiet                        Do not print live UI activity
  --nats URL                     Join a NATS fleet (JetStream) as a node, besides serving locally
  --nats-creds FILE              NATS credentials: .creds file, nkey seed file or user:password
  --node NAME                    Node name in the fleet (default: the host name)
  --nats-heartbeat MS            Presence heartbeat (default 5000; gone after 3 missed)
  --verbose                      Print every UI event (default: a summary line per second)
${FLEET_USAGE}${RECORD_USAGE}`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

function fleetCli(argv: readonly string[]): ParsedCli {
  try {
    return {
      command: 'fleet',
      config: loadConfig(),
      quiet: true,
      verbose: false,
      fleet: parseFleetCli(argv),
    };
  } catch (err) {
    if (err instanceof FleetUsageError) throw new UsageError(err.message);
    throw err;
  }
}

function recordCli(argv: readonly string[]): ParsedCli {
  try {
    const record = parseRecordCli(argv);
    return { command: 'record', config: loadConfig(), quiet: true, verbose: false, record };
  } catch (err) {
    if (err instanceof RecordUsageError) throw new UsageError(err.message);
    throw err;
  }
}

export type Command = 'serve' | 'mcp' | 'help' | 'version' | 'fleet' | 'record';

export interface ParsedCli {
  command: Command;
  config: Config;
  quiet: boolean;
  /** Set for `uistream fleet ...`. */
  fleet?: FleetCommand;
  /** Set for `uistream record ...`. */
  record?: RecordCommand;
  /** Print every UI event rather than a summary line per second. */
  verbose: boolean;
}

const OPTIONS = {
  backend: { type: 'string' },
  'prompt-permissions': { type: 'boolean' },
  host: { type: 'string' },
  port: { type: 'string' },
  token: { type: 'string' },
  'no-auth': { type: 'boolean' },
  'allow-host': { type: 'string', multiple: true },
  'no-query-token': { type: 'boolean' },
  'read-only': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'deny-app': { type: 'string', multiple: true },
  'no-launch': { type: 'boolean' },
  'allow-launch': { type: 'string', multiple: true },
  'no-screenshots': { type: 'boolean' },
  'no-clipboard': { type: 'boolean' },
  'no-providers': { type: 'boolean' },
  screenshots: { type: 'string' },
  'screenshot-dir': { type: 'string' },
  'audit-log': { type: 'string' },
  scene: { type: 'string' },
  seed: { type: 'string' },
  demo: { type: 'boolean' },
  tools: { type: 'string' },
  'structured-content': { type: 'boolean' },
  quiet: { type: 'boolean' },
  nats: { type: 'string' },
  'nats-creds': { type: 'string' },
  node: { type: 'string' },
  'nats-heartbeat': { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function integerFlag(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} needs a whole number, got "${raw}"`);
  return Number(raw);
}

/** Parse argv (without node and the script path). Throws UsageError on any bad input. */
export function parseCli(argv: readonly string[]): ParsedCli {
  if (argv[0] === 'fleet') return fleetCli(argv);
  if (argv[0] === 'record') return recordCli(argv);
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const quiet = values.quiet === true;
  const verbose = values.verbose === true;
  if (values.help === true) return { command: 'help', config: loadConfig(), quiet, verbose };
  if (values.version === true) return { command: 'version', config: loadConfig(), quiet, verbose };
  const command = positionals[0] ?? 'serve';
  if (command !== 'serve' && command !== 'mcp') {
    throw new UsageError(`unknown command "${command}" (expected serve or mcp)`);
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  if (values.nats === undefined && (values['nats-creds'] ?? values.node) !== undefined) {
    throw new UsageError('--nats-creds and --node need --nats URL');
  }
  return { command, config: buildConfig(values), quiet, verbose };
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

function buildConfig(values: Values): Config {
  const heartbeatMs = integerFlag('nats-heartbeat', values['nats-heartbeat']);
  const beat = heartbeatMs === undefined ? {} : { heartbeatMs, goneAfterMs: heartbeatMs * 3 };
  const input: ConfigInput = {
    backend: values.backend as ConfigInput['backend'],
    promptPermissions: values['prompt-permissions'],
    host: values.host,
    port: integerFlag('port', values.port),
    token: values.token,
    noAuth: values['no-auth'],
    allowHosts: values['allow-host'],
    readOnly: values['read-only'],
    providers: values['no-providers'] !== true,
    scene: values.scene,
    seed: integerFlag('seed', values.seed),
    demo: values.demo,
    executor: {
      denyApps: values['deny-app'],
      auditLog: values['audit-log'],
      dryRun: values['dry-run'],
      launch: values['no-launch'] !== true,
      allowLaunch: values['allow-launch'],
    },
    mcp: {
      tools: values.tools as 'default' | 'ui_automation' | undefined,
      structured: values['structured-content'],
      allowQueryToken: values['no-query-token'] === true ? false : undefined,
    },
    fleet: { url: values.nats, credsFile: values['nats-creds'], node: values.node, ...beat },
    pixels: {
      enabled: values['no-screenshots'] !== true,
      screenshots: values.screenshots as 'off' | 'after-actions' | 'on-failure' | undefined,
      screenshotDir: values['screenshot-dir'],
    },
    clipboard: { enabled: values['no-clipboard'] !== true },
  };
  try {
    return loadConfig(input);
  } catch (err) {
    if (err instanceof z.ZodError) throw new UsageError(describeIssues(err));
    throw err;
  }
}

const FLAG_NAMES: Record<string, string> = {
  noAuth: 'no-auth',
  promptPermissions: 'prompt-permissions',
  allowHosts: 'allow-host',
  readOnly: 'read-only',
  'executor.denyApps': 'deny-app',
  'executor.auditLog': 'audit-log',
  'executor.dryRun': 'dry-run',
  'executor.launch': 'no-launch',
  'executor.allowLaunch': 'allow-launch',
  'mcp.tools': 'tools',
  'mcp.structured': 'structured-content',
  'fleet.url': 'nats',
  'fleet.credsFile': 'nats-creds',
  'fleet.node': 'node',
  'fleet.heartbeatMs': 'nats-heartbeat',
  'fleet.goneAfterMs': 'nats-heartbeat',
  'pixels.screenshots': 'screenshots',
  'pixels.screenshotDir': 'screenshot-dir',
};

function describeIssues(err: z.ZodError): string {
  return err.issues
    .map((issue) => {
      const path = issue.path.join('.');
      return `--${FLAG_NAMES[path] ?? path}: ${issue.message}`;
    })
    .join('; ');
}
