/**
 * Expected start-up failures, from the real CLI as a user meets them: one line on stderr that
 * says what to do, a non-zero exit, and no stack trace.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer();
  busy.listen(0, '127.0.0.1');
  await once(busy, 'listening');
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(() => {
  busy.close();
});

async function start(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: '' },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdout.resume();
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

function expectOneLine(stderr: string, fix: RegExp): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^uistream: /);
  expect(lines[0]).toMatch(fix);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('start-up failures', () => {
  it('a port in use names the port and --port', async () => {
    const r = await start(['serve', '--backend', 'sim', '--quiet', '--port', String(busyPort)]);
    expect(r.code).toBe(1);
    expectOneLine(r.stderr, new RegExp(`port ${busyPort} is in use.*--port`));
  });

  it('a bad flag value or an unknown flag points at --help', async () => {
    const value = await start(['serve', '--port', 'abc']);
    expect(value.code).toBe(2);
    expectOneLine(value.stderr, /--port needs a whole number.*--help/);
    const unknown = await start(['serve', '--bogus']);
    expect(unknown.code).toBe(2);
    expectOneLine(unknown.stderr, /--bogus.*--help/);
  });

  it('an address that is not this machine names --host', async () => {
    const r = await start(['serve', '--backend', 'sim', '--port', '0', '--host', '192.0.2.1']);
    expect(r.code).toBe(1);
    expectOneLine(r.stderr, /192\.0\.2\.1 .*--host 127\.0\.0\.1/);
  });

  it('an unwritable audit log names the path', async () => {
    const args = ['serve', '--backend', 'sim', '--port', '0', '--quiet'];
    const r = await start([...args, '--audit-log', '/nonexistent-dir/audit.log']);
    expect(r.code).toBe(2);
    expectOneLine(r.stderr, /\/nonexistent-dir\/audit\.log.*--audit-log/);
  });

  it('an unavailable backend says how to go on', async () => {
    const r = await start(['mcp', '--backend', 'atspi']);
    expect(r.code).toBe(1);
    expectOneLine(r.stderr, /backend_unavailable: .*--backend sim/);
  });
});
