/**
 * Python client benchmark (one JSON line): the round trip of a cached read (`elements.get`)
 * through the Python client against a bare Python `websockets` echo of the same request bytes
 * (a text frame for JSON, a binary one for MessagePack), in the same Python process, the sides
 * taking turns call by call within each trial (the ratio of each trial's medians; the ratios'
 * median and spread over trials). The server (uistream on a quiet sim desktop) and the echo
 * (`ws`, as the server uses) share this Node process. Needs Debian's /usr/bin/python3 with
 * python3-websockets and python3-msgpack (scripts/desktop/install.sh).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server/index.js';
import { round } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const SYSTEM_PYTHON = '/usr/bin/python3';
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'roundtrip.py');

interface Result {
  encoding: string;
  calls: number;
  trials: { echoUs: number; clientUs: number }[];
  ratioMedian: number;
  ratioMin: number;
  ratioMax: number;
}

async function main(): Promise<void> {
  // No rate limit: a benchmark calls back to back on purpose.
  const config = loadConfig({
    backend: 'sim',
    port: 0,
    host: '127.0.0.1',
    ws: { requestsPerSecond: 1_000_000 },
  });
  const app = await createApp(config);
  const server = await startServer(app);
  const echo = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => echo.once('listening', resolve));
  echo.on('connection', (ws) =>
    ws.on('message', (data: Buffer, isBinary: boolean) => ws.send(data, { binary: isBinary })),
  );
  const echoUrl = `ws://127.0.0.1:${(echo.address() as { port: number }).port}/`;
  // Asynchronous child: this process must keep serving while Python measures.
  const run = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
    const child = spawn(SYSTEM_PYTHON, [SCRIPT, server.url, server.token ?? '', echoUrl], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('close', (code) => resolve({ stdout, code }));
  });
  echo.close();
  await server.close();
  await app.stop();
  const results = run.code === 0 ? (JSON.parse(run.stdout) as Result[]) : [];
  const json = results.find((r) => r.encoding === 'json');
  const msgpack = results.find((r) => r.encoding === 'msgpack');
  // The ratio of each trial is the figure; its median stands for it, its range is the noise.
  const ratio = (r: Result | undefined) =>
    r === undefined
      ? null
      : {
          median: r.ratioMedian,
          min: r.ratioMin,
          max: r.ratioMax,
          spread: round((r.ratioMax - r.ratioMin) / r.ratioMedian, 3),
        };
  printLine('python', {
    python: results,
    readVsEcho: { json: ratio(json), msgpack: ratio(msgpack) },
  });
}

await main();
