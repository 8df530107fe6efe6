/** UI events as clients see them: derived from cache patches, carrying refs, sequence-numbered. */
import { z } from 'zod';
import { ElementSummary, WindowInfo } from './element.js';
import { ElementRef, WindowRef } from './primitives.js';

const base = {
  seq: z.number().int().nonnegative().describe('Global, gapless sequence number'),
  time: z.number().describe('Server time in ms since the epoch'),
};

export const BackendStatus = z.enum(['starting', 'ok', 'degraded', 'down', 'resyncing']);
export type BackendStatus = z.infer<typeof BackendStatus>;

export const PropertyChange = z.object({ from: z.unknown(), to: z.unknown() });

/**
 * One change of an element's text: `removed` characters at `start` replaced by `inserted`
 * (offsets in UTF-16 code units of the text before the change). Bounded: the inserted text is
 * capped and `truncated` says when it was cut; the element holds the whole text.
 */
export const TextChange = z.object({
  start: z.number().int().nonnegative().describe('Offset where the change begins'),
  removed: z.number().int().nonnegative().describe('Characters removed at start'),
  inserted: z.string().describe('Text inserted at start (capped at 1000 characters)'),
  truncated: z
    .literal(true)
    .optional()
    .describe('The inserted text was cut at the cap: read the element for the rest'),
});
export type TextChange = z.infer<typeof TextChange>;

export const UiEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('focus.changed'),
    element: ElementSummary.nullable(),
    previous: ElementRef.nullable(),
  }),
  z.object({
    ...base,
    type: z.literal('window.opened'),
    window: WindowInfo,
    partial: z
      .literal(true)
      .optional()
      .describe('Announced at a deadline before the window’s contents were all cached'),
  }),
  z.object({
    ...base,
    type: z.literal('window.closed'),
    window: WindowRef,
    title: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('window.activated'),
    window: WindowRef,
    title: z.string(),
  }),
  z.object({
    ...base,
    type: z.literal('structure.changed'),
    parent: ElementRef.nullable(),
    window: WindowRef.nullable(),
    added: z.array(ElementRef),
    removed: z.array(ElementRef),
  }),
  z.object({
    ...base,
    type: z.literal('property.changed'),
    element: ElementSummary,
    changes: z.record(z.string(), PropertyChange),
  }),
  z.object({
    ...base,
    type: z.literal('text.changed'),
    element: ElementSummary,
    change: TextChange,
    length: z.number().int().nonnegative().describe('Length of the whole text after the change'),
  }),
  z.object({
    ...base,
    type: z.literal('clipboard.changed'),
    formats: z.array(z.enum(['text', 'html', 'image'])).describe('Formats offered now'),
    owner: z
      .object({ app: z.string().optional(), pid: z.number().int().optional() })
      .nullable()
      .describe('The app that owns the clipboard; never the content'),
  }),
  z.object({
    ...base,
    type: z.literal('backend.status'),
    backend: z.string(),
    status: BackendStatus,
    reason: z.string().optional(),
  }),
]);
export type UiEvent = z.infer<typeof UiEvent>;
export type UiEventType = UiEvent['type'];
/** Event type names, for filters. */
export const UiEventTypeSchema = z.enum([
  'focus.changed',
  'window.opened',
  'window.closed',
  'window.activated',
  'structure.changed',
  'property.changed',
  'text.changed',
  'backend.status',
  'clipboard.changed',
]);
export const UI_EVENT_TYPES: readonly UiEventType[] = UiEventTypeSchema.options;

/** Event types a filter must name to receive: a filter without `types` leaves them out. */
export const OPT_IN_EVENT_TYPES: readonly UiEventType[] = ['clipboard.changed'];

/** Whether a `types` filter (undefined: none given) lets events of `type` through. */
export function typeAllowed(types: ReadonlySet<string> | null, type: string): boolean {
  return types === null ? !OPT_IN_EVENT_TYPES.includes(type as UiEventType) : types.has(type);
}
