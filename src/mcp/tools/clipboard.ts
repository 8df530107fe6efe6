/**
 * ui_clipboard: one tool for both clipboard methods (op read | write), kept small: the text or
 * HTML comes back as the answer's text, an image as an image block; never the data twice.
 */
import { z } from 'zod';
import { ClipboardFormat, type ClipboardReadResult } from '../../../protocol/src/index.js';
import { toBase64 } from '../../pixels/bytes.js';
import { callMethod } from '../call.js';
import { defineTool, type ToolAnswer } from '../types.js';

export const ClipboardToolInput = z.object({
  op: z.enum(['read', 'write']).describe('Op'),
  format: ClipboardFormat.optional().describe('read (default text)'),
  // As long as ui_type's text (ui_automation's clipboard action shares the parameter); the
  // clipboard.write method itself is bounded by the frame limit only.
  text: z.string().max(100_000).optional().describe('write'),
  html: z.string().optional().describe('write'),
  image: z.string().optional().describe('write: PNG base64'),
});
export type ClipboardToolInput = z.output<typeof ClipboardToolInput>;

const ClipboardToolOutput = z.object({
  formats: z.array(ClipboardFormat),
  bytes: z.number().int(),
  owner: z.string().optional(),
});
type Output = z.output<typeof ClipboardToolOutput>;

function readAnswer(r: ClipboardReadResult): ToolAnswer<Output> {
  const owner = r.owner?.app ?? (r.owner?.pid === undefined ? undefined : String(r.owner.pid));
  const structured: Output = { formats: r.formats, bytes: r.bytes };
  if (owner !== undefined) structured.owner = owner;
  const head = `formats ${r.formats.join(',') || 'none'}; owner ${owner ?? '-'}`;
  if (r.data === undefined) return { text: `${head}\nno ${r.format} on the clipboard`, structured };
  if (r.format !== 'image') return { text: `${head}\n${r.data as string}`, structured };
  const images = [{ data: toBase64(r.data), mimeType: 'image/png' }];
  return { text: `${head}\nimage/png ${r.bytes} bytes`, structured, images };
}

export const uiClipboard = defineTool({
  name: 'ui_clipboard',
  title: 'Clipboard',
  kind: 'action',
  description: 'Read or write the clipboard.',
  input: ClipboardToolInput,
  output: ClipboardToolOutput,
  async run(input, ctx) {
    if (input.op === 'read') {
      return readAnswer(
        await callMethod(ctx, 'clipboard.read', { format: input.format ?? 'text' }),
      );
    }
    const { text, html, image } = input;
    const r = await callMethod(ctx, 'clipboard.write', { text, html, image });
    return { text: `wrote ${r.formats.join(',')} (${r.bytes} bytes)`, structured: r };
  },
});
