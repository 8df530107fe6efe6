/**
 * The answer shapes of the single-tool `ui_automation` profile, for agents and harnesses that
 * already speak that contract. Elements are described with their bounding rectangle; the
 * backends report no monitor layout, so rectangles are relative to the virtual desktop and
 * `monitorIndex` is 0.
 */
import { z } from 'zod';
import { toWireError } from '../../errors.js';
import {
  ControlType,
  Pattern,
  Rect,
  type ElementNode,
  type ErrorCode,
} from '../../../protocol/src/index.js';

export const AUTOMATION_ACTIONS = [
  'find',
  'find_and_click',
  'find_and_type',
  'find_and_select',
  'invoke',
  'wait_for',
  'scroll_into_view',
  'focus',
  'drag',
  'get_text',
  'get_tree',
  'launch_app',
  'close_app',
  'clipboard',
  'window_state',
] as const;
export const AutomationAction = z.enum(AUTOMATION_ACTIONS);
export type AutomationAction = z.infer<typeof AutomationAction>;

export const AutomationElement = z.object({
  elementId: z.string(),
  automationId: z.string(),
  name: z.string(),
  controlType: ControlType,
  boundingRect: Rect.nullable(),
  monitorRelativeRect: Rect.nullable(),
  monitorIndex: z.number().int(),
  supportedPatterns: z.array(Pattern),
  isEnabled: z.boolean(),
  isOffscreen: z.boolean(),
});
export type AutomationElement = z.infer<typeof AutomationElement>;

export const Diagnostics = z.object({
  durationMs: z.number(),
  windowTitle: z.string(),
  elementsScanned: z.number().int(),
  multipleMatches: z.boolean().optional(),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

/** Failures this contract names; other wire codes pass through as themselves. */
const NAMED_ERRORS = new Set<ErrorCode>([
  'element_not_found',
  'timeout',
  'multiple_matches',
  'pattern_not_supported',
  'element_stale',
  'elevated_target',
  'scroll_exhausted',
  'window_not_found',
]);

/** One object for success and failure (MCP output schemas must be objects). */
export const AutomationAnswer = z.object({
  success: z.boolean(),
  action: z.string(),
  element: AutomationElement.optional(),
  elements: z.array(AutomationElement).optional(),
  text: z.string().optional(),
  errorType: z.string().optional(),
  errorMessage: z.string().optional(),
  diagnostics: Diagnostics,
});
export type AutomationAnswer = z.infer<typeof AutomationAnswer>;

export function toAutomationElement(n: ElementNode): AutomationElement {
  return {
    elementId: n.ref,
    automationId: n.automationId ?? '',
    name: n.name,
    controlType: n.controlType,
    boundingRect: n.rect,
    monitorRelativeRect: n.rect,
    monitorIndex: 0,
    supportedPatterns: n.patterns,
    isEnabled: n.states.includes('enabled'),
    isOffscreen: n.states.includes('offscreen'),
  };
}

/** The failure answer: errorType from the wire code (app_not_found reads as window_not_found). */
export function automationFailure(
  err: unknown,
  action: string,
  startedAt: number,
): AutomationAnswer {
  const wire = toWireError(err);
  const code = wire.code === 'app_not_found' ? 'window_not_found' : wire.code;
  return {
    success: false,
    action,
    errorType: NAMED_ERRORS.has(code) ? code : wire.code,
    errorMessage: wire.message,
    diagnostics: { durationMs: Date.now() - startedAt, windowTitle: '', elementsScanned: 0 },
  };
}
