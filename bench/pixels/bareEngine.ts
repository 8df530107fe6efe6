/**
 * The OCR engine on its own: a tesseract.js worker started as the pixels service's pool starts
 * one (same language data, engine mode and resolution), asked for the same outputs, given the
 * very image the service hands its engine. The baseline of the warm OCR target: what the
 * engine takes to read that image, so the ratio is what our path adds around it (capture,
 * grey and zoom, the pool, shaping the answer).
 */
import { createRequire } from 'node:module';
import { createWorker, OEM } from 'tesseract.js';
import type { CapturedImage } from '../../src/backends/backend.js';
import { ocrInput } from '../../src/pixels/encode.js';
import { ocrZoom } from '../../src/pixels/service.js';

const require = createRequire(import.meta.url);

export interface BareEngine {
  /** Milliseconds the engine takes to read the image the service would hand it for `img`. */
  read(img: CapturedImage): Promise<number>;
  stop(): Promise<unknown>;
}

export async function bareEngine(): Promise<BareEngine> {
  const { langPath } = require('@tesseract.js-data/eng') as { langPath: string };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
  });
  await worker.setParameters({ user_defined_dpi: '96' });
  return {
    read: async (img) => {
      const image = await ocrInput(img, ocrZoom(img.rect));
      const start = performance.now();
      await worker.recognize(image, {}, { blocks: true, text: true });
      return performance.now() - start;
    },
    stop: () => worker.terminate(),
  };
}
