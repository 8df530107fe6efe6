/**
 * Pixels tell the truth: a window covered by another one (an xclock placed over it, two
 * overlapping windows under Xvfb) is not captured or read by OCR as if the other window's pixels
 * were its own; the answer names what covers it. Once the window is raised it is read again.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { Pixels } from '../../src/pixels/service.js';
import { launchAndWait, sharedDesktop, startBackend, stopSharedDesktop } from '../atspi/harness.js';

const run = promisify(execFile);
const LABEL = 'Backup finished 4096 files';

afterAll(stopSharedDesktop);

it('answers that a covered window is covered, and by what; raised, it is read', async () => {
  const signal = AbortSignal.timeout(150_000);
  const desktop = await sharedDesktop();
  const backend = await startBackend(desktop, signal);
  const config = loadConfig({ backend: 'atspi' });
  const cache = createCache(backend, config.cache);
  const pixels = new Pixels({ backend, cache, config });
  const probe = await launchAndWait(
    desktop,
    backend,
    'zenity',
    ['--info', '--title', 'Covered probe', '--text', LABEL],
    signal,
  );
  const r = probe.window.props.rect;
  if (r === null) throw new Error('the window has no bounds');
  const clock = desktop.launch('xclock', ['-geometry', `${r.width}x${r.height}+${r.x}+${r.y}`]);
  try {
    // xdotool's --sync waits until the clock's window is mapped.
    await run('xdotool', ['search', '--sync', '--onlyvisible', '--class', 'XClock'], {
      env: desktop.env,
      signal,
    });
    await cache.start(signal);
    const win = cache.resolveWindow('Covered probe');
    const label = cache.find({
      name: LABEL,
      window: win.ref,
      nameMatch: 'equals',
      caseSensitive: true,
      maxResults: 1,
    }).elements[0];
    expect(label).toBeDefined();

    const shot = pixels.capture(
      { window: win.ref, padding: 0, format: 'png', quality: 80, marks: false },
      signal,
    );
    await expect(shot).rejects.toMatchObject({
      code: 'action_failed',
      details: { reason: 'covered', coveredBy: [expect.objectContaining({ title: 'xclock' })] },
    });
    const read = pixels.ocr(
      { ref: label!.ref, padding: 0, language: 'eng', timeoutMs: 60_000 },
      signal,
    );
    await expect(read).rejects.toMatchObject({ details: { reason: 'covered' } });

    await backend.activateWindow(cache.backendId(win.element)!, { signal });
    // Raised, the window repaints in its own time: read until its label shows, within the deadline.
    let text = '';
    while (!text.includes(LABEL)) {
      text = (
        await pixels.ocr(
          { window: win.ref, padding: 0, language: 'eng', timeoutMs: 60_000 },
          signal,
        )
      ).text;
    }
    expect(text).toContain(LABEL);
  } finally {
    await clock.stop();
    await pixels.stop();
    await cache.stop();
    await backend.stop();
    await probe.app.stop();
  }
}, 180_000);
