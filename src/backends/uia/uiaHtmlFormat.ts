/**
 * The Windows clipboard's "HTML Format" (CF_HTML): a UTF-8 header of byte offsets, then an HTML
 * document whose fragment lies between StartFragment and EndFragment. Other apps paste the
 * fragment; what was written is what reads back. Pure: no platform code.
 */

const utf8 = new TextEncoder();
const PREFIX = '<html><body>\r\n<!--StartFragment-->';
const SUFFIX = '<!--EndFragment-->\r\n</body></html>';
const FIELDS = ['StartHTML', 'EndHTML', 'StartFragment', 'EndFragment'] as const;

/** 10 digits per offset, so the header's own length does not depend on the offsets. */
function header(offsets: readonly number[]): string {
  const pad = (n: number): string => String(n).padStart(10, '0');
  return `Version:0.9\r\n${FIELDS.map((f, i) => `${f}:${pad(offsets[i] ?? 0)}\r\n`).join('')}`;
}

/** An HTML fragment as CF_HTML bytes (UTF-8, no terminating NUL). */
export function encodeCfHtml(fragment: string): Uint8Array {
  const headLength = utf8.encode(header([0, 0, 0, 0])).byteLength;
  const startFragment = headLength + utf8.encode(PREFIX).byteLength;
  const endFragment = startFragment + utf8.encode(fragment).byteLength;
  const endHtml = endFragment + utf8.encode(SUFFIX).byteLength;
  const head = header([headLength, endHtml, startFragment, endFragment]);
  return utf8.encode(`${head}${PREFIX}${fragment}${SUFFIX}`);
}

function offsetOf(head: string, field: string): number | undefined {
  const match = new RegExp(`(?:^|\\n)${field}:(-?\\d+)`).exec(head);
  if (match === null) return undefined;
  const n = Number(match[1]);
  return n >= 0 ? n : undefined;
}

/**
 * The fragment of CF_HTML bytes (a trailing NUL and what follows it ignored); the whole HTML
 * part where the fragment offsets are missing or wrong; the bytes as text without a header.
 */
export function decodeCfHtml(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  const data = nul >= 0 ? bytes.subarray(0, nul) : bytes;
  const text = (from: number, to: number): string =>
    Buffer.from(data.subarray(from, to)).toString('utf8');
  const head = text(0, Math.min(data.byteLength, 400));
  const start = offsetOf(head, 'StartFragment');
  const end = offsetOf(head, 'EndFragment');
  if (start !== undefined && end !== undefined && start <= end && end <= data.byteLength)
    return text(start, end);
  const html = offsetOf(head, 'StartHTML');
  if (html !== undefined && html <= data.byteLength) return text(html, data.byteLength);
  return text(0, data.byteLength);
}
