/**
 * Clipboard benchmark (one JSON line): a 10 MB round trip through the X11 CLIPBOARD (INCR both
 * ways) as a ratio to xclip in the same run and the same Xvfb. Ours: uistream writes and
 * `xclip -o` reads it, then `xclip -i` owns new data and uistream reads it. Baseline: the same
 * two transfers with xclip on both sides. Each half ends at an event (xclip -o's exit, XFixes'
 * owner change, our read's answer), never a sleep. Median of 5 trials with the spread.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { filter, firstValueFrom } from 'rxjs';
import { startDesktop } from '../../scripts/desktop/session.js';
import { X11Clipboard } from '../../src/backends/x11/index.js';
import { round, trialsOf } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';

const BYTES = 10 * 1024 * 1024;
const TRIALS = 5;

function xclip(env: NodeJS.ProcessEnv, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('xclip', ['-selection', 'clipboard', ...args], { env });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`xclip exited ${code}`)),
    );
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

/** xclip -i serving `data`; resolves once XFixes reports a new owner that is not us. */
async function xclipOwns(clip: X11Clipboard, env: NodeJS.ProcessEnv, data: Buffer) {
  const owned = firstValueFrom(clip.changes$.pipe(filter((s) => s.owner?.app !== 'uistream')));
  void xclip(env, ['-i', '-t', 'UTF8_STRING'], data).catch(() => undefined);
  await owned;
}

async function main(): Promise<void> {
  const desktop = await startDesktop(AbortSignal.timeout(60_000));
  const clip = new X11Clipboard(desktop.display);
  if (!clip.start()) throw new Error('no X clipboard');
  const env = desktop.env;
  const signal = (): AbortSignal => AbortSignal.timeout(60_000);
  const ours: number[] = [];
  const baseline: number[] = [];
  const ratios: number[] = [];
  try {
    for (let trial = 0; trial < TRIALS; trial++) {
      const a = randomBytes(BYTES / 2).toString('hex');
      const b = Buffer.from(randomBytes(BYTES / 2).toString('hex'));
      let t = performance.now();
      await clip.write({ text: a }, signal());
      const out = await xclip(env, ['-o', '-t', 'UTF8_STRING']);
      await xclipOwns(clip, env, b);
      const read = await clip.read('text', BYTES, signal());
      const oursMs = performance.now() - t;
      if (out.byteLength !== BYTES || read !== b.toString()) throw new Error('data differs');
      t = performance.now();
      await xclipOwns(clip, env, Buffer.from(a));
      const out1 = await xclip(env, ['-o', '-t', 'UTF8_STRING']);
      await xclipOwns(clip, env, b);
      const out2 = await xclip(env, ['-o', '-t', 'UTF8_STRING']);
      const baseMs = performance.now() - t;
      if (out1.byteLength !== BYTES || out2.byteLength !== BYTES) throw new Error('xclip short');
      ours.push(oursMs);
      baseline.push(baseMs);
      ratios.push(oursMs / baseMs);
    }
  } finally {
    clip.stop();
    await desktop.stop();
  }
  printLine('clipboard', {
    bytes: BYTES,
    trials: TRIALS,
    roundTripMs: trialsOf(ours.map((x) => round(x, 1))),
    xclipRoundTripMs: trialsOf(baseline.map((x) => round(x, 1))),
    roundTripVsXclip: trialsOf(ratios),
  });
}

await main();
