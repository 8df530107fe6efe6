/**
 * The Wine proof's capture checks: GDI capture of notepad's window through the real host, its
 * monitors, a covered window (PrintWindow, or the screen where it draws nothing), and the typed errors of bad requests. Sizes
 * are compared with Win32's own GetWindowRect, never with the backend's answer alone.
 */
import type { CapturedImage } from '../../src/backends/backend.js';
import type { HostCapture } from '../../src/backends/uia/uiaWin32Capture.js';
import { editRect, startNotepad, windowBounds } from './notepad.js';
import type { ProofContext } from './proofMore.js';
import { until, assert, expectCode } from './proofSupport.js';

const signal = (ms = 20_000): AbortSignal => AbortSignal.timeout(ms);

/** Distinct RGBA values, and whether every pixel is black. */
function colours(data: Uint8Array): { distinct: number; allBlack: boolean } {
  const aligned = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  const seen = new Set<number>();
  let allBlack = true;
  for (const w of words) {
    if (seen.size < 10_000) seen.add(w);
    if ((w & 0xffffff) !== 0) allBlack = false;
  }
  return { distinct: seen.size, allBlack };
}

/** Pixels whose RGB differ between two images of the same size. */
function differing(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) n++;
  }
  return n;
}

function pixel(img: CapturedImage, x: number, y: number): number[] {
  const i = ((y - img.rect.y) * img.width + (x - img.rect.x)) * 4;
  return [...img.data.subarray(i, i + 3)];
}

export async function pixelsChecks(p: ProofContext): Promise<void> {
  const { backend, win } = p;
  await p.check('monitors: the virtual desktop (1280x1024) is one monitor', async () => {
    const monitors = await backend.monitors(signal());
    assert(monitors.length >= 1, 'no monitor');
    assert(
      monitors.some((m) => m.rect.width === 1280 && m.rect.height === 1024),
      `monitors ${JSON.stringify(monitors)}`,
    );
    return JSON.stringify(monitors);
  });
  await p.check('capture: notepad’s window by GDI, its size, not blank', async () => {
    await backend.focus(win.id, { signal: signal() });
    const [node] = await backend.fetchSubtree(win.id, { signal: signal(), maxDepth: 0 });
    const rect = node?.props.rect;
    assert(rect !== null && rect !== undefined, 'the window has no bounds');
    const bounds = windowBounds(win.hwnd);
    assert(
      JSON.stringify(rect) === JSON.stringify(bounds),
      `UIA ${JSON.stringify(rect)} vs Win32 ${JSON.stringify(bounds)}`,
    );
    const started = performance.now();
    const img = await backend.capture({ rect, windowId: win.id }, { signal: signal() });
    p.measurements['captureWindowMs'] = Math.round(performance.now() - started);
    assert(
      img.width === bounds.width && img.height === bounds.height,
      `image ${img.width}x${img.height}, window ${bounds.width}x${bounds.height}`,
    );
    assert(img.data.length === img.width * img.height * 4, `${img.data.length} bytes`);
    const { distinct, allBlack } = colours(img.data);
    assert(distinct > 1 && !allBlack, `${distinct} colours, all black: ${allBlack}`);
    // The edit control's inside, away from the typed text, is its white background.
    const edit = editRect(win.hwnd);
    const inside = pixel(img, edit.right - 12, Math.min(edit.top + 120, rect.y + rect.height - 12));
    assert(
      inside.every((c) => c >= 240),
      `edit background ${JSON.stringify(inside)}`,
    );
    return `${img.width}x${img.height}, ${distinct} colours, edit background ${JSON.stringify(inside)}`;
  });
  const second = startNotepad();
  try {
    await p.check('capture: a covered window, by PrintWindow or else the screen', async () => {
      const other = await until('a covering notepad', 20_000, async () =>
        (await backend.listWindows({ app: 'notepad' }, { signal: signal() })).find(
          (w) => w.hwnd !== win.hwnd,
        ),
      );
      await backend.focus(other.id, { signal: signal() });
      const a = windowBounds(win.hwnd);
      const b = windowBounds(other.hwnd);
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      assert(overlap, `the windows do not overlap: ${JSON.stringify([a, b])}`);
      const shot = (await backend.supervisor.call(
        'capture',
        { rect: a, windowId: win.id },
        signal(),
      )) as HostCapture;
      const { distinct, allBlack } = colours(shot.data);
      assert(shot.width === a.width && shot.height === a.height, `${shot.width}x${shot.height}`);
      assert(distinct > 1 && !allBlack, `${distinct} colours, all black: ${allBlack}`);
      // Wine's PrintWindow leaves the DC black for notepad: the screen's pixels must stay
      // then (all but the covering notepad's blinking caret, well under 1% of the area).
      const plain = (await backend.supervisor.call(
        'capture',
        { rect: a, windowId: null },
        signal(),
      )) as HostCapture;
      const changed = differing(plain.data, shot.data);
      const same = changed < (a.width * a.height) / 100;
      assert(shot.via === 'printWindow' || same, `drawn by ${shot.via}, ${changed} pixels differ`);
      p.measurements['coveredWindowVia'] = shot.via;
      return `via ${shot.via}, ${distinct} colours, ${changed} pixels differ from the screen`;
    });
  } finally {
    second.kill();
  }
  await p.check('capture: bad requests are typed errors', async () => {
    const codes = [
      await expectCode(
        backend.capture({ rect: { x: 0, y: 0, width: 0, height: 10 } }, { signal: signal() }),
        ['invalid_params'],
      ),
      await expectCode(
        backend.capture(
          { rect: { x: 0, y: 0, width: 10, height: 10 } },
          { signal: AbortSignal.abort() },
        ),
        ['cancelled', 'timeout'],
      ),
    ];
    return codes.join(', ');
  });
}
