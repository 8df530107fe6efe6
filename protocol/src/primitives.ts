/**
 * Primitive wire types shared by every message: references, geometry and the
 * control-type / state / pattern vocabularies. UIA's control types are the
 * canonical list; other backends map their roles onto it.
 */
import { z } from 'zod';

/** Opaque element reference minted by the server (`e42`), stable for the element's life. */
export const ElementRef = z
  .string()
  .regex(/^e\d+$/, 'an element ref looks like e12')
  .describe('Element reference (e12), stable for the element’s life');
export type ElementRef = z.infer<typeof ElementRef>;

/** Opaque window reference (`w3`), stable while the window exists. */
export const WindowRef = z
  .string()
  .regex(/^w\d+$/, 'a window ref looks like w3')
  .describe('Window reference (w3)');
export type WindowRef = z.infer<typeof WindowRef>;

/** A window named by its ref (w3) or by a case-insensitive part of its title. */
export const WindowSelector = z
  .string()
  .min(1)
  .max(512)
  .describe('Window ref (w3) or a case-insensitive part of the window title');
export type WindowSelector = z.infer<typeof WindowSelector>;

/** Cache revision: every change to the cached tree bumps it by one. */
export const Revision = z.number().int().nonnegative().describe('Cache revision');
export type Revision = z.infer<typeof Revision>;

/** Screen rectangle in physical pixels. */
export const Rect = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type Rect = z.infer<typeof Rect>;

export const Point = z.object({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof Point>;

/** UIA control types (UIA_*ControlTypeId 50000..50040), in ID order. */
export const CONTROL_TYPES = [
  'Button',
  'Calendar',
  'CheckBox',
  'ComboBox',
  'Edit',
  'Hyperlink',
  'Image',
  'ListItem',
  'List',
  'Menu',
  'MenuBar',
  'MenuItem',
  'ProgressBar',
  'RadioButton',
  'ScrollBar',
  'Slider',
  'Spinner',
  'StatusBar',
  'Tab',
  'TabItem',
  'Text',
  'ToolBar',
  'ToolTip',
  'Tree',
  'TreeItem',
  'Custom',
  'Group',
  'Thumb',
  'DataGrid',
  'DataItem',
  'Document',
  'SplitButton',
  'Window',
  'Pane',
  'Header',
  'HeaderItem',
  'Table',
  'TitleBar',
  'Separator',
  'SemanticZoom',
  'AppBar',
] as const;
export const ControlType = z.enum(CONTROL_TYPES);
export type ControlType = z.infer<typeof ControlType>;

/** Numeric UIA control type ID for a control type name. */
export function controlTypeId(type: ControlType): number {
  return 50000 + CONTROL_TYPES.indexOf(type);
}

/**
 * Element states. Toggleable elements carry exactly one of checked / unchecked / mixed;
 * expandable ones one of expanded / collapsed. `active` marks the foreground window.
 */
export const STATES = [
  'enabled',
  'focused',
  'focusable',
  'selected',
  'selectable',
  'checked',
  'unchecked',
  'mixed',
  'expanded',
  'collapsed',
  'offscreen',
  'readonly',
  'password',
  'modal',
  'multiselectable',
  'editable',
  'active',
  'minimized',
  'maximized',
  'busy',
  'required',
] as const;
export const State = z.enum(STATES);
export type State = z.infer<typeof State>;

/** Control patterns an element supports (UIA names; AT-SPI interfaces map onto them). */
export const PATTERNS = [
  'Invoke',
  'Value',
  'RangeValue',
  'Toggle',
  'ExpandCollapse',
  'SelectionItem',
  'Selection',
  'Scroll',
  'ScrollItem',
  'Text',
  'Window',
  'Grid',
  'Table',
] as const;
export const Pattern = z.enum(PATTERNS);
export type Pattern = z.infer<typeof Pattern>;

/** Text matching mode for name/title filters. */
export const MatchMode = z.enum(['contains', 'equals', 'regex']);
export type MatchMode = z.infer<typeof MatchMode>;
