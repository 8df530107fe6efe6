/**
 * Between the clipboard's formats (text, html, image) and the X selection targets that carry
 * them: which formats a list of targets offers, the best target for a format, and text decoded
 * as apps put it.
 */
import type { ClipboardFormat } from '../../../protocol/src/index.js';
import type { ClipboardAtoms } from './x11ClipboardServe.js';

export function formatsOfTargets(targets: number[], a: ClipboardAtoms): ClipboardFormat[] {
  const formats: ClipboardFormat[] = [];
  const textual = [a.UTF8_STRING, a.TEXT_PLAIN_UTF8, a.STRING, a.TEXT, a.TEXT_PLAIN];
  if (targets.some((t) => textual.includes(t))) formats.push('text');
  if (targets.includes(a.HTML)) formats.push('html');
  if (targets.includes(a.PNG)) formats.push('image');
  return formats;
}

/** The best target for a format among those offered (UTF-8 text before Latin-1). */
export function pickTarget(format: ClipboardFormat, targets: number[], a: ClipboardAtoms) {
  const order =
    format === 'text'
      ? [a.UTF8_STRING, a.TEXT_PLAIN_UTF8, a.STRING, a.TEXT_PLAIN]
      : format === 'html'
        ? [a.HTML]
        : [a.PNG];
  return order.find((t) => targets.includes(t));
}

/** Text as apps put it: UTF-8, or UTF-16 with a byte-order mark (Firefox's text/html). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}
