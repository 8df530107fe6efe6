/**
 * UI Automation numbers used by the backend: property, pattern and event IDs, enums, CLSIDs,
 * IIDs and HRESULTs, as in UIAutomationClient.h / UIAutomationCoreApi.h / winerror.h
 * (checked against docs/platform-vocabulary.md). Pure data: safe to import on any platform.
 */

/** UIA_<Name>PropertyId values read through the CacheRequest. */
export const PROP = {
  RuntimeId: 30000,
  BoundingRectangle: 30001,
  ProcessId: 30002,
  ControlType: 30003,
  Name: 30005,
  HasKeyboardFocus: 30008,
  IsKeyboardFocusable: 30009,
  IsEnabled: 30010,
  AutomationId: 30011,
  ClassName: 30012,
  IsPassword: 30019,
  NativeWindowHandle: 30020,
  IsOffscreen: 30022,
  FrameworkId: 30024,
  IsExpandCollapsePatternAvailable: 30028,
  IsGridPatternAvailable: 30030,
  IsInvokePatternAvailable: 30031,
  IsRangeValuePatternAvailable: 30033,
  IsScrollPatternAvailable: 30034,
  IsScrollItemPatternAvailable: 30035,
  IsSelectionItemPatternAvailable: 30036,
  IsSelectionPatternAvailable: 30037,
  IsTablePatternAvailable: 30038,
  IsTextPatternAvailable: 30040,
  IsTogglePatternAvailable: 30041,
  IsValuePatternAvailable: 30043,
  IsWindowPatternAvailable: 30044,
  ValueValue: 30045,
  ValueIsReadOnly: 30046,
  RangeValueValue: 30047,
  RangeValueIsReadOnly: 30048,
  RangeValueMinimum: 30049,
  RangeValueMaximum: 30050,
  RangeValueSmallChange: 30052,
  SelectionCanSelectMultiple: 30060,
  ExpandCollapseState: 30070,
  WindowVisualState: 30075,
  WindowIsModal: 30077,
  SelectionItemIsSelected: 30079,
  ToggleState: 30086,
} as const;
export type PropertyName = keyof typeof PROP;

/** UIA_<Name>PatternId. */
export const PATTERN_ID = {
  Invoke: 10000,
  Selection: 10001,
  Value: 10002,
  RangeValue: 10003,
  Scroll: 10004,
  ExpandCollapse: 10005,
  Grid: 10006,
  Window: 10009,
  SelectionItem: 10010,
  Table: 10012,
  Text: 10014,
  Toggle: 10015,
  Transform: 10016,
  ScrollItem: 10017,
} as const;

/** UIA_<Name>EventId. */
export const EVENT_ID = {
  StructureChanged: 20002,
  MenuOpened: 20003,
  AutomationPropertyChanged: 20004,
  AutomationFocusChanged: 20005,
  MenuClosed: 20007,
  InvokeInvoked: 20009,
  SelectionItemElementSelected: 20012,
  TextChanged: 20015,
  WindowOpened: 20016,
  WindowClosed: 20017,
} as const;

export const TREE_SCOPE = {
  Element: 0x1,
  Children: 0x2,
  Descendants: 0x4,
  Subtree: 0x7,
} as const;

export const STRUCTURE_CHANGE = [
  'ChildAdded',
  'ChildRemoved',
  'ChildrenInvalidated',
  'ChildrenBulkAdded',
  'ChildrenBulkRemoved',
  'ChildrenReordered',
] as const;

export const SCROLL_AMOUNT = {
  LargeDecrement: 0,
  SmallDecrement: 1,
  NoAmount: 2,
  LargeIncrement: 3,
  SmallIncrement: 4,
} as const;
export const WINDOW_VISUAL_STATE = { Normal: 0, Maximized: 1, Minimized: 2 } as const;

export const CLSID = {
  CUIAutomation: 'ff48dba4-60ef-4201-aa87-54103eef594e',
  CUIAutomation8: 'e22ad333-b25f-460c-83d0-0581107395c9',
} as const;

export const IID = {
  IUnknown: '00000000-0000-0000-c000-000000000046',
  IUIAutomation: '30cbe57d-d9d0-452a-ab13-7ac5ac4825ee',
  IUIAutomation2: '34723aff-0c9d-49d0-9896-7ab52df8cd8a',
  IUIAutomation6: 'aae072da-29e3-413d-87a7-192dbf81ed10',
  FocusChangedEventHandler: 'c270f6b5-5c69-4290-9745-7a7f97169468',
  EventHandler: '146c3c17-f12e-4e22-8c27-f894b9b79c69',
  StructureChangedEventHandler: 'e81d1b4e-11c5-42f8-9754-e7036c79f054',
  PropertyChangedEventHandler: '40cd37d4-c756-4b0c-8c6f-bddfeeb13b50',
  InvokePattern: 'fb377fbe-8ea6-46d5-9c73-6499642d3059',
  ValuePattern: 'a94cd8b1-0844-4cd6-9d2d-640537ab39e9',
  TogglePattern: '94cf8058-9b8d-4ab9-8bfd-4cd0a33c8c70',
  ExpandCollapsePattern: '619be086-1f4e-4ee4-bafa-210128738730',
  SelectionItemPattern: 'a8efa66a-0fda-421a-9194-38021f3578ea',
  ScrollPattern: '88f4d42a-e881-459d-a77c-73bbbb7e02dc',
  ScrollItemPattern: 'b488300f-d015-4f19-9c29-bb595e3645ef',
  RangeValuePattern: '59213f4f-7346-49e5-b120-80555987a148',
  WindowPattern: '0faef453-9208-43ef-bbb2-3b485177864f',
  TransformPattern: 'a9b55844-a55d-4ef0-926d-569c16ff89bb',
} as const;

/** HRESULTs as unsigned 32-bit numbers. */
export const HR = {
  S_OK: 0,
  S_FALSE: 1,
  E_NOTIMPL: 0x80004001,
  E_NOINTERFACE: 0x80004002,
  E_POINTER: 0x80004003,
  E_FAIL: 0x80004005,
  E_ACCESSDENIED: 0x80070005,
  E_INVALIDARG: 0x80070057,
  REGDB_E_CLASSNOTREG: 0x80040154,
  UIA_E_ELEMENTNOTENABLED: 0x80040200,
  UIA_E_ELEMENTNOTAVAILABLE: 0x80040201,
  UIA_E_NOCLICKABLEPOINT: 0x80040202,
  UIA_E_PROXYASSEMBLYNOTLOADED: 0x80040203,
  UIA_E_NOTSUPPORTED: 0x80040204,
  UIA_E_INVALIDOPERATION: 0x80131509,
  UIA_E_TIMEOUT: 0x80131505,
  CO_E_OBJNOTCONNECTED: 0x800401fd,
  CO_E_NOTINITIALIZED: 0x800401f0,
  RPC_E_CALL_REJECTED: 0x80010001,
  RPC_E_SERVERFAULT: 0x80010105,
  RPC_E_CHANGED_MODE: 0x80010106,
  RPC_E_DISCONNECTED: 0x80010108,
  RPC_E_SERVERCALL_RETRYLATER: 0x8001010a,
  RPC_E_TIMEOUT: 0x8001011f,
  RPC_S_SERVER_UNAVAILABLE: 0x800706ba,
} as const;
