/**
 * Text attributes: runs of an element's text that share their formatting (weight, style,
 * underline, font, size, colours), read from the app on request (AT-SPI Text.GetAttributeRun,
 * UIA TextRange attributes): the cache keeps no formatting.
 */
import { z } from 'zod';
import { defineMethod } from '../define.js';
import { ElementRef, Revision } from '../primitives.js';

/** What a run's formatting is; a field is absent when the toolkit does not say. */
export const TextAttributes = z.object({
  weight: z.number().int().optional().describe('400 normal, 700 bold'),
  style: z.enum(['normal', 'italic', 'oblique']).optional(),
  underline: z.enum(['none', 'single', 'double', 'low', 'error']).optional(),
  strikethrough: z.boolean().optional(),
  font: z.string().optional().describe('Font family'),
  size: z.number().optional().describe('Points'),
  color: z.string().optional().describe('Foreground, #rrggbb'),
  background: z.string().optional().describe('#rrggbb'),
});
export type TextAttributes = z.infer<typeof TextAttributes>;

export const TextRun = z.object({
  start: z.number().int().describe('First character'),
  end: z.number().int().describe('After the last character'),
  text: z.string(),
  attributes: TextAttributes,
});
export type TextRun = z.infer<typeof TextRun>;

export const elementsTextAttributes = defineMethod({
  name: 'elements.textAttributes',
  kind: 'read',
  summary: 'Runs of an element’s text with their formatting, read from the app.',
  mcp: { tool: 'ui_text_attributes' },
  params: z.object({
    ref: ElementRef,
    start: z.number().int().min(0).default(0).describe('First character to read'),
    end: z.number().int().min(0).optional().describe('Stop before this character'),
    maxRuns: z.number().int().min(1).max(500).default(50),
  }),
  result: z.object({
    revision: Revision,
    runs: z.array(TextRun),
    truncated: z.boolean().describe('More runs follow: read on from the last run’s end'),
  }),
});

export const textMethods = [elementsTextAttributes] as const;
