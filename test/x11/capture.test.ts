/**
 * X11 capture against a real GTK app in Xvfb: the pixels of its window, captured through
 * libX11 by the atspi backend, equal an independent capture of the same region made by
 * ImageMagick's `import`, read through MIT-SHM and through XGetImage alike; OCR reads the
 * app's label, digits included; Wayland is refused.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { Pixels } from '../../src/pixels/service.js';
import { X11Screen } from '../../src/backends/x11/index.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from '../atspi/harness.js';

const run = promisify(execFile);
const LABEL = 'Backup finished 4096 files';

afterAll(stopSharedDesktop);

it('captures a GTK window pixel-exactly and reads its label by OCR', async () => {
  const signal = AbortSignal.timeout(120_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const config = loadConfig({ backend: 'atspi' });
  const cache = createCache(backend, config.cache);
  const pixels = new Pixels({ backend, cache, config });
  const launched = await launchAndWait(
    desktop,
    backend,
    'zenity',
    ['--info', '--title', 'Pixels probe', '--text', LABEL],
    signal,
  );
  try {
    await cache.start(signal);
    const win = cache.resolveWindow('Pixels probe');
    const r = win.rect;
    if (r === null) throw new Error('the window has no bounds');
    const shot = await pixels.capture(
      { window: win.ref, padding: 0, format: 'png', quality: 80, marks: false },
      signal,
    );
    expect([shot.width, shot.height]).toEqual([r.width, r.height]);
    const ours = await sharp(Buffer.from(shot.data as Uint8Array))
      .removeAlpha()
      .raw()
      .toBuffer();
    const crop = `${r.width}x${r.height}+${r.x}+${r.y}`;
    const theirs = await run('import', ['-window', 'root', '-crop', crop, '-depth', '8', 'rgb:-'], {
      env: desktop.env,
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
      signal,
    });
    expect(theirs.stdout.length).toBe(r.width * r.height * 3);
    // Not a blank picture, and byte for byte what the X server holds.
    expect(new Set(ours).size).toBeGreaterThan(2);
    expect(ours.equals(theirs.stdout)).toBe(true);

    const ocr = await pixels.ocr(
      { window: win.ref, padding: 0, language: 'eng', timeoutMs: 90_000 },
      signal,
    );
    expect(ocr.text).toContain(LABEL);
    const line = ocr.lines.find((l) => l.text.includes('4096'));
    expect(line?.rect.x).toBeGreaterThanOrEqual(r.x);
    const hello = await backend.monitors(signal);
    expect(hello[0]?.rect.width).toBeGreaterThanOrEqual(r.x + r.width);
  } finally {
    await pixels.stop();
    await cache.stop();
    await backend.stop();
    await launched.app.stop();
  }
}, 150_000);

it('reads the same pixels through MIT-SHM as through XGetImage and ImageMagick', async () => {
  const signal = AbortSignal.timeout(120_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const launched = await launchAndWait(
    desktop,
    backend,
    'zenity',
    ['--info', '--title', 'Shm probe', '--text', LABEL],
    signal,
  );
  const shm = new X11Screen(desktop.env);
  const plain = new X11Screen(desktop.env, { shm: false });
  try {
    const [monitor] = await shm.monitors();
    if (monitor === undefined) throw new Error('no monitor');
    const win = launched.window.props.rect;
    if (win === null) throw new Error('the window has no bounds');
    // The whole screen, then an odd-sized part of the window (its rows have another stride).
    const part = { x: win.x + 3, y: win.y + 5, width: win.width - 7, height: win.height - 9 };
    for (const rect of [monitor.rect, part]) {
      const viaShm = await shm.capture({ rect }, signal);
      expect([shm.via, shm.shmUnavailable]).toEqual(['shm', null]);
      const viaGet = await plain.capture({ rect }, signal);
      expect(plain.via).toBe('getImage');
      expect([viaShm.width, viaShm.height]).toEqual([rect.width, rect.height]);
      expect(Buffer.from(viaShm.data).equals(Buffer.from(viaGet.data))).toBe(true);
      const rgb = await sharp(Buffer.from(viaShm.data), {
        raw: { width: rect.width, height: rect.height, channels: 4 },
      })
        .removeAlpha()
        .raw()
        .toBuffer();
      const crop = `${rect.width}x${rect.height}+${rect.x}+${rect.y}`;
      const theirs = await run(
        'import',
        ['-window', 'root', '-crop', crop, '-depth', '8', 'rgb:-'],
        {
          env: desktop.env,
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
          signal,
        },
      );
      expect(new Set(rgb).size).toBeGreaterThan(2);
      expect(rgb.equals(theirs.stdout)).toBe(true);
    }
  } finally {
    shm.close();
    plain.close();
    await backend.stop();
    await launched.app.stop();
  }
}, 150_000);

it('answers not_supported on a Wayland session, saying why', async () => {
  const screen = new X11Screen({ XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' });
  const rect = { x: 0, y: 0, width: 10, height: 10 };
  const err = await screen.capture({ rect }, AbortSignal.timeout(1_000)).catch((e: unknown) => e);
  expect(err).toMatchObject({ code: 'not_supported' });
  expect((err as Error).message).toMatch(/Wayland.*portal/);
});
