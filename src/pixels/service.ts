/**
 * The pixels service the method table calls: capture (with deny-list blackout and marks),
 * OCR and the OCR status. It sees a platform only through the backend contract's optional
 * `capture`/`monitors`, and the desktop's structure only through the cache.
 */
import type { MethodParams, MethodResult, Rect, VisualMatch } from '../../protocol/src/index.js';
import type { AccessibilityBackend, CapturedImage, MonitorInfo } from '../backends/backend.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import { InvalidParamsError, NotSupportedError, UiError, throwIfAborted } from '../errors.js';
import { AccessPolicy } from '../policy/access.js';
import { resolveArea, intersect, type Area, type AreaParams } from './area.js';
import { wireBytes } from './bytes.js';
import { blackOut, encodeImage, ocrInput } from './encode.js';
import { paintMarks, type RgbaImage } from './mark-paint.js';
import { collectMarks } from './marks.js';
import { matchLine, textPredicate } from './find-text.js';
import { OcrPool, poolSize, type OcrBox } from './ocr-pool.js';

export interface PixelsDeps {
  backend: AccessibilityBackend;
  /** The whole cache: denied windows must be seen to be blacked out. */
  cache: UiCache;
  config: Config;
  /** Capture privacy and the deny list; default: the policy the config sets. */
  policy?: AccessPolicy;
}

/** The visual fallback gives up after this long (it may read several windows). */
const VISUAL_TIMEOUT_MS = 30_000;
/** Windows the visual fallback reads at most when the query names none. */
const VISUAL_MAX_WINDOWS = 8;

function centre(r: Rect): { x: number; y: number } {
  return { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) };
}

/** The windows a visual search reads: the named one, the app's, or all on screen. */
function visualWindows(cache: UiCache, p: MethodParams<'elements.find'>): string[] {
  if (p.window !== undefined) return [cache.resolveWindow(p.window).ref];
  const all = cache.windowsList({
    includeMinimized: false,
    ...(p.app === undefined ? {} : { app: p.app }),
  });
  const onScreen = all.windows.filter((w) => w.rect !== null);
  onScreen.sort((a, b) => Number(b.foreground) - Number(a.foreground));
  return onScreen.slice(0, VISUAL_MAX_WINDOWS).map((w) => w.ref);
}

/** Small UI text reads far better enlarged; large areas are read as they are (cost). */
export function ocrZoom(r: Rect): number {
  return r.width * r.height <= 60_000 ? 2 : 1;
}

export class Pixels {
  private readonly pool: OcrPool;
  private readonly policy: AccessPolicy;

  constructor(private readonly deps: PixelsDeps) {
    this.pool = new OcrPool(deps.config.pixels.ocrWorkers ?? poolSize());
    this.policy = deps.policy ?? AccessPolicy.of(deps.config);
  }

  get enabled(): boolean {
    return this.policy.captureEnabled;
  }

  /** Whether the backend can capture at all (sim, X11 and UIA's GDI can; Wayland cannot). */
  get canCapture(): boolean {
    return this.deps.backend.capture !== undefined;
  }

  async monitors(signal: AbortSignal): Promise<MonitorInfo[]> {
    const { backend } = this.deps;
    if (backend.monitors === undefined) return [];
    return backend.monitors(signal);
  }

  async capture(
    p: MethodParams<'screen.capture'>,
    signal: AbortSignal,
  ): Promise<MethodResult<'screen.capture'>> {
    const { img, area, blackedOut } = await this.grab(p, signal);
    const marks = p.marks ? collectMarks(this.markSource(area), img.rect) : undefined;
    const overlay =
      marks === undefined
        ? undefined
        : (image: RgbaImage, f: number) => paintMarks(image, marks, img.rect, f);
    const out = await encodeImage(img, { ...p, overlay });
    return {
      revision: this.deps.cache.revision,
      format: p.format,
      mimeType: out.mimeType,
      width: out.width,
      height: out.height,
      rect: img.rect,
      scale: out.factor,
      data: wireBytes(out.bytes),
      ...(marks === undefined ? {} : { marks }),
      blackedOut,
    };
  }

  async ocr(
    p: MethodParams<'screen.ocr'>,
    signal: AbortSignal,
  ): Promise<MethodResult<'screen.ocr'>> {
    const started = performance.now();
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(p.timeoutMs)]);
    const { rect, page, toScreen } = await this.read(p, p.language, deadline);
    const box = (w: OcrBox) => ({
      text: w.text,
      confidence: Math.round(w.confidence * 10) / 10,
      rect: toScreen(w.bbox),
    });
    const words = page.words.filter((w) => w.text.trim() !== '').map(box);
    if (words.length === 0) {
      throw new UiError('no_text_found', 'no text was recognised in the region', {
        details: { rect },
      });
    }
    return {
      revision: this.deps.cache.revision,
      rect,
      language: p.language,
      text: page.text.trim(),
      lines: page.lines.filter((l) => l.text !== '').map(box),
      words,
      durationMs: Math.round(performance.now() - started),
    };
  }

  /**
   * elements.find's visual fallback: the name looked for in the OCR'd text of the window(s)
   * the query names, else of every window on screen (foreground first).
   */
  async findText(p: MethodParams<'elements.find'>, signal: AbortSignal): Promise<VisualMatch[]> {
    if (p.name === undefined || p.name.trim() === '') {
      throw new InvalidParamsError('visual: true needs a name to look for on screen');
    }
    const matches = textPredicate({
      name: p.name,
      nameMatch: p.nameMatch,
      caseSensitive: p.caseSensitive,
    });
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(VISUAL_TIMEOUT_MS)]);
    const found = new Map<string, VisualMatch>();
    for (const window of visualWindows(this.deps.cache, p)) {
      const { page, toScreen } = await this.read({ window, padding: 0 }, 'eng', deadline);
      for (const line of page.lines) {
        const words = line.words.map((w) => ({ ...w, rect: toScreen(w.bbox) }));
        for (const m of matchLine(words, matches)) {
          const target = centre(m.rect);
          const at = this.deps.cache.at(target).element?.window ?? window;
          found.set(JSON.stringify(m.rect), {
            ...m,
            confidence: Math.round(m.confidence),
            target,
            window: at,
          });
        }
      }
      if (found.size >= p.maxResults) break;
    }
    return [...found.values()].slice(0, p.maxResults);
  }

  /** Capture an area and recognise it; boxes map back to screen coordinates. */
  private async read(p: AreaParams, language: string, signal: AbortSignal) {
    this.pool.checkLanguage(language);
    const { img } = await this.grab(p, signal);
    const zoom = ocrZoom(img.rect);
    const page = await this.pool.recognize(await ocrInput(img, zoom), language, signal);
    const toScreen = (b: { x0: number; y0: number; x1: number; y1: number }): Rect => ({
      x: img.rect.x + Math.round(b.x0 / zoom),
      y: img.rect.y + Math.round(b.y0 / zoom),
      width: Math.round((b.x1 - b.x0) / zoom),
      height: Math.round((b.y1 - b.y0) / zoom),
    });
    return { rect: img.rect, page, toScreen };
  }

  ocrStatus(): MethodResult<'screen.ocrStatus'> {
    return { enabled: this.enabled, engine: 'tesseract.js', ...this.pool.status() };
  }

  stop(): Promise<void> {
    return this.pool.stop();
  }

  /** Capture the area, with the windows of denied apps painted black. */
  private async grab(p: AreaParams, signal: AbortSignal) {
    this.policy.checkCapture();
    const { backend, cache } = this.deps;
    if (backend.capture === undefined) {
      throw new NotSupportedError(`the ${backend.name} backend cannot capture the screen`);
    }
    throwIfAborted(signal);
    const area: Area = resolveArea(cache, p, await this.monitors(signal));
    const img: CapturedImage = await backend.capture(
      { rect: area.rect, ...(area.windowId === undefined ? {} : { windowId: area.windowId }) },
      { signal },
    );
    const blackedOut = this.blackOutDenied(img);
    return { img, area, blackedOut };
  }

  private blackOutDenied(img: CapturedImage): number {
    if (!this.policy.hasDenyList) return 0;
    const rects: Rect[] = [];
    for (const w of this.deps.cache.windowsList({ includeMinimized: false }).windows) {
      const denied = this.policy.deniesApp(w.app, w.pid);
      const hit = denied && w.rect !== null ? intersect(w.rect, img.rect) : null;
      if (hit !== null) rects.push({ ...hit, x: hit.x - img.rect.x, y: hit.y - img.rect.y });
    }
    blackOut(img, rects);
    return rects.length;
  }

  private markSource(area: Area) {
    const { cache } = this.deps;
    return {
      nodes: () => {
        const wins = cache.windowsList({ includeMinimized: false }).windows;
        const chosen =
          area.windowRef === undefined ? wins : wins.filter((w) => w.ref === area.windowRef);
        return chosen.flatMap((w) => cache.subtree(w.element).nodes);
      },
      windowAt: (x: number, y: number) => cache.at({ x, y }).element?.window ?? null,
    };
  }
}
