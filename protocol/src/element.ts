/** The element node, window and app descriptions as they cross the wire. */
import { z } from 'zod';
import {
  ControlType,
  ElementRef,
  Pattern,
  Rect,
  Revision,
  State,
  WindowRef,
} from './primitives.js';

/** Range of a RangeValue element (slider, progress bar, spinner). */
export const RangeInfo = z.object({
  value: z.number(),
  min: z.number(),
  max: z.number(),
  step: z.number().optional(),
});
export type RangeInfo = z.infer<typeof RangeInfo>;

/** One cached element. Optional fields are omitted when empty to keep payloads small. */
export const ElementNode = z.object({
  ref: ElementRef,
  window: WindowRef.nullable().describe('Top-level window this element belongs to'),
  parent: ElementRef.nullable(),
  controlType: ControlType,
  name: z.string(),
  automationId: z.string().optional(),
  className: z.string().optional(),
  value: z.string().optional().describe('Value pattern value or text content'),
  range: RangeInfo.optional(),
  rect: Rect.nullable(),
  states: z.array(State),
  patterns: z.array(Pattern),
  pid: z.number().int().optional(),
  app: z.string().optional(),
  childCount: z.number().int().nonnegative(),
});
export type ElementNode = z.infer<typeof ElementNode>;

/** Fields a caller may select on `elements.get`. */
export const ElementField = z.enum([
  'ref',
  'window',
  'parent',
  'controlType',
  'name',
  'automationId',
  'className',
  'value',
  'range',
  'rect',
  'states',
  'patterns',
  'pid',
  'app',
  'childCount',
]);
export type ElementField = z.infer<typeof ElementField>;

/** A nested tree as returned by `tree.get`. */
export interface TreeNode extends ElementNode {
  children: TreeNode[];
}
export const TreeNode: z.ZodType<TreeNode> = ElementNode.extend({
  get children() {
    return z.array(TreeNode);
  },
});

/** The short form of an element used in results and events. */
export const ElementSummary = z.object({
  ref: ElementRef,
  controlType: ControlType,
  name: z.string(),
  automationId: z.string().optional(),
  rect: Rect.nullable(),
  window: WindowRef.nullable(),
});
export type ElementSummary = z.infer<typeof ElementSummary>;

/** How a top-level window is shown. */
export const WindowStateName = z.enum(['normal', 'minimized', 'maximized', 'fullscreen']);
export type WindowStateName = z.infer<typeof WindowStateName>;

/** A top-level window. */
export const WindowInfo = z.object({
  ref: WindowRef,
  element: ElementRef.describe('The window’s own element'),
  title: z.string(),
  app: z.string(),
  pid: z.number().int().optional(),
  rect: Rect.nullable(),
  minimized: z.boolean(),
  maximized: z.boolean(),
  foreground: z.boolean(),
  modal: z.boolean(),
  state: WindowStateName.optional().describe('windows.list: as the platform reports it now'),
  monitor: z.number().int().nullable().optional().describe('Monitor holding most of it'),
  z: z.number().int().optional().describe('Stacking order, 0 = topmost'),
});
export type WindowInfo = z.infer<typeof WindowInfo>;

/** A running application. */
export const AppInfo = z.object({
  id: z.string().describe('Backend identity of the app (bus name, process id, sim id)'),
  name: z.string(),
  pid: z.number().int().optional(),
  windows: z.array(WindowRef),
});
export type AppInfo = z.infer<typeof AppInfo>;

/**
 * What the server last knew of an element, so a caller holding a stale ref can re-find it.
 * `path` lists control types and names from the window down.
 */
export const ElementLocator = z.object({
  window: z.string().optional().describe('Title of the window it lived in'),
  controlType: ControlType,
  name: z.string(),
  automationId: z.string().optional(),
  path: z.array(z.string()),
});
export type ElementLocator = z.infer<typeof ElementLocator>;

/** Every read answers with the revision it reflects. */
export const AtRevision = z.object({ revision: Revision });
