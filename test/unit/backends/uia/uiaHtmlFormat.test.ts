import { describe, expect, it } from 'vitest';
import { decodeCfHtml, encodeCfHtml } from '../../../../src/backends/uia/uiaHtmlFormat.js';

const text = (bytes: Uint8Array, from: number, to?: number): string =>
  Buffer.from(bytes.subarray(from, to)).toString('utf8');

function offset(bytes: Uint8Array, field: string): number {
  const match = new RegExp(`${field}:(\\d+)`).exec(text(bytes, 0, 200));
  if (match === null) throw new Error(`no ${field}`);
  return Number(match[1]);
}

describe('CF_HTML', () => {
  it('writes byte offsets that point at the document and the fragment', () => {
    const fragment = '<p>Grüße <b>✓</b> 日本語</p>';
    const bytes = encodeCfHtml(fragment);
    expect(text(bytes, offset(bytes, 'StartHTML'))).toMatch(/^<html><body>/);
    expect(offset(bytes, 'EndHTML')).toBe(bytes.byteLength);
    expect(text(bytes, offset(bytes, 'StartFragment'), offset(bytes, 'EndFragment'))).toBe(
      fragment,
    );
  });

  it('reads back what it wrote, a trailing NUL and garbage after it ignored', () => {
    const fragment = '<i>Привет</i>';
    const written = Buffer.concat([encodeCfHtml(fragment), Buffer.from('\0junk')]);
    expect(decodeCfHtml(written)).toBe(fragment);
  });

  it("reads another app's fragment by its offsets", () => {
    const body = '<html><body><!--StartFragment--><b>x</b><!--EndFragment--></body></html>';
    const head = 'Version:1.0\r\nStartHTML:-1\r\nEndHTML:-1\r\n';
    const start = `${head}StartFragment:0000000000\r\nEndFragment:0000000000\r\n`.length;
    const s = start + body.indexOf('<b>');
    const e = start + body.indexOf('<!--EndFragment');
    const pad = (n: number): string => String(n).padStart(10, '0');
    const data = `${head}StartFragment:${pad(s)}\r\nEndFragment:${pad(e)}\r\n${body}`;
    expect(decodeCfHtml(Buffer.from(data))).toBe('<b>x</b>');
  });

  it('falls back to the whole HTML part, or the text, without fragment offsets', () => {
    expect(decodeCfHtml(Buffer.from('Version:0.9\r\nStartHTML:0000000035\r\n<p>a</p>'))).toBe(
      '<p>a</p>',
    );
    expect(decodeCfHtml(Buffer.from('<p>plain</p>'))).toBe('<p>plain</p>');
  });
});
