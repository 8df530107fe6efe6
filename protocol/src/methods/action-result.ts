/** What an action answers: the element, the window after, what changed, how it was done. */
import { z } from 'zod';
import { ElementSummary } from '../element.js';
import { Patch } from '../patch.js';
import { ElementRef, Rect, Revision, WindowRef } from '../primitives.js';
import { ActionShot } from './screen.js';

export const WindowState = z.object({
  ref: WindowRef,
  title: z.string(),
  foreground: z.boolean(),
  rect: Rect.nullable(),
});

/** What an action caused, from the patches seen during the settle period. */
export const ChangeSummary = z.object({
  opened: z.array(z.object({ ref: WindowRef, title: z.string() })),
  closed: z.array(z.object({ ref: WindowRef, title: z.string() })),
  focus: ElementSummary.nullable().describe('Where focus went, when it moved'),
  changed: z.array(
    z.object({ ref: ElementRef, name: z.string(), props: z.record(z.string(), z.unknown()) }),
  ),
  added: z.number().int(),
  removed: z.number().int(),
});
export type ChangeSummary = z.infer<typeof ChangeSummary>;

export const ActionResult = z.object({
  action: z.string(),
  dryRun: z.boolean(),
  method: z.enum(['pattern', 'input', 'none']).describe('How the action was carried out'),
  via: z
    .string()
    .optional()
    .describe(
      'What carried it out, when known: the pattern or platform call (Value, SelectChild), or the input (click, keyboard)',
    ),
  tookFocus: z
    .boolean()
    .describe('The action moved the keyboard focus or brought a window forward'),
  movedPointer: z.boolean().describe('The action moved the mouse pointer'),
  restored: z
    .array(z.enum(['focus', 'pointer']))
    .optional()
    .describe('What focusPolicy "keep" put back after the action'),
  element: ElementSummary.nullable(),
  window: WindowState.nullable(),
  durationMs: z.number(),
  revision: Revision,
  changes: ChangeSummary,
  patches: z.array(Patch).optional(),
  blockedBy: z
    .object({ ref: WindowRef, title: z.string() })
    .optional()
    .describe(
      'A modal dialog this action opened, which still blocks the pattern call (UIA modal quirk): act on it next',
    ),
  screenshot: ActionShot.optional(),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      'What went wrong after the effect was seen (the action is done: do not repeat it), e.g. focus that moved while typing',
    ),
});
export type ActionResult = z.infer<typeof ActionResult>;
