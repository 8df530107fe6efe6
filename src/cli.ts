/**
 * `uistream serve|mcp`: parse flags, compose the app, start the servers, print what is served
 * and (for serve) a live feed of UI events; stop cleanly on SIGINT/SIGTERM. Bad flags exit 2.
 */
import { createApp, type App } from './app.js';
import { parseCli, USAGE, UsageError, type ParsedCli } from './cli/args.js';
import { printActivity } from './cli/activity.js';
import { describeStartupFailure } from './cli/startup.js';
import type { Fleet } from './fleet/index.js';
import { MCP_PATH, mountMcp, runMcpStdio } from './mcp/index.js';
import { startServer } from './server/index.js';
import { SERVER_VERSION } from './service/version.js';

/** A parser message on one line (node's own messages run over several). */
function usageLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/\. To specify .*$/, '');
}

function fail(message: string, code: number): never {
  process.stderr.write(`uistream: ${message}\n`);
  process.exit(code);
}

function onSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (): void => {
    if (stopping) process.exit(1);
    stopping = true;
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

async function startDemoIfAsked(app: App, signal: AbortSignal, log: (line: string) => void) {
  if (!app.config.demo) return;
  const { startDemo, SimBackend } = await import('./backends/sim/index.js');
  if (!(app.platform instanceof SimBackend)) {
    log('--demo applies only to the simulated desktop; ignored');
    return;
  }
  log('demo: scripted activity on the simulated desktop (windows, typing, dialogs)');
  startDemo(app.platform, signal).catch((err: unknown) => log(`demo stopped: ${String(err)}`));
}

/** Join the fleet when --nats was given; the node serves locally whatever NATS does. */
async function joinFleetIfAsked(app: App, log: (line: string) => void): Promise<Fleet | null> {
  if (app.config.fleet.url === undefined) return null;
  const { startFleet } = await import('./fleet/index.js');
  const fleet = await startFleet(app, log);
  log(`  fleet      node ${fleet.node} on ${app.config.fleet.url}`);
  return fleet;
}

async function serve(cli: ParsedCli): Promise<void> {
  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  const app = await createApp(cli.config);
  const server = await startServer(app);
  const mcp = mountMcp(server, { handlers: app.handlers, config: app.config, cache: app.cache });
  const demo = new AbortController();
  const stats = app.cache.stats();
  log(`uistream ${SERVER_VERSION} on ${app.backend.name} (${app.backendReason})`);
  log(
    `  cached ${stats.elements} elements in ${stats.windows} windows, revision ${stats.revision}`,
  );
  log(`  WebSocket  ${server.url}   (JSON-RPC 2.0; subprotocol uistream.v1.json or .msgpack)`);
  log(`  MCP        ${server.httpUrl}${MCP_PATH}   (streamable HTTP)`);
  log(`  health     ${server.httpUrl}/health`);
  // The token rides in the fragment, which the browser keeps to itself (never sent, never logged).
  const fragment = server.token === null ? '' : `#token=${server.token}`;
  log(`  dashboard  ${server.dashboardUrl}${fragment}`);
  log(server.token === null ? '  auth       none (--no-auth)' : `  token      ${server.token}`);
  if (app.config.readOnly) log('  read-only: every action is refused');
  const fleet = await joinFleetIfAsked(app, log);
  if (!cli.quiet) {
    const how = cli.verbose ? 'every event' : 'a summary per second; --verbose for every event';
    log(`live UI activity (${how}; --quiet hides it):`);
    printActivity(app.cache.events.events$, cli.verbose, log, demo.signal);
  }
  await startDemoIfAsked(app, demo.signal, log);
  onSignals(async () => {
    demo.abort();
    await fleet?.stop();
    await mcp.close();
    await server.close();
    await app.stop();
  });
}

async function mcpStdio(cli: ParsedCli): Promise<void> {
  const app = await createApp(cli.config);
  const demo = new AbortController();
  // stdout carries the protocol: diagnostics go to stderr only.
  const logErr = (line: string): void => void process.stderr.write(`${line}\n`);
  await startDemoIfAsked(app, demo.signal, logErr);
  const fleet = await joinFleetIfAsked(app, logErr);
  const stop = async (): Promise<void> => {
    demo.abort();
    await fleet?.stop();
    await app.stop();
  };
  await runMcpStdio(app, () => {
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  onSignals(stop);
}

async function main(argv: readonly string[]): Promise<void> {
  let cli: ParsedCli;
  try {
    cli = parseCli(argv);
  } catch (err) {
    if (err instanceof UsageError)
      fail(`${usageLine(err.message)} (uistream --help lists every flag)`, 2);
    throw err;
  }
  if (cli.command === 'help') return void process.stdout.write(USAGE);
  if (cli.command === 'version') return void process.stdout.write(`${SERVER_VERSION}\n`);
  try {
    if (cli.fleet !== undefined) {
      const { runFleetCommand } = await import('./cli/fleet.js');
      return await runFleetCommand(cli.fleet);
    }
    if (cli.record !== undefined) {
      const { runRecordCommand } = await import('./cli/record.js');
      return await runRecordCommand(cli.record);
    }
    await (cli.command === 'mcp' ? mcpStdio(cli) : serve(cli));
  } catch (err) {
    const failure = describeStartupFailure(err, cli.config.port);
    fail(failure.message, failure.exitCode);
  }
}

await main(process.argv.slice(2));
