/**
 * The clipboard capability of a backend: what the desktop's clipboard offers and who owns it,
 * reading one format, and writing a set of formats at once (the backend then owns the clipboard
 * until another app takes it). Content never leaves through `changes$`: formats and owner only.
 */
import type { Observable } from 'rxjs';
import type { ClipboardFormat, ClipboardOwner } from '../../protocol/src/index.js';

/** What the clipboard offers now and who put it there (null: nobody owns it). */
export interface ClipboardState {
  formats: ClipboardFormat[];
  owner: ClipboardOwner | null;
}

/** Data to put on the clipboard: any of the three, offered together. */
export interface ClipboardContent {
  text?: string;
  html?: string;
  /** PNG bytes. */
  image?: Uint8Array;
}

/** The formats `content` offers, in the protocol's order. */
export function formatsOf(content: ClipboardContent): ClipboardFormat[] {
  const formats: ClipboardFormat[] = [];
  if (content.text !== undefined) formats.push('text');
  if (content.html !== undefined) formats.push('html');
  if (content.image !== undefined) formats.push('image');
  return formats;
}

export interface BackendClipboard {
  state(signal: AbortSignal): Promise<ClipboardState>;
  /**
   * The data in one format (a string for text and html, PNG bytes for image), or undefined
   * when the clipboard does not offer it. `maxBytes` bounds what is accepted: more answers
   * InvalidParamsError before all of it is read.
   */
  read(
    format: ClipboardFormat,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<string | Uint8Array | undefined>;
  /** Own the clipboard with this content; resolves once the platform says we own it. */
  write(content: ClipboardContent, signal: AbortSignal): Promise<void>;
  /** Each change of formats or owner, made by anyone (the platform's own notification). */
  readonly changes$: Observable<ClipboardState>;
}
