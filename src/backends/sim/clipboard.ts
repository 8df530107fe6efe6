/**
 * The sim desktop's clipboard: one set of formats and the app that put it there, as on a real
 * desktop. Ctrl+C / Ctrl+X in a sim edit make its app the owner; a write through the backend
 * makes the server (no app) the owner. Each change is announced with formats and owner only.
 */
import { Subject, type Observable } from 'rxjs';
import type { ClipboardFormat, ClipboardOwner } from '../../../protocol/src/index.js';
import { InvalidParamsError, throwIfAborted } from '../../errors.js';
import type { BackendClipboard, ClipboardContent, ClipboardState } from '../clipboard.js';

/** The pid the server's own writes are owned by in the sim (no sim app has it). */
export const SERVER_OWNER: ClipboardOwner = { app: 'uistream' };

export class SimClipboard implements BackendClipboard {
  private content: ClipboardContent = {};
  private owner: ClipboardOwner | null = null;
  private readonly changes = new Subject<ClipboardState>();
  readonly changes$: Observable<ClipboardState> = this.changes.asObservable();

  /** The text a paste inserts ('' when the clipboard holds no text). */
  get text(): string {
    return this.content.text ?? '';
  }

  /** Replace the content; `owner` is the app that copied (null: cleared). */
  set(content: ClipboardContent, owner: ClipboardOwner | null): void {
    this.content = { ...content };
    this.owner = owner;
    this.changes.next(this.snapshot());
  }

  state(signal: AbortSignal): Promise<ClipboardState> {
    throwIfAborted(signal);
    return Promise.resolve(this.snapshot());
  }

  read(
    format: ClipboardFormat,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<string | Uint8Array | undefined> {
    throwIfAborted(signal);
    const data = format === 'image' ? this.content.image : this.content[format];
    const size = typeof data === 'string' ? Buffer.byteLength(data) : (data?.byteLength ?? 0);
    if (size > maxBytes) {
      throw new InvalidParamsError(
        `the clipboard holds ${size} bytes, over the limit ${maxBytes}`,
        {
          details: { bytes: size, limit: maxBytes },
        },
      );
    }
    return Promise.resolve(data);
  }

  write(content: ClipboardContent, signal: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    this.set(content, SERVER_OWNER);
    return Promise.resolve();
  }

  complete(): void {
    this.changes.complete();
  }

  private snapshot(): ClipboardState {
    const formats: ClipboardFormat[] = [];
    if (this.content.text !== undefined) formats.push('text');
    if (this.content.html !== undefined) formats.push('html');
    if (this.content.image !== undefined) formats.push('image');
    return { formats, owner: this.owner === null ? null : { ...this.owner } };
  }
}
