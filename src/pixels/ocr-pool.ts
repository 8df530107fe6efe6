/**
 * The OCR worker pool: tesseract.js workers with the English data from the npm package (nothing
 * downloaded at run time), started lazily on the first request, reused, sized to the machine.
 * Every job has a deadline and an AbortSignal; an aborted job's worker is terminated (a
 * recognition cannot be interrupted otherwise) and replaced on demand, so no caller waits on it.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { UiError, raceSignal } from '../errors.js';

const require = createRequire(import.meta.url);

/** Languages whose data ships as an npm package, with the path of that data. */
function installedLanguages(): Map<string, string> {
  const found = new Map<string, string>();
  try {
    const eng = require('@tesseract.js-data/eng') as { langPath: string };
    found.set('eng', eng.langPath);
  } catch {
    // The data package is missing: OCR answers language_not_supported.
  }
  return found;
}

export interface OcrBox {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrLine extends OcrBox {
  words: OcrBox[];
}

export interface OcrPage {
  text: string;
  lines: OcrLine[];
  words: OcrBox[];
}

interface PageData {
  text: string;
  blocks: { paragraphs: { lines: (OcrBox & { words: OcrBox[] })[] }[] }[] | null;
}

export function poolSize(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export class OcrPool {
  private readonly languages = installedLanguages();
  private readonly idle: Worker[] = [];
  private started = 0;
  private busy = 0;
  private readonly waiting: { give: (w: Worker) => void; signal: AbortSignal }[] = [];
  private stopped = false;

  constructor(readonly max = poolSize()) {}

  status() {
    return {
      languages: [...this.languages.keys()],
      workers: {
        max: this.max,
        started: this.started,
        busy: this.busy,
        queued: this.waiting.length,
      },
    };
  }

  checkLanguage(language: string): string {
    const path = this.languages.get(language);
    if (path === undefined) {
      throw new UiError('language_not_supported', `OCR language "${language}" is not installed`, {
        details: { language, installed: [...this.languages.keys()] },
      });
    }
    return path;
  }

  /** Recognise one image (PNG or PGM bytes). */
  async recognize(image: Buffer, language: string, signal: AbortSignal): Promise<OcrPage> {
    this.checkLanguage(language);
    const worker = await raceSignal(this.acquire(language, signal), signal);
    this.busy++;
    let healthy = true;
    const onAbort = (): void => {
      healthy = false;
      void worker.terminate();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const run = worker.recognize(image, {}, { blocks: true, text: true });
      const result = await raceSignal(run, signal);
      return flatten(result.data);
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.busy--;
      if (healthy && !signal.aborted) this.release(worker);
      else this.started--;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const all = this.idle.splice(0);
    this.started -= all.length;
    await Promise.all(all.map((w) => w.terminate()));
  }

  /** A worker for this job; one that arrives after the job gave up goes back to the pool. */
  private async acquire(language: string, signal: AbortSignal): Promise<Worker> {
    if (this.stopped) throw new UiError('backend_unavailable', 'the OCR pool is stopped');
    const ready = this.idle.pop();
    if (ready !== undefined) return ready;
    if (this.started < this.max) {
      this.started++;
      try {
        const worker = await createWorker(language, OEM.LSTM_ONLY, {
          langPath: this.checkLanguage(language),
          gzip: true,
          cacheMethod: 'none',
        });
        // Screens carry no resolution; tell the engine a typical one instead of letting it guess.
        await worker.setParameters({ user_defined_dpi: '96' });
        if (signal.aborted) this.release(worker);
        return worker;
      } catch (err) {
        this.started--;
        throw new UiError('internal', 'the OCR engine failed to start', { cause: err });
      }
    }
    return new Promise((give) => this.waiting.push({ give, signal }));
  }

  private release(worker: Worker): void {
    let next = this.waiting.shift();
    while (next !== undefined && next.signal.aborted) next = this.waiting.shift();
    if (next !== undefined) next.give(worker);
    else if (this.stopped) void worker.terminate();
    else this.idle.push(worker);
  }
}

function flatten(data: PageData): OcrPage {
  const lines: OcrLine[] = [];
  const words: OcrBox[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const own = line.words.map((w) => ({
          text: w.text,
          confidence: w.confidence,
          bbox: w.bbox,
        }));
        lines.push({
          text: line.text.trim(),
          confidence: line.confidence,
          bbox: line.bbox,
          words: own,
        });
        words.push(...own);
      }
    }
  }
  return { text: data.text, lines, words };
}
