/**
 * How tool parameters show in tools/list, one table for every tool. Every parameter stays
 * accepted (the zod schemas are the contract, and an unknown key is answered with the accepted
 * ones); this table only decides what each listing spends tokens on. `hidden` parameters are
 * tuning knobs an agent rarely needs, documented in the README; `description` replaces a wire
 * description written for people with a shorter one (empty: none, the name says it).
 *
 * A key is a parameter's path from the root of the input (`waitMs`, `target.window`), optionally
 * scoped to one tool (`ui_click:target.x`) or to the acting tools (`action:waitMs`). The most
 * specific key wins.
 */
import type { ToolKind } from './types.js';

export interface ParamListing {
  hidden?: boolean;
  description?: string;
}

const hidden = { hidden: true } as const;
const shown = { hidden: false } as const;

export const PARAM_LISTING: Readonly<Record<string, ParamListing>> = {
  // Action tuning: the defaults fit agents; harnesses set them by name.
  'action:timeoutMs': { description: '' },
  'action:waitMs': hidden,
  'action:dryRun': hidden,
  'action:settleMs': hidden,
  'action:allowInput': hidden,
  'action:includePatches': hidden,
  // Failure screenshots come by default; `screenshot: true` asks for one after success too.
  'action:screenshot': { description: '' },
  'action:screenshotDelayMs': hidden,
  // A target is mostly a ref or a name; the rarer find filters stay accepted.
  'target.caseSensitive': hidden,
  'target.within': hidden,
  'target.maxDepth': hidden,
  'target.value': hidden,
  'target.nameMatch': hidden,
  'target.app': hidden,
  'target.x': hidden,
  'target.y': hidden,
  'ui_click:target.x': shown,
  'ui_click:target.y': shown,
  'target.ref': { description: '' },
  'target.window': { description: 'Window ref or title' },
  // The locator of ocr_element: the same trim as an action target.
  'ocr_element:caseSensitive': hidden,
  'ocr_element:within': hidden,
  'ocr_element:maxDepth': hidden,
  'ocr_element:value': hidden,
  'ocr_element:nameMatch': hidden,
  'ocr_element:app': hidden,
  ref: { description: 'Element ref (e12)' },
  root: { description: 'Element ref (e12) to start from' },
  window: { description: 'Window ref (w3) or part of its title' },
  within: { description: 'Only under this element ref' },
  app: { description: 'App name or pid' },
  // Image tuning: maxWidth bounds the size; the rest have sensible defaults.
  'ui_screenshot:quality': hidden,
  'ui_screenshot:scale': hidden,
  'ui_screenshot:padding': hidden,
  'ui_ocr:padding': hidden,
  'ui_ocr:timeoutMs': hidden,
  'ui_find:visual': { description: 'OCR fallback' },
  'ui_events:controlTypes': hidden,
  'ui_events:within': hidden,
};

/** The listing rule of the parameter at `path` of `tool`'s input, if any. */
export function paramListing(
  tool: { name: string; kind: ToolKind },
  path: readonly string[],
): ParamListing | undefined {
  const key = path.join('.');
  return (
    PARAM_LISTING[`${tool.name}:${key}`] ??
    PARAM_LISTING[`${tool.kind}:${key}`] ??
    PARAM_LISTING[key]
  );
}
