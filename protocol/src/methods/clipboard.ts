/**
 * The system clipboard: read one format, write text, HTML and/or a PNG image. Data crosses the
 * wire in one frame, so its size is bounded by the server's frame limit (`maxPayloadBytes`).
 * Reading while a denied app owns the clipboard answers `denied`; `--no-clipboard` refuses both.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { ImageBytes } from './screen.js';

export const ClipboardFormat = z.enum(['text', 'html', 'image']);
export type ClipboardFormat = z.infer<typeof ClipboardFormat>;

/** The app that put the data there, when the platform tells. */
export const ClipboardOwner = z.strictObject({
  app: z.string().optional(),
  pid: z.number().int().optional(),
});
export type ClipboardOwner = z.infer<typeof ClipboardOwner>;

export const ClipboardReadParams = z.strictObject({
  format: ClipboardFormat.default('text').describe('image: PNG'),
});

export const ClipboardReadResult = z.strictObject({
  format: ClipboardFormat,
  formats: z.array(ClipboardFormat).describe('Formats the clipboard offers now'),
  owner: ClipboardOwner.nullable(),
  data: z
    .union([z.string(), ImageBytes])
    .optional()
    .describe('Absent when that format is not offered; image: PNG bytes'),
  bytes: z.number().int().describe('Size of the data in bytes (UTF-8 for text)'),
});
export type ClipboardReadResult = z.infer<typeof ClipboardReadResult>;

/** At least one of the three (checked by the server: invalid_params otherwise). */
export const ClipboardWriteParams = z.strictObject({
  text: z.string().optional(),
  html: z.string().optional().describe('With text: the plain alternative'),
  image: ImageBytes.optional().describe('PNG'),
});

export const ClipboardWriteResult = z.strictObject({
  formats: z.array(ClipboardFormat).describe('Formats offered, as read back'),
  bytes: z.number().int(),
  dryRun: z.literal(true).optional().describe('Validated only: the server runs --dry-run'),
});
export type ClipboardWriteResult = z.infer<typeof ClipboardWriteResult>;

export const clipboardWrite = defineMethod({
  name: 'clipboard.write',
  kind: 'act',
  mcp: { tool: 'ui_clipboard', automation: 'clipboard' },
  summary: 'Put text, HTML and/or a PNG image on the clipboard.',
  params: ClipboardWriteParams,
  result: ClipboardWriteResult,
});

// Listed after the write: the shared MCP tool takes the kind of the last method bound to it,
// and reading stays allowed on a read-only server.
export const clipboardRead = defineMethod({
  name: 'clipboard.read',
  kind: 'read',
  mcp: { tool: 'ui_clipboard', automation: 'clipboard' },
  summary: 'Read the clipboard as text, HTML or a PNG image, with its formats and owner.',
  params: ClipboardReadParams.default({ format: 'text' }),
  result: ClipboardReadResult,
});

export const clipboardMethods = [clipboardWrite, clipboardRead] as const;
