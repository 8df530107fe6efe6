/**
 * `uistream fleet nodes|call|events` flags. Pure, like args.ts: a parsed command or a
 * FleetUsageError (args.ts turns it into its UsageError; importing that here would be a cycle).
 */
import { parseArgs } from 'node:util';
import { NodeName, isMethodName, type MethodName } from '../../protocol/src/index.js';

export const FLEET_USAGE = `
Fleet (uistream fleet <sub> --nats URL [--nats-creds FILE]):
  nodes                          List nodes: state, backend, windows, last seq, heartbeat age
  call NODE METHOD [JSON]        Call a method on a node; prints the result as JSON
  events [--nodes a,b] [--types t1,t2] [--from all|new] [--durable NAME]
                                 Print events of the fleet as JSON lines until interrupted
`;

export class FleetUsageError extends Error {
  override readonly name = 'UsageError';
}

export type FleetCommand =
  | { sub: 'nodes'; url: string; credsFile?: string }
  | {
      sub: 'call';
      url: string;
      credsFile?: string;
      node: string;
      method: MethodName;
      params: unknown;
    }
  | {
      sub: 'events';
      url: string;
      credsFile?: string;
      nodes?: string[];
      types?: string[];
      from: 'all' | 'new';
      durable?: string;
    };

const OPTIONS = {
  nats: { type: 'string' },
  'nats-creds': { type: 'string' },
  nodes: { type: 'string' },
  types: { type: 'string' },
  from: { type: 'string' },
  durable: { type: 'string' },
} as const;

function list(raw: string | undefined): string[] | undefined {
  return raw === undefined ? undefined : raw.split(',').filter((s) => s !== '');
}

function node(raw: string | undefined): string {
  if (raw === undefined || !NodeName.safeParse(raw).success) {
    throw new FleetUsageError(`fleet call needs a node name, got "${raw ?? ''}"`);
  }
  return raw;
}

function callCommand(rest: string[], base: { url: string; credsFile?: string }): FleetCommand {
  const [name, method, json, extra] = rest;
  if (extra !== undefined) throw new FleetUsageError(`unexpected argument "${extra}"`);
  if (method === undefined || !isMethodName(method)) {
    throw new FleetUsageError(`fleet call needs a method name, got "${method ?? ''}"`);
  }
  let params: unknown;
  try {
    params = json === undefined ? undefined : (JSON.parse(json) as unknown);
  } catch {
    throw new FleetUsageError(`fleet call: params are not JSON: ${json}`);
  }
  return { sub: 'call', ...base, node: node(name), method, params };
}

/** Parse `fleet <sub> ...` (argv starts with "fleet"). */
export function parseFleetCli(argv: readonly string[]): FleetCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: argv.slice(1), options: OPTIONS, allowPositionals: true });
  } catch (err) {
    throw new FleetUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (values.nats === undefined) throw new FleetUsageError('fleet commands need --nats URL');
  const base = {
    url: values.nats,
    ...(values['nats-creds'] === undefined ? {} : { credsFile: values['nats-creds'] }),
  };
  if (sub === 'nodes' && rest.length === 0) return { sub: 'nodes', ...base };
  if (sub === 'call') return callCommand(rest, base);
  if (sub === 'events' && rest.length === 0) {
    const from = values.from ?? 'new';
    if (from !== 'all' && from !== 'new') throw new FleetUsageError('--from is all or new');
    const nodes = list(values.nodes);
    for (const n of nodes ?? []) node(n);
    return {
      sub: 'events',
      ...base,
      from,
      ...(nodes === undefined ? {} : { nodes }),
      ...(values.types === undefined ? {} : { types: list(values.types) }),
      ...(values.durable === undefined ? {} : { durable: values.durable }),
    };
  }
  throw new FleetUsageError(`unknown fleet command "${positionals.join(' ')}" (nodes|call|events)`);
}
