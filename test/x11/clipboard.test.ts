/**
 * The X11 clipboard against xclip, an independent client of the same X server: what we write
 * xclip reads, what xclip owns we read, in text, HTML and PNG, and 10 MB each way through INCR;
 * the owner's pid comes from XRes and every owner change arrives as an event.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { firstValueFrom, filter } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X11Clipboard } from '../../src/backends/x11/index.js';
import { startDesktop, type DesktopSession } from '../../scripts/desktop/session.js';

const run = promisify(execFile);
const MB10 = 10 * 1024 * 1024;
let desktop: DesktopSession;
let clip: X11Clipboard;

beforeAll(async () => {
  desktop = await startDesktop(AbortSignal.timeout(60_000));
  clip = new X11Clipboard(desktop.display);
  expect(clip.start()).toBe(true);
}, 90_000);

afterAll(async () => {
  clip?.stop();
  await desktop?.stop();
});

/** xclip -o for a target, as bytes. */
async function xclipOut(target: string): Promise<Buffer> {
  const r = await run('xclip', ['-selection', 'clipboard', '-o', '-t', target], {
    env: desktop.env,
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 30_000,
  });
  return r.stdout;
}

/**
 * xclip -i owning the clipboard with `data` as `target`; resolves with its pid once it owns it
 * (xclip then forks to serve: the connection, so XRes, still names the pid it was started as).
 */
async function xclipIn(target: string, data: Uint8Array): Promise<number> {
  const owned = firstValueFrom(
    clip.changes$.pipe(filter((s) => s.owner !== null && s.owner.app !== 'uistream')),
  );
  const child = spawn('xclip', ['-selection', 'clipboard', '-i', '-t', target], {
    env: desktop.env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.stdin.end(data);
  await owned;
  return child.pid ?? -1;
}

const signal = (): AbortSignal => AbortSignal.timeout(30_000);

describe('X11 clipboard', () => {
  it('writes text that xclip reads, and says it owns the clipboard', async () => {
    const text = 'Grüße, Привет, 日本語 ✓';
    await clip.write({ text }, signal());
    expect((await xclipOut('UTF8_STRING')).toString('utf8')).toBe(text);
    const state = await clip.state(signal());
    expect(state.formats).toEqual(['text']);
    expect(state.owner?.pid).toBe(process.pid);
  });

  it('offers html and png targets that xclip reads byte for byte', async () => {
    const html = '<b>bold</b> & <i>ü</i>';
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
      randomBytes(5000),
    ]);
    await clip.write({ text: 'plain', html, image: png }, signal());
    const targets = (await xclipOut('TARGETS')).toString('utf8').split('\n');
    expect(targets).toEqual(expect.arrayContaining(['UTF8_STRING', 'text/html', 'image/png']));
    expect((await xclipOut('text/html')).toString('utf8')).toBe(html);
    expect((await xclipOut('image/png')).equals(png)).toBe(true);
  });

  it('reads what xclip owns, with its pid, in text, html and png', async () => {
    const pid = await xclipIn('text/html', Buffer.from('<p>from xclip</p>'));
    expect(pid).toBeGreaterThan(0);
    const state = await clip.state(signal());
    expect(state.formats).toContain('html');
    expect(state.owner?.pid).toBe(pid);
    expect(await clip.read('html', 1_000_000, signal())).toBe('<p>from xclip</p>');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(3000)]);
    await xclipIn('image/png', png);
    const read = await clip.read('image', 1_000_000, signal());
    expect(Buffer.from(read as Uint8Array).equals(png)).toBe(true);
  });

  it('moves 10 MB through INCR both ways', async () => {
    const big = 'x'.repeat(MB10 - 7) + 'the end';
    await clip.write({ text: big }, signal());
    const out = await xclipOut('UTF8_STRING');
    expect(out.byteLength).toBe(MB10);
    expect(out.toString('utf8') === big).toBe(true);
    const bytes = randomBytes(MB10);
    await xclipIn('image/png', bytes);
    const read = await clip.read('image', MB10, signal());
    expect(Buffer.from(read as Uint8Array).equals(bytes)).toBe(true);
  }, 60_000);

  it('refuses to read more than the limit, whole or by INCR', async () => {
    await xclipIn('UTF8_STRING', Buffer.from('y'.repeat(600_000)));
    await expect(clip.read('text', 100_000, signal())).rejects.toMatchObject({
      code: 'invalid_params',
    });
    expect(await clip.read('text', 600_000, signal())).toHaveLength(600_000);
  }, 30_000);
});
