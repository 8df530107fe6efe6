/**
 * AX roles and subroles -> the protocol's control types, as data (docs/macos.md lists the same
 * rows for the platform vocabulary). Role names are the kAX*Role / kAX*Subrole strings of
 * AXRoleConstants.h. A subrole row wins over its role's row; anything unknown is Custom.
 */
import type { ControlType } from '../../../protocol/src/index.js';

export const ROLE_TO_CONTROL_TYPE: Readonly<Record<string, ControlType>> = {
  AXApplication: 'Pane',
  AXBrowser: 'Tree',
  AXBusyIndicator: 'ProgressBar',
  AXButton: 'Button',
  AXCell: 'DataItem',
  AXCheckBox: 'CheckBox',
  AXColorWell: 'Button',
  AXColumn: 'Group',
  AXComboBox: 'ComboBox',
  AXDateField: 'Edit',
  AXDisclosureTriangle: 'Button',
  AXDrawer: 'Pane',
  AXGrid: 'DataGrid',
  AXGroup: 'Group',
  AXGrowArea: 'Thumb',
  AXHandle: 'Thumb',
  AXHeading: 'Text',
  AXHelpTag: 'ToolTip',
  AXImage: 'Image',
  AXIncrementor: 'Spinner',
  AXLayoutArea: 'Pane',
  AXLayoutItem: 'Group',
  AXLevelIndicator: 'ProgressBar',
  AXLink: 'Hyperlink',
  AXList: 'List',
  AXMenu: 'Menu',
  AXMenuBar: 'MenuBar',
  AXMenuBarItem: 'MenuItem',
  AXMenuButton: 'SplitButton',
  AXMenuItem: 'MenuItem',
  AXOutline: 'Tree',
  AXPopUpButton: 'ComboBox',
  AXPopover: 'Pane',
  AXProgressIndicator: 'ProgressBar',
  AXRadioButton: 'RadioButton',
  AXRadioGroup: 'Group',
  AXRelevanceIndicator: 'ProgressBar',
  AXRow: 'DataItem',
  AXRuler: 'Pane',
  AXScrollArea: 'Pane',
  AXScrollBar: 'ScrollBar',
  AXSheet: 'Window',
  AXSlider: 'Slider',
  AXSplitGroup: 'Pane',
  AXSplitter: 'Separator',
  AXStaticText: 'Text',
  AXTabGroup: 'Tab',
  AXTable: 'Table',
  AXTextArea: 'Document',
  AXTextField: 'Edit',
  AXTimeField: 'Edit',
  AXToolbar: 'ToolBar',
  AXUnknown: 'Custom',
  AXValueIndicator: 'Thumb',
  AXWebArea: 'Document',
  AXWindow: 'Window',
};

/** Subroles that refine their role's control type. */
export const SUBROLE_TO_CONTROL_TYPE: Readonly<Record<string, ControlType>> = {
  AXCloseButton: 'Button',
  AXContentList: 'List',
  AXDecrementArrow: 'Button',
  AXDecrementPage: 'Button',
  AXDefinitionList: 'List',
  AXDescriptionList: 'List',
  AXIncrementArrow: 'Button',
  AXIncrementPage: 'Button',
  AXOutlineRow: 'TreeItem',
  AXSearchField: 'Edit',
  AXSecureTextField: 'Edit',
  AXSortButton: 'HeaderItem',
  AXSwitch: 'CheckBox',
  AXTabButton: 'TabItem',
  AXTableRow: 'DataItem',
  AXTimeline: 'Slider',
  AXToggle: 'CheckBox',
  AXToolbarButton: 'Button',
  AXRatingIndicator: 'Slider',
  AXTextAttachment: 'Image',
};

/** The control type of an element with this role and subrole. */
export function controlTypeOf(role: string | null, subrole: string | null): ControlType {
  if (subrole !== null) {
    const bySubrole = SUBROLE_TO_CONTROL_TYPE[subrole];
    if (bySubrole !== undefined) return bySubrole;
  }
  return (role === null ? undefined : ROLE_TO_CONTROL_TYPE[role]) ?? 'Custom';
}

/** Roles whose AXValue is a number in a range (AXMinValue / AXMaxValue). */
export const RANGE_ROLES: ReadonlySet<string> = new Set([
  'AXSlider',
  'AXIncrementor',
  'AXProgressIndicator',
  'AXLevelIndicator',
  'AXScrollBar',
  'AXValueIndicator',
]);

/** Roles whose AXValue is a checked state: 0 off, 1 on, 2 mixed. */
export const TOGGLE_ROLES: ReadonlySet<string> = new Set(['AXCheckBox', 'AXRadioButton']);

/** Roles whose AXValue is editable text. */
export const TEXT_ROLES: ReadonlySet<string> = new Set([
  'AXTextField',
  'AXTextArea',
  'AXComboBox',
  'AXDateField',
  'AXTimeField',
]);
