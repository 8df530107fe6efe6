/**
 * clipboard.read and clipboard.write over the backend's clipboard capability. The access policy
 * decides first (--no-clipboard refuses both; read-only refuses the write through its kind; a
 * denied app's clipboard is not read), then the size: data crosses the wire in one frame, so
 * nothing larger than the frame limit is written or read. A write runs through the executor
 * (audit line, rate, cancel) and answers the formats read back from the platform afterwards.
 */
import type { ClipboardOwner, MethodParams, MethodResult } from '../../protocol/src/index.js';
import type {
  AccessibilityBackend,
  BackendClipboard,
  ClipboardContent,
} from '../backends/backend.js';
import { formatsOf } from '../backends/clipboard.js';
import type { UiCache } from '../cache/api.js';
import type { Config } from '../config.js';
import { ActionFailedError, InvalidParamsError, NotSupportedError } from '../errors.js';
import type { CallerContext, Executor } from '../executor/api.js';
import { wireBytes } from '../pixels/bytes.js';
import type { AccessPolicy } from '../policy/access.js';

export interface ClipboardDeps {
  backend: AccessibilityBackend;
  /** The whole cache (denied apps included): names the owner's app from its pid. */
  store: UiCache;
  executor: Executor;
  policy: AccessPolicy;
  config: Pick<Config, 'ws' | 'executor'>;
}

type Read = MethodResult<'clipboard.read'>;
type Written = MethodResult<'clipboard.write'>;

/** Long enough for tens of megabytes through INCR from a slow app; a hung owner is cut off. */
const DEADLINE_MS = 30_000;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const utf8 = new TextEncoder();

export class ClipboardService {
  constructor(private readonly deps: ClipboardDeps) {}

  /** Bytes of clipboard data one call may carry: the frame limit. */
  get limit(): number {
    return this.deps.config.ws.maxPayloadBytes;
  }

  async read(p: MethodParams<'clipboard.read'>, ctx: CallerContext): Promise<Read> {
    const clip = this.capability();
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(DEADLINE_MS)]);
    const state = await clip.state(signal);
    const owner = this.named(state.owner);
    this.deps.policy.checkClipboardOwner(owner);
    const base = { format: p.format, formats: state.formats, owner };
    if (!state.formats.includes(p.format)) return { ...base, bytes: 0 };
    const data = await clip.read(p.format, this.limit, signal);
    if (data === undefined) return { ...base, bytes: 0 };
    if (typeof data === 'string') return { ...base, data, bytes: utf8.encode(data).byteLength };
    return { ...base, data: wireBytes(data), bytes: data.byteLength };
  }

  async write(p: MethodParams<'clipboard.write'>, ctx: CallerContext): Promise<Written> {
    const clip = this.capability();
    const content = this.content(p);
    const formats = formatsOf(content);
    const bytes = sizeOf(content);
    if (bytes > this.limit) {
      throw new InvalidParamsError(
        `clipboard data is ${bytes} bytes, over the frame limit of ${this.limit}`,
        { details: { bytes, limit: this.limit }, recovery: ['Write less data at once'] },
      );
    }
    if (this.deps.policy.isDryRun(false)) return { formats, bytes, dryRun: true };
    return this.deps.executor.runOperation('clipboard.write', formats.join('+'), ctx, async (s) => {
      const signal = AbortSignal.any([s, AbortSignal.timeout(DEADLINE_MS)]);
      await clip.write(content, signal);
      const after = await clip.state(signal);
      const missing = formats.filter((f) => !after.formats.includes(f));
      if (missing.length > 0) {
        throw new ActionFailedError(`the clipboard does not offer ${missing.join(', ')}`, {
          details: { offered: after.formats },
        });
      }
      return { formats: after.formats, bytes };
    });
  }

  private capability(): BackendClipboard {
    this.deps.policy.checkClipboard();
    const clip = this.deps.backend.clipboard;
    if (clip === undefined) {
      throw new NotSupportedError(`the ${this.deps.backend.name} backend has no clipboard`);
    }
    return clip;
  }

  /** The owner with the app name the cache knows for its pid (what --deny-app matches). */
  private named(owner: ClipboardOwner | null): ClipboardOwner | null {
    if (owner?.pid === undefined) return owner;
    const win = this.deps.store
      .windowsList({ includeMinimized: true })
      .windows.find((w) => w.pid === owner.pid);
    return win === undefined ? owner : { ...owner, app: win.app };
  }

  private content(p: MethodParams<'clipboard.write'>): ClipboardContent {
    const content: ClipboardContent = {};
    if (p.text !== undefined) content.text = p.text;
    if (p.html !== undefined) content.html = p.html;
    if (p.image !== undefined) content.image = pngOf(p.image);
    if (formatsOf(content).length === 0) throw new InvalidParamsError('give text, html or image');
    return content;
  }
}

function pngOf(image: string | Uint8Array): Uint8Array {
  const bytes = typeof image === 'string' ? Buffer.from(image, 'base64') : image;
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    throw new InvalidParamsError('image must be PNG bytes (base64 in JSON)', {
      details: { path: 'image' },
    });
  }
  return bytes;
}

function sizeOf(content: ClipboardContent): number {
  const text = content.text === undefined ? 0 : utf8.encode(content.text).byteLength;
  const html = content.html === undefined ? 0 : utf8.encode(content.html).byteLength;
  return text + html + (content.image?.byteLength ?? 0);
}
