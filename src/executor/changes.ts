/**
 * What an action caused, told from the patches seen while it ran and settled: windows opened
 * and closed, where focus went, which properties changed, how many elements came and went.
 */
import type {
  ChangeSummary,
  ElementNode,
  ElementSummary,
  Patch,
  WindowInfo,
} from '../../protocol/src/index.js';

/** What the summary needs from the cache: live nodes by ref. */
export interface NodeLookup {
  node(ref: string): ElementNode | undefined;
}

export function summarize(node: ElementNode): ElementSummary {
  const summary: ElementSummary = {
    ref: node.ref,
    controlType: node.controlType,
    name: node.name,
    rect: node.rect,
    window: node.window,
  };
  if (node.automationId !== undefined) summary.automationId = node.automationId;
  return summary;
}

export function emptyChanges(): ChangeSummary {
  return { opened: [], closed: [], focus: null, changed: [], added: 0, removed: 0 };
}

/** Fold patches, oldest first, into a ChangeSummary. */
export function summarizeChanges(patches: readonly Patch[], lookup: NodeLookup): ChangeSummary {
  const changes = emptyChanges();
  const changed = new Map<string, Record<string, unknown>>();
  let focusRef: string | null | undefined;
  for (const patch of patches) {
    switch (patch.op) {
      case 'window.opened':
        changes.opened.push({ ref: patch.window.ref, title: patch.window.title });
        break;
      case 'window.closed':
        changes.closed.push({ ref: patch.window, title: patch.title });
        break;
      case 'focus':
        focusRef = patch.ref;
        break;
      case 'update':
        changed.set(patch.ref, { ...changed.get(patch.ref), ...patch.props });
        break;
      case 'add':
        changes.added += patch.nodes.length;
        break;
      case 'remove':
        changes.removed += patch.refs.length;
        break;
      case 'reorder':
      case 'window.activated':
        break;
    }
  }
  const focused = focusRef === undefined || focusRef === null ? undefined : lookup.node(focusRef);
  changes.focus = focused === undefined ? null : summarize(focused);
  for (const [ref, props] of changed) {
    const name = lookup.node(ref)?.name ?? (typeof props.name === 'string' ? props.name : '');
    changes.changed.push({ ref, name, props });
  }
  return changes;
}

/** The window state part of an ActionResult. */
export function windowState(
  window: WindowInfo | undefined,
): { ref: string; title: string; foreground: boolean; rect: WindowInfo['rect'] } | null {
  if (window === undefined) return null;
  return {
    ref: window.ref,
    title: window.title,
    foreground: window.foreground,
    rect: window.rect,
  };
}
