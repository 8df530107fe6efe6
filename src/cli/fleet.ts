/**
 * `uistream fleet nodes|call|events`: the fleet client from the command line. Results go to
 * stdout as JSON (events as one JSON line each); errors to stderr with their wire code.
 */
import { UistreamError } from '../../clients/typescript/errors.js';
import { fleet } from '../../clients/typescript/fleet.js';
import type { MethodName } from '../../protocol/src/index.js';
import { UiError } from '../errors.js';
import { connectTool } from '../fleet/connect.js';
import type { FleetCommand } from './fleet-args.js';

const print = (line: string): void => void process.stdout.write(`${line}\n`);

function nodeLine(n: Awaited<ReturnType<ReturnType<typeof fleet>['nodes']>>[number]): string {
  const age = `${(n.ageMs / 1000).toFixed(1)}s`;
  const state = n.goneReason === undefined ? n.state : `${n.state}(${n.goneReason})`;
  return [
    n.node.padEnd(20),
    state.padEnd(14),
    `${n.backend}/${n.backendStatus}`.padEnd(16),
    `windows=${n.windows}`,
    `seq=${n.seq}`,
    `published=${n.published}`,
    `lost=${n.lostEvents}`,
    `heartbeat=${age} ago`,
  ].join(' ');
}

/** Run one fleet command; resolves when it is done (events: when interrupted). */
export async function runFleetCommand(cmd: FleetCommand): Promise<void> {
  const nc = await connectTool({
    url: cmd.url,
    name: 'uistream-fleet-cli',
    ...(cmd.credsFile === undefined ? {} : { credsFile: cmd.credsFile }),
  });
  const client = fleet(nc);
  try {
    await runOn(client, cmd);
  } catch (err) {
    // A node's answer keeps its wire code on the command line (`invalid_params: ...`).
    if (err instanceof UistreamError) {
      throw new UiError(err.code, err.message, { ...(err.details && { details: err.details }) });
    }
    throw err;
  } finally {
    await nc.drain().catch(() => undefined);
  }
}

async function runOn(client: ReturnType<typeof fleet>, cmd: FleetCommand): Promise<void> {
  if (cmd.sub === 'nodes') {
    for (const n of await client.nodes()) print(nodeLine(n));
    return;
  }
  if (cmd.sub === 'call') {
    const call = client.call.bind(client) as (
      node: string,
      method: MethodName,
      params?: unknown,
    ) => Promise<unknown>;
    print(JSON.stringify(await call(cmd.node, cmd.method, cmd.params), null, 2));
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const sub = client
      .events({
        from: cmd.from,
        ...(cmd.nodes && { nodes: cmd.nodes }),
        ...(cmd.types && { types: cmd.types }),
        ...(cmd.durable !== undefined && { durable: cmd.durable }),
      })
      .subscribe({
        next: (item) => print(JSON.stringify(item)),
        error: reject,
        complete: resolve,
      });
    const stop = (): void => {
      sub.unsubscribe();
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
