/**
 * Random real actions for the drift measurement: toggles, text, slider values, tab selection and
 * focus on the widget factory, expanding, collapsing and selecting rows of gtk3-demo's tree
 * (which loads each demo's source into a text view), chosen by a seeded generator.
 */
import type {
  AccessibilityBackend,
  BackendNode,
  PatternAction,
} from '../../src/backends/backend.js';

export interface PlannedAction {
  id: string;
  kind: 'pattern' | 'focus';
  action?: PatternAction;
}

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Every action the drift run may take on these nodes (enabled ones only). */
function candidates(
  nodes: readonly BackendNode[],
  selectRows: boolean,
): ((rnd: () => number) => PlannedAction)[] {
  const enabled = nodes.filter((n) => n.props.states.includes('enabled'));
  const out: ((rnd: () => number) => PlannedAction)[] = [];
  for (const n of enabled) {
    const { patterns, controlType, range } = n.props;
    if (patterns.includes('Toggle') && controlType === 'CheckBox') {
      out.push(() => ({ id: n.id, kind: 'pattern', action: { pattern: 'Toggle' } }));
    }
    if (
      patterns.includes('Value') &&
      controlType === 'Edit' &&
      n.props.states.includes('editable')
    ) {
      out.push((rnd) => ({
        id: n.id,
        kind: 'pattern',
        action: { pattern: 'Value', value: `drift ${Math.floor(rnd() * 1e6)}` },
      }));
    }
    if (
      patterns.includes('RangeValue') &&
      controlType === 'Slider' &&
      range !== undefined &&
      range.max > range.min
    ) {
      out.push((rnd) => ({
        id: n.id,
        kind: 'pattern',
        action: {
          pattern: 'RangeValue',
          value: Math.round(range.min + rnd() * (range.max - range.min)),
        },
      }));
    }
    if (patterns.includes('ExpandCollapse') && controlType === 'DataItem') {
      out.push((rnd) => ({
        id: n.id,
        kind: 'pattern',
        action: { pattern: 'ExpandCollapse', op: rnd() < 0.5 ? 'expand' : 'collapse' },
      }));
    }
    if (
      selectRows &&
      controlType === 'DataItem' &&
      patterns.includes('SelectionItem') &&
      n.props.name !== ''
    ) {
      out.push(() => ({
        id: n.id,
        kind: 'pattern',
        action: { pattern: 'SelectionItem', op: 'select' },
      }));
    }
    if (controlType === 'TabItem' && patterns.includes('SelectionItem')) {
      out.push(() => ({
        id: n.id,
        kind: 'pattern',
        action: { pattern: 'SelectionItem', op: 'select' },
      }));
    }
    if (n.props.states.includes('focusable') && controlType === 'CheckBox') {
      out.push(() => ({ id: n.id, kind: 'focus' }));
    }
  }
  return out;
}

/**
 * Plan `count` random actions over the given nodes. `selectRows` includes selecting gtk3-demo
 * tree rows, each of which loads another demo's source and re-lays out the window (the hardest
 * case for keeping the cache equal to the desktop).
 */
export function planActions(
  nodes: readonly BackendNode[],
  count: number,
  seed: number,
  selectRows = false,
): PlannedAction[] {
  const rnd = seeded(seed);
  const pool = candidates(nodes, selectRows);
  if (pool.length === 0) throw new Error('no actionable elements for the drift run');
  return Array.from({ length: count }, () => pool[Math.floor(rnd() * pool.length)]!(rnd));
}

/** Perform one planned action; element_stale/action_failed are counted, not fatal. */
export async function perform(
  backend: AccessibilityBackend,
  planned: PlannedAction,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    if (planned.kind === 'focus') await backend.focus(planned.id, { signal });
    else if (planned.action !== undefined)
      await backend.performPattern(planned.id, planned.action, { signal });
    return true;
  } catch {
    return false;
  }
}
