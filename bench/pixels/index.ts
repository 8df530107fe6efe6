/**
 * Pixels benchmark: X11 capture + PNG encode of a real 1280x1024 Xvfb screen and of a 640x480
 * area (through the atspi backend's X11 capture), the marks overlay's added cost and warm OCR
 * on the simulated desktop, the OCR word rate against the sim editor's ground truth, and the
 * image tokens of a default window screenshot, and what a post-action screenshot adds to an
 * action beyond its settle delay. Each timing is the median of its runs, with their spread.
 * Prints ONE JSON line; exits non-zero when a target is missed.
 */
import { startDesktop } from '../../scripts/desktop/session.js';
import { createAtspiBackend } from '../../src/backends/atspi/index.js';
import { createCache } from '../../src/cache/index.js';
import { loadConfig } from '../../src/config.js';
import { Pixels } from '../../src/pixels/service.js';
import { referenceMs } from '../lib/reference.js';
import { trialsOf, type Trials } from '../lib/stats.js';
import { printLine } from '../lib/targets.js';
import { EDITOR_TEXT, startPixelsServer, words } from '../../scripts/harness/pixels.js';
import { bareEngine } from './bareEngine.js';
import { interleaved, sideBySideOcr } from './pairs.js';

const RUNS = 15;
/** Pairs of (our OCR, the bare engine) for the warm 300x60 read; the 640x480 read is slower. */
const OCR_PAIRS = 15;
const OCR_WINDOW_PAIRS = 5;
/** Pairs of (marked, plain) captures of the editor window. */
const MARK_PAIRS = 21;

async function p50(work: () => Promise<unknown>, runs = RUNS): Promise<Trials> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  return trialsOf(times, 1);
}

const png = { padding: 0, format: 'png' as const, quality: 80, marks: false };

async function x11Figures() {
  const signal = AbortSignal.timeout(120_000);
  const desktop = await startDesktop(signal);
  const backend = createAtspiBackend({ env: desktop.env, a11yBusAddress: desktop.a11yBusAddress });
  try {
    await backend.start(signal);
    const config = loadConfig({ backend: 'atspi' });
    const cache = createCache(backend, config.cache);
    await cache.start(signal);
    const pixels = new Pixels({ backend, cache, config });
    const screen = await p50(() => pixels.capture(png, signal));
    const rect = { x: 100, y: 100, width: 640, height: 480 };
    const window = await p50(() => pixels.capture({ ...png, rect }, signal));
    await cache.stop();
    return { screenMs: screen, windowMs: window };
  } finally {
    await backend.stop();
    await desktop.stop();
  }
}

async function simFigures() {
  const s = await startPixelsServer();
  const ctx = { clientId: 'bench', signal: AbortSignal.timeout(300_000) };
  try {
    const cap = s.handlers['screen.capture'];
    const editor = { ...png, window: 'Editor' };
    const plain = await p50(async () => await cap(editor, ctx));
    const marks = await interleaved(
      async () => await cap({ ...editor, marks: true }, ctx),
      async () => await cap(editor, ctx),
      MARK_PAIRS,
    );
    const shot = await cap({ ...editor, maxWidth: 1280 }, ctx);
    const ocr = s.handlers['screen.ocr'];
    const small = { x: 46, y: 130, width: 300, height: 60 };
    const read0 = { padding: 0, language: 'eng', timeoutMs: 60_000 };
    const engine = await bareEngine();
    const area = { x: 46, y: 130, width: 640, height: 480 };
    const readVsEngine = async (rect: typeof area, pairs: number) => {
      const img = await s.sim.capture({ rect }, { signal: ctx.signal });
      return await sideBySideOcr(
        async () => await ocr({ ...read0, rect }, ctx),
        engine,
        img,
        pairs,
      );
    };
    const ocrSmall = await readVsEngine(small, OCR_PAIRS).catch(async (e: unknown) => {
      await engine.stop();
      throw e;
    });
    const ocrWindow = await readVsEngine(area, OCR_WINDOW_PAIRS).finally(() => engine.stop());
    const read = await ocr({ ...read0, rect: area }, ctx);
    const seen = new Set(words(read.text));
    const truth = words(EDITOR_TEXT);
    const rate = truth.filter((w) => seen.has(w)).length / truth.length;
    // Last: the action changes the editor's text, the OCR ground truth.
    const act = s.handlers['actions.setValue'];
    const base = { target: { automationId: 'editor.text' }, value: 'bench', waitMs: 0 };
    const opts = { dryRun: false, allowInput: true, includePatches: false };
    const bare = await p50(async () => await act({ ...base, ...opts }, ctx));
    const delay = 150;
    const withShot = await p50(
      async () => await act({ ...base, ...opts, screenshot: true, screenshotDelayMs: delay }, ctx),
    );
    return {
      plainMs: plain,
      markedMs: marks.ms,
      markedPlainMs: marks.baseMs,
      markedVsPlain: marks.ratio,
      postActionAddedMs: Math.round((withShot.median - bare.median - delay) * 10) / 10,
      tokens: Math.round((shot.width * shot.height) / 750),
      ocrSmallMs: ocrSmall.ms,
      ocrSmallEngineMs: ocrSmall.baseMs,
      ocrSmallVsEngine: ocrSmall.ratio,
      ocrWindowMs: ocrWindow.ms,
      ocrWindowEngineMs: ocrWindow.baseMs,
      ocrWindowVsEngine: ocrWindow.ratio,
      wordRate: Math.round(rate * 1000) / 1000,
    };
  } finally {
    await s.close();
  }
}

const x11 = await x11Figures();
const sim = await simFigures();
printLine('pixels', { referenceMs: referenceMs(), x11, sim });
process.exit();
