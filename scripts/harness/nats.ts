/**
 * A real nats-server with JetStream in a temporary directory on a loopback ephemeral port. The
 * server can be killed and restarted on the same port and store, as an outage would. Shared by
 * the fleet tests and the fleet bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

export interface NatsServer {
  url: string;
  port: number;
  dir: string;
  /** Kill the process (SIGKILL: no goodbye to clients) and wait for it to exit. */
  kill(): Promise<void>;
  /** Start again on the same port and store. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Extra config text (e.g. an authorization block). */
export async function startNats(extraConfig = ''): Promise<NatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'uistream-nats-'));
  let port = -1;
  let child: ChildProcess | null = null;
  const launch = async (): Promise<void> => {
    const conf = join(dir, 'nats.conf');
    writeFileSync(
      conf,
      `listen: "127.0.0.1:${port}"\n` +
        `jetstream { store_dir: "${join(dir, 'js')}", max_memory_store: 64MB, max_file_store: 512MB }\n` +
        extraConfig,
    );
    // One OS thread of Go scheduling: the machine is shared and the tests are small.
    child = spawn(NATS_SERVER, ['-c', conf], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, GOMAXPROCS: '1' },
    });
    port = await readyPort(child);
  };
  await launch();
  const kill = async (): Promise<void> => {
    const c = child;
    if (c === null || c.exitCode !== null) return;
    const exited = once(c, 'exit');
    c.kill('SIGKILL');
    await exited;
    child = null;
  };
  return {
    get url() {
      return `nats://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    dir,
    kill,
    restart: launch,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The port from the server's log once it says it is ready (rejects on exit or after 15 s). */
function readyPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let log = '';
    let port = 0;
    const timer = setTimeout(() => reject(new Error(`nats-server not ready: ${log}`)), 15_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const m = /Listening for client connections on [\d.]+:(\d+)/.exec(log);
      if (m !== null) port = Number(m[1]);
      if (port !== 0 && log.includes('Server is ready')) {
        clearTimeout(timer);
        resolve(port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited ${code}: ${log}`));
    });
  });
}
