/**
 * The real CLI with the fleet flags, on a real nats-server: `serve --nats --node` joins the
 * fleet and says so, `uistream fleet nodes|call|events` see and drive it, SIGTERM leaves the
 * fleet cleanly; bad fleet flag values and unusable NATS settings end in one clear line.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { streamConfig } from '../../../src/fleet/setup.js';
import { connectConsumer, startNats, type NatsServer } from '../fleet/harness.js';
import { waitForOutput } from '../../support/child.js';

let nats: NatsServer;
const started: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  nats = await startNats();
  // The operator's stream, within the test server's store (a node leaves an existing one as
  // it is; with the default limits it would ask for 1 GiB).
  const nc = await connectConsumer(nats.url);
  const limits = loadConfig({ fleet: { streamMaxBytes: 64 * 1024 * 1024 } }).fleet;
  await (await jetstreamManager(nc)).streams.add(streamConfig(limits));
  await nc.drain();
}, 30_000);

afterAll(async () => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  await nats?.stop();
});

function cli(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    stdio: 'pipe',
  });
  started.push(child);
  return child;
}

/** Run to the end: exit code and both outputs. */
async function complete(args: string[]) {
  const child = cli(args);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

const output = waitForOutput;

function expectOneLine(stderr: string, what: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^uistream: /);
  expect(lines[0]).toMatch(what);
  expect(stderr).not.toMatch(/\n\s+at /);
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

describe('uistream CLI with a fleet', () => {
  it('joins with --nats --node, is listed, called and watched, and leaves on SIGTERM', async () => {
    const serve = cli([
      ...['serve', '--backend', 'sim', '--port', '0', '--no-auth', '--quiet'],
      ...['--nats', nats.url, '--node', 'cli-node', '--nats-heartbeat', '500'],
    ]);
    const [banner] = await output(serve, /fleet\s+node cli-node on nats:\/\/127\.0\.0\.1:\d+/);
    expect(banner).toContain(nats.url);

    const nodes = await complete(['fleet', 'nodes', '--nats', nats.url]);
    expect(nodes.code, nodes.stderr).toBe(0);
    expect(nodes.stdout).toMatch(/^cli-node\s+up\s+sim\//m);

    const call = await complete(['fleet', 'call', 'cli-node', 'windows.list', '--nats', nats.url]);
    expect(call.code, call.stderr).toBe(0);
    const { windows } = JSON.parse(call.stdout) as { windows: { app: string }[] };
    expect(windows.map((w) => w.app)).toContain('editor');

    const bad = await complete([
      ...['fleet', 'call', 'cli-node', 'elements.get', '{"ref":5}'],
      ...['--nats', nats.url],
    ]);
    expect(bad.code).not.toBe(0);
    expectOneLine(bad.stderr, /invalid_params/);

    const events = cli([
      'fleet',
      'events',
      '--nodes',
      'cli-node',
      '--from',
      'all',
      '--nats',
      nats.url,
    ]);
    const [line] = await output(events, /^\{.*\}$/m);
    expect(JSON.parse(line)).toMatchObject({ kind: 'event', node: 'cli-node' });
    const eventsExit = once(events, 'exit');
    events.kill('SIGINT');
    expect((await eventsExit)[0]).toBe(0);

    const serveExit = once(serve, 'exit');
    serve.kill('SIGTERM');
    expect((await serveExit)[0]).toBe(0);
    const after = await complete(['fleet', 'nodes', '--nats', nats.url]);
    expect(after.stdout).toMatch(/^cli-node\s+gone\(stopped\)/m);
  }, 240_000);

  it.each([
    [
      ['serve', '--nats', 'URL', '--nats-heartbeat', 'soon'],
      /--nats-heartbeat needs a whole number/,
    ],
    [['serve', '--nats', 'URL', '--node', 'a.b'], /--node: a node name is 1-64 of/],
    [['serve', '--node', 'desk-a'], /--node need --nats URL/],
    [['fleet', 'nodes'], /fleet commands need --nats URL/],
    [['fleet', 'call', 'n1', 'windows.list', '{oops', '--nats', 'URL'], /params are not JSON/],
    [['fleet', 'events', '--from', 'yesterday', '--nats', 'URL'], /--from is all or new/],
    // The rest of the parser's refusals are covered by test/unit/cli/fleet-args.test.ts.
  ])('%j exits 2 with one line naming what is wrong', async (args, what) => {
    const r = await complete(args.map((a) => (a === 'URL' ? nats.url : a)));
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, what);
  });

  it('an unreadable credentials file is named, exit 2', async () => {
    const r = await complete([
      ...['serve', '--backend', 'sim', '--port', '0', '--quiet'],
      ...['--nats', nats.url, '--nats-creds', '/nonexistent-dir/node.creds'],
    ]);
    expect(r.code).toBe(2);
    expectOneLine(
      r.stderr,
      /invalid_params: cannot read --nats-creds \/nonexistent-dir\/node\.creds/,
    );
  });

  it('a server whose JetStream store cannot hold the stream is named with the fix, exit 2', async () => {
    // A fresh server (no stream yet) with the harness's 512 MB store: the default 1 GiB stream
    // does not fit.
    const small = await startNats();
    try {
      const r = await complete([
        ...['serve', '--backend', 'sim', '--port', '0', '--quiet', '--no-auth'],
        ...['--nats', small.url, '--node', 'too-big'],
      ]);
      expect(r.code).toBe(2);
      expectOneLine(r.stderr, /cannot reserve 1024 MiB for stream UISTREAM_EVENTS.*max_file_store/);
    } finally {
      await small.stop();
    }
  });

  it('a fleet command against a NATS server that is not there says so, exit 1', async () => {
    const url = `nats://127.0.0.1:${await closedPort()}`;
    const r = await complete(['fleet', 'nodes', '--nats', url]);
    expect(r.code).toBe(1);
    expectOneLine(r.stderr, new RegExp(`backend_unavailable: cannot connect to NATS at ${url}`));
  });
});
