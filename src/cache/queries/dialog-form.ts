/**
 * The dialog region as a form: what a person filling the dialog sees, flat under the dialog's
 * own line. Fields, buttons and choices are lines; a label is a line beside its field (in tree
 * order); a list, table or tree is one line with its item count (its rows are read with a
 * snapshot of its ref); wrappers, images, scroll bars and the title bar say nothing. Hidden
 * subtrees (closed popovers, collapsed menus) are left out.
 */
import type { ControlType } from '../../../protocol/src/index.js';
import { toLine, type SnapshotLine } from '../snapshot.js';
import type { CachedNode } from '../tree.js';
import { startsHidden } from '../visibility.js';

/** What a person acts on; read without descending (a button's icon, a combo's menu). */
const CONTROLS = new Set<ControlType>([
  'Button',
  'SplitButton',
  'CheckBox',
  'RadioButton',
  'ComboBox',
  'Edit',
  'Document',
  'Spinner',
  'Slider',
  'Hyperlink',
  'TabItem',
  'ProgressBar',
  'Calendar',
]);

/** Collections shown as one line with their item count. */
const COLLECTIONS = new Set<ControlType>(['List', 'Table', 'Tree', 'DataGrid']);

/** Said by other regions (title bar, menu) or by nothing at all. */
const SILENT = new Set<ControlType>(['TitleBar', 'MenuBar', 'ScrollBar', 'Image', 'Separator']);

/** Which lines a budget keeps first: controls, then labels and lists. */
export type FormRank = (line: SnapshotLine) => number;

/** A form line's rank: the dialog first, then its controls, then the rest. */
export const formRank: FormRank = (line) => {
  if (line.depth === 0) return 0;
  return line.role === 'text' || line.states.some((s) => s.endsWith(' items')) ? 2 : 1;
};

/** The dialog's form lines: the dialog at depth 0, every control, label and list at depth 1. */
export function formLines(root: CachedNode): SnapshotLine[] {
  const lines: SnapshotLine[] = [toLine(root, 0)];
  const stack: CachedNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as CachedNode;
    if (startsHidden(node, node.parent)) continue;
    const type = node.props.controlType;
    if (SILENT.has(type)) continue;
    if (CONTROLS.has(type)) {
      lines.push(toLine(node, 1));
      continue;
    }
    if (COLLECTIONS.has(type)) {
      const line = toLine(node, 1);
      line.states.push(`${node.children.length} items`);
      lines.push(line);
      continue;
    }
    if (type === 'Text' && node.props.name !== '') lines.push(toLine(node, 1));
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as CachedNode);
  }
  return lines;
}
