/**
 * The real CLI as a user runs it: a child process, its banner, /health and a WebSocket call on
 * the port it printed, a clean stop on SIGTERM, and exit code 2 with a clear message on bad flags.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitForOutput } from '../../support/child.js';

const CLI = ['--import', 'tsx', 'src/cli.ts'];
const TOKEN = 'cli-test-token-0123456789';

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [...CLI, ...args], { stdio: 'pipe' });
}

/** Call right after spawning, so no output or exit is missed. */
async function exitOf(child: ChildProcessWithoutNullStreams) {
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('uistream CLI', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  });

  it('serves the simulated desktop on the port it prints and stops on SIGTERM', async () => {
    child = run(['serve', '--backend', 'sim', '--port', '0', '--token', TOKEN, '--quiet']);
    const exited = exitOf(child);
    const [, url] = await waitForOutput(child, /WebSocket\s+(ws:\/\/127\.0\.0\.1:\d+\/)/);
    const httpUrl = url!.replace('ws://', 'http://').replace(/\/$/, '');

    const health = await fetch(`${httpUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, backend: 'sim', status: 'ok' });

    const socket = new WebSocket(url!, ['uistream.v1.json'], {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    await once(socket, 'open');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'windows.list', params: {} }));
    const [data] = (await once(socket, 'message')) as [Buffer];
    const reply = JSON.parse(data.toString()) as { result: { windows: { title: string }[] } };
    expect(reply.result.windows.map((w) => w.title)).toContain('Untitled - Editor');
    socket.close();

    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  it.each([
    [['serve', '--port', 'x'], /--port needs a whole number/],
    [['serve', '--bogus'], /bogus/],
    [['launch'], /unknown command "launch"/],
    [['serve', '--backend', 'sim', '--scene', '/nonexistent/scene.json'], /cannot read scene/],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    child = run(args);
    const { code, stderr } = await exitOf(child);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('prints usage for --help and exits 0', async () => {
    child = run(['--help']);
    const exited = exitOf(child);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    expect((await exited).code).toBe(0);
    expect(stdout).toMatch(/Usage:[\s\S]*--backend auto\|sim\|atspi\|uia/);
  });
});
