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
import type { CapturedImage } from '../../src/backends/backend.js';
import { bareEngine, type BareEngine } from './bareEngine.js';

const RUNS = 15;
/** Pairs of (our OCR, the bare engine) for the warm 300x60 read. */
const OCR_PAIRS = 15;

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

/**
 * Our warm OCR and the bare engine's read of the same image, started together in each pair so
 * both meet the same seconds of the machine (taken in turn, one pair's ratio ranged 0.4 to 2.6
 * under a load of 10 on 2 cores; side by side, 0.7 to 1.5): each pair's ratio, their median
 * and spread. Both times are therefore those of two reads sharing the machine.
 */
async function pairedOcr(ours: () => Promise<unknown>, engine: BareEngine, img: CapturedImage) {
  await ours();
  await engine.read(img);
  const oursMs: number[] = [];
  const engineMs: number[] = [];
  for (let i = 0; i < OCR_PAIRS; i++) {
    const timeOurs = async (): Promise<void> => {
      const t = performance.now();
      await ours();
      oursMs.push(performance.now() - t);
    };
    const [, engineTook] = await Promise.all([timeOurs(), engine.read(img)]);
    engineMs.push(engineTook);
  }
  const ratios = oursMs.map((t, i) => t / (engineMs[i] as number));
  return { ms: trialsOf(oursMs, 1), engineMs: trialsOf(engineMs, 1), vsEngine: trialsOf(ratios) };
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
    const marked = await p50(async () => await cap({ ...editor, marks: true }, ctx));
    const shot = await cap({ ...editor, maxWidth: 1280 }, ctx);
    const ocr = s.handlers['screen.ocr'];
    const small = { x: 46, y: 130, width: 300, height: 60 };
    const read0 = { padding: 0, language: 'eng', timeoutMs: 60_000 };
    const engine = await bareEngine();
    const smallImg = await s.sim.capture({ rect: small }, { signal: ctx.signal });
    const ocrSmall = await pairedOcr(
      async () => await ocr({ ...read0, rect: small }, ctx),
      engine,
      smallImg,
    ).finally(() => engine.stop());
    const area = { x: 46, y: 130, width: 640, height: 480 };
    const ocrWindow = await p50(async () => await ocr({ ...read0, rect: area }, ctx), 3);
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
      markedMs: marked,
      postActionAddedMs: Math.round((withShot.median - bare.median - delay) * 10) / 10,
      tokens: Math.round((shot.width * shot.height) / 750),
      ocrSmallMs: ocrSmall.ms,
      ocrSmallEngineMs: ocrSmall.engineMs,
      ocrSmallVsEngine: ocrSmall.vsEngine,
      ocrWindowMs: ocrWindow,
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
